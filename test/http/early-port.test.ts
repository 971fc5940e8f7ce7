import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { takePortEarly } from '../../src/http/early-port.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { freePort } from '../helpers/ports.js';

/** A connection to `port`, once it accepts one (tried every 5 ms, for up to 30 s). */
async function connectWhenListening(port: number): Promise<Socket> {
  for (const until = Date.now() + 30_000; Date.now() < until; await sleep(5)) {
    const socket = await new Promise<Socket | undefined>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => resolve(s));
      s.once('error', () => resolve(undefined));
    });
    if (socket) return socket;
  }
  throw new Error(`nothing listened on ${port} within 30 s`);
}

/** Sends `{ __typename }` on `socket` and reads the answer to the end: its status line and body, or '' when the connection was closed unanswered. */
async function typename(socket: Socket): Promise<{ status: string; body: string }> {
  const body = JSON.stringify({ query: '{ __typename }' });
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    answer += chunk;
  });
  const ended = new Promise((resolve) => socket.once('close', resolve));
  socket.on('error', () => undefined);
  socket.write(
    `POST /graphql HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
  );
  await ended;
  return { status: answer.split('\r\n')[0] ?? '', body: answer.slice(answer.indexOf('\r\n\r\n') + 4) };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A node:http server answering every request with its URL, as the gateway's would be handed the port. */
function answering(): Server {
  const server = createServer((req, res) => res.end(`answered ${req.method} ${req.url}`));
  servers.push(server);
  return server;
}

describe('takePortEarly', () => {
  it('holds the connections made before the server is ready, unanswered, and hands them and the port to it', async () => {
    const port = await freePort();
    const early = takePortEarly(port, '127.0.0.1', (error) => {
      throw error;
    })!;
    await early.bound;
    const first = await connectWhenListening(port);
    const second = await connectWhenListening(port);
    const answers = [typename(first), typename(second)];
    let answered = false;
    void Promise.all(answers).then(() => (answered = true));
    await sleep(200);
    expect(answered).toBe(false);

    const server = answering();
    let listening = false;
    early.handTo(server, () => (listening = true));
    const [a, b] = await Promise.all(answers);
    expect(a).toEqual({ status: 'HTTP/1.1 200 OK', body: 'answered POST /graphql' });
    expect(b).toEqual({ status: 'HTTP/1.1 200 OK', body: 'answered POST /graphql' });
    expect(listening).toBe(true);
    expect(server.address()).toMatchObject({ port });

    // Later connections are the server's own, and closing it closes the port.
    expect(await (await fetch(`http://127.0.0.1:${port}/later`)).text()).toBe('answered GET /later');
    await new Promise((resolve) => server.close(resolve));
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('hands over once the port is bound when asked before', async () => {
    const port = await freePort();
    const early = takePortEarly(port, '127.0.0.1', (error) => {
      throw error;
    })!;
    // Even an address is looked up first, at the next turn: nothing is bound yet.
    const server = answering();
    const listening = new Promise<void>((resolve) => early.handTo(server, resolve));
    await listening;
    expect(await (await fetch(`http://127.0.0.1:${port}/x`)).text()).toBe('answered GET /x');
  });

  it('closes the connections past the most it holds; those it holds are answered', async () => {
    const port = await freePort();
    const early = takePortEarly(
      port,
      '127.0.0.1',
      (error) => {
        throw error;
      },
      2,
    )!;
    await early.bound;
    const sockets = [];
    for (let i = 0; i < 4; i++) sockets.push(await connectWhenListening(port));
    const answers = sockets.map(typename);
    // The two past the limit are closed while the gateway starts, unanswered.
    await sleep(200);
    early.handTo(answering(), () => undefined);
    const statuses = (await Promise.all(answers)).map((a) => a.status);
    expect(statuses).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK', '', '']);
  });

  it('reports a port it cannot take, as the server would', async () => {
    const taken = createNetServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const errors: NodeJS.ErrnoException[] = [];
      const early = takePortEarly(port, '127.0.0.1', (error) => errors.push(error))!;
      await early.bound;
      expect(errors.map((e) => e.code)).toEqual(['EADDRINUSE']);
      // Handed over anyway, the server asks for the port itself, and hears why in its own error.
      const server = answering();
      const refused = new Promise<NodeJS.ErrnoException>((resolve) => server.once('error', resolve));
      early.handTo(server, () => undefined);
      expect((await refused).code).toBe('EADDRINUSE');
    } finally {
      taken.close();
    }
  });
});

describe('npm start', () => {
  it('takes its port as it begins: a client that connects while the graph is built is answered once the gateway is ready', async () => {
    const port = await freePort();
    let ready = false;
    const starting = startGatewayProcess(undefined, { PORT: String(port), SANDBOX: 'off' });
    const gateway = starting.then((gw) => {
      ready = true;
      return gw;
    });
    try {
      const socket = await connectWhenListening(port);
      // Accepted before the gateway said it was ready, and answered after.
      expect(ready).toBe(false);
      const answer = await typename(socket);
      expect(ready).toBe(true);
      expect(answer.status).toBe('HTTP/1.1 200 OK');
      expect(JSON.parse(answer.body)).toMatchObject({ data: { __typename: 'Query' } });
    } finally {
      await (await gateway).stop();
    }
  }, 60_000);
});
