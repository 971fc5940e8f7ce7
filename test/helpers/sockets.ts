/**
 * Clients over real sockets: for the tests of src/http/server.ts's rate limits, each on its own
 * loopback address (127.0.0.2, .3, ...), as distinct clients would be; and clients that do not
 * read what they asked for, for the bounds on slow consumers (also driven by bench/slow-consumers.ts).
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';

const QUERY = JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' });

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** A client on one loopback address, POSTing the query (one upstream call when served). */
export function client(localAddress: string) {
  const dispatcher = new Agent({ localAddress });
  return {
    localAddress,
    /** POSTs `body` (by default a query of one upstream call). */
    async post(url: string, headers: Record<string, string> = {}, body = QUERY): Promise<Answer> {
      const res = await request(url, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: await res.body.json() };
    },
    /** GETs `url` (a probe, a page): its status, headers and body as text. */
    async get(url: string, headers: Record<string, string> = {}) {
      const res = await request(url, { method: 'GET', dispatcher, headers });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, text: await res.body.text() };
    },
    close: () => dispatcher.close(),
  };
}

/** `n` requests at once; the answers, and how long they took. */
export async function flood(n: number, send: (i: number) => Promise<Answer>) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const elapsedMs = performance.now() - started;
  return { answers, elapsedMs, served: answers.filter((a) => a.status === 200).length, refused: answers.filter((a) => a.status === 429) };
}

/**
 * The fewest of the one-call QUERY a bucket of `burst` points lets through at once: each costs its
 * call and a tenth of a point (src/guards/limiter.ts), settled as it ends.
 */
export const atLeast = (burst: number) => Math.floor(burst / 1.1);

/** At 10 tokens a second, what a bucket of 20 can have let through in `elapsedMs` (one token of slack). */
export const atMost = (burst: number, perSecond: number, elapsedMs: number) => burst + Math.ceil((elapsedMs / 1000) * perSecond) + 1;

/** A client-to-server WebSocket text frame (masked, as clients must send them). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))]);
}

/** What a server sent on a WebSocket: its text messages (parsed), and the close frame's code if one came. */
export interface Received {
  messages: any[];
  closeCode?: number;
  /** Whether the gateway had ended the connection before the client read anything. */
  endedBeforeRead: boolean;
}

/** The server's (unmasked) frames after the upgrade's answer. */
function framesOf(data: Buffer): Omit<Received, 'endedBeforeRead'> {
  const received: Omit<Received, 'endedBeforeRead'> = { messages: [] };
  let at = data.indexOf('\r\n\r\n') + 4;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = data.readUInt16BE(at + 2);
      start = at + 4;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(at + 2));
      start = at + 10;
    }
    if (start + length > data.length) break;
    const payload = data.subarray(start, start + length);
    if (opcode === 0x1) received.messages.push(JSON.parse(payload.toString()));
    if (opcode === 0x8) received.closeCode = length >= 2 ? payload.readUInt16BE(0) : 1005;
    at = start + length;
  }
  return received;
}

export interface LazySocket {
  /** Sends a graphql-transport-ws message; false once the connection is gone. */
  send(message: object): boolean;
  /** Whether the gateway ended the connection. */
  readonly ended: boolean;
  /** Reads what is waiting, for up to `ms`, then closes the connection. */
  readAll(ms?: number): Promise<Received>;
}

/**
 * A graphql-transport-ws client that does not read: it opens the socket, initialises it and
 * sends what it is told, and reads only at `readAll()`. A WebSocket library would read for it.
 * `headers` go with the upgrade (`x-forwarded-for`, for a gateway that trusts loopback as its proxy,
 * makes it another client).
 */
export async function lazySocket(gatewayUrl: string, headers: Record<string, string> = {}): Promise<LazySocket> {
  const { port } = new URL(gatewayUrl);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  let ended = false;
  socket.once('close', () => (ended = true));
  socket.write(
    'GET /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n' +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
  );
  socket.pause();
  await sleep(100);
  socket.write(frame(JSON.stringify({ type: 'connection_init' })));
  // A client waits for connection_ack before it subscribes; this one cannot read it, so it waits long enough.
  await sleep(300);
  return {
    send: (message) => !ended && socket.write(frame(JSON.stringify(message))),
    get ended() {
      return ended;
    },
    async readAll(ms = 5_000) {
      const endedBeforeRead = ended;
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.resume();
      await Promise.race([new Promise((resolve) => socket.once('close', resolve)), sleep(ms)]);
      socket.destroy();
      return { ...framesOf(Buffer.concat(chunks)), endedBeforeRead };
    },
  };
}
