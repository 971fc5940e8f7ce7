/**
 * GraphQL over WebSocket (the graphql-transport-ws protocol of graphql-ws) at /graphql, on the
 * gateway's HTTP server: src/http/server.ts hands it the `upgrade` requests. Operations run through
 * yoga's envelop pipeline (as yoga's graphql-ws recipe does), so the query limits, error codes
 * and context are those of HTTP requests. ws and graphql-ws are loaded on the first upgrade: an
 * instance nobody opens a socket to never loads them.
 *
 * A socket is no way around the HTTP bounds: each operation draws from its client's rate-limit
 * buckets (a refusal is that operation's RATE_LIMITED error; the socket stays open), a socket
 * runs at most WS_MAX_OPERATIONS_PER_SOCKET operations at once, and a client (its address) holds
 * at most WS_MAX_SOCKETS_PER_CLIENT sockets. A socket that sends no `connection_init` within 3 s,
 * or misses a ping's pong, is closed (graphql-ws's timers, stated here).
 *
 * A client that does not read cannot make the gateway hold its answers: once a socket has
 * WS_MAX_BUFFERED_BYTES waiting unsent (ws's `bufferedAmount`: what its `send` queued and the
 * kernel has not taken), nothing more is queued and the socket is closed with 1008 (policy
 * violation; ws drops the connection if the close is not through in 30 s). Before that, answers
 * are built only as fast as the client reads (`run`), and subscriptions wait for each event's
 * send, so what piles up is mostly pongs to pings sent faster than they are read.
 *
 * A client's sockets together, and all clients together, are bounded too (./held-bytes.ts): each
 * message counts toward its client's held bytes until the kernel takes it, and each query or
 * mutation, from when it starts until its answer is handed to `send`, counts at what its price
 * says its answer holds. An operation due to start while its client holds MAX_HELD_BYTES_PER_CLIENT,
 * or the instance MAX_HELD_BYTES, does not run: it is answered with a `QUERY_LIMIT_EXCEEDED` error
 * (`limit: heldBytesPerClient` or `heldBytes`), as one sent then is. A client past its own bound
 * is not read from either, on any of its sockets, until it reads: a flood of messages it sends
 * meanwhile costs the gateway neither memory nor time (and a socket whose pongs are not read is
 * dropped by the keep-alive). An operation that waits on a socket that closes never runs: nobody
 * would read its answer.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionArgs } from 'graphql';
import type { WebSocket, WebSocketServer } from 'ws';
import { ErrorCode, limitExceeded, refusedDocument } from '../graphql/errors.js';
import type { Gateway } from '../gateway/gateway.js';
import { clientOf } from '../yoga/use-prometheus.js';
import { estimateOf } from '../yoga/use-demand-control.js';
import { answerBytes, type HeldBytes, type HeldRefusal } from './held-bytes.js';

/** Headers of the upgrade request as a fetch Request carries them, for the context (API key, forwarded-for, authorization). */
function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header fetch refuses to carry is not one the context reads.
    }
  }
  return headers;
}

/**
 * A result without what only HTTP reads (`extensions.http`: the ETag of a kept answer, a status),
 * which yoga's HTTP result processor takes out and a socket must not send.
 */
function withoutHttp(result: unknown): unknown {
  const extensions = (result as { extensions?: Record<string, unknown> } | null)?.extensions;
  if (!extensions || !('http' in extensions)) return result;
  const { http: _http, ...rest } = extensions;
  const { extensions: _all, ...whole } = result as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? { ...whole, extensions: rest } : whole;
}

/** An error as a socket sends it: without the HTTP status yoga's validation adds for its HTTP answer. */
function withoutHttpError(error: GraphQLError): GraphQLError {
  if (!error.extensions || !('http' in error.extensions)) return error;
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

export interface SocketLimits {
  maxPayload: number;
  /** Bytes one socket may have queued for its client, unsent (WS_MAX_BUFFERED_BYTES). */
  maxBufferedBytes: number;
  /** Operations one socket runs at once (WS_MAX_OPERATIONS_PER_SOCKET). */
  maxOperationsPerSocket: number;
  /** Sockets one client, by address, holds open (WS_MAX_SOCKETS_PER_CLIENT). */
  maxSocketsPerClient: number;
  /** What is held for each client's answers, and for the instance's (MAX_HELD_BYTES_PER_CLIENT, MAX_HELD_BYTES). */
  held: HeldBytes;
}

/** How often a socket is pinged; one that has not answered by the next ping is dropped (graphql-ws's keep-alive). */
const KEEPALIVE_MS = 12_000;
/** How long a socket may stay open without `connection_init` (graphql-ws's default, stated). */
const INIT_WAIT_MS = 3_000;
/**
 * Messages a socket may have unsent whatever their size: a queued write holds a few KB of objects
 * beside its bytes, so 4 MB of 26-byte pongs would hold far more than 4 MB. A client that reads
 * has at most one per subscription (each waits for its send) and its operations' answers.
 */
const MAX_UNSENT_MESSAGES = 1_000;
/**
 * Queries and mutations one socket builds answers for at once; the others of its
 * WS_MAX_OPERATIONS_PER_SOCKET wait their turn. As many as a browser's connections to one host.
 */
const MAX_RUNNING_PER_SOCKET = 6;
/** 1008, policy violation: the client broke the gateway's rule, here by not reading. */
const NOT_READING = 1008;
/** The refusal of an operation that arrives on a closing socket: never sent, so made once. */
const CLOSED = new GraphQLError('The socket is closing.');

export interface GraphQLSockets {
  /** Upgrades the request, or, when its client holds WS_MAX_SOCKETS_PER_CLIENT sockets already, says why not. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): string | undefined;
  /** Closes every socket (1001, going away): their clients reconnect to another instance. */
  close(): void;
}

/** ws's socket class, with `send` bounded and operations queued (BoundedSocket). */
type SocketClass = typeof import('ws').WebSocket;

/** The error an operation is answered with when its client, or the instance, holds too much. */
function heldError(refusal: HeldRefusal): GraphQLError {
  return new GraphQLError(refusal.message, {
    extensions: { code: refusal.code, limit: refusal.limit, held: refusal.held, allowed: refusal.allowed },
  });
}

/**
 * ws's socket, counting for its client in `held` (`hold`) what it has unsent and the answers it
 * builds: a client's sockets together are bounded as one (./held-bytes.ts).
 */
function heldSocket(Socket: SocketClass) {
  return class HeldSocket extends Socket {
    /** Whose answers it carries, and where they are counted (`own`, on connection). */
    private client = '';
    private held?: HeldBytes;
    /** What this socket counts in `held` now; given back whole when it closes. */
    private holding = 0;

    /** Counts what this socket holds toward `client`'s bound in `held`, from now until it closes. */
    own(client: string, held: HeldBytes): void {
      this.client = client;
      this.held = held;
      this.once('close', () => this.release(this.holding));
    }

    /** Why an operation of this socket's client may not start now (held bytes); undefined when it may. */
    heldRefusal(): GraphQLError | undefined {
      const refusal = this.held?.refusal(this.client);
      return refusal && heldError(refusal);
    }

    protected hold(bytes: number): void {
      if (this.readyState === this.CLOSED || !this.held) return;
      this.holding += bytes;
      this.held.hold(this.client, bytes);
      // A client past its bound is not read from either, on any of its sockets, until it reads:
      // what it sends meanwhile waits in its own connection, not in the gateway's memory or time.
      if (!this.isPaused && this.held.passed(this.client)) {
        this.pause();
        this.held.whenUnder(this.client, () => this.resume());
      }
    }

    protected release(bytes: number): void {
      const given = Math.min(bytes, this.holding);
      this.holding -= given;
      this.held?.release(this.client, given);
    }
  };
}

/**
 * ws's socket, with `send` refusing to queue past the bound (graphql-ws sends everything through
 * it), and a queue for its operations' executions: one starts when fewer than
 * MAX_RUNNING_PER_SOCKET run and what the socket has unsent is under a quarter of the bound. A
 * client that does not read thus makes the gateway wait, not build answers it cannot send. What
 * it holds is counted for its client as `heldSocket` says.
 */
function boundedSocket(Socket: SocketClass, maxBufferedBytes: number, logger: Gateway['logger']) {
  return class BoundedSocket extends heldSocket(Socket) {
    /** Messages sent and not yet taken by the kernel. */
    private unsent = 0;
    private running = 0;
    private readonly waiting: (() => void)[] = [];

    /**
     * Runs `execute` when the socket has room for its answer, counting `reserved` bytes for it
     * while it runs; `refused` is the answer when it may not run (the socket closed, or its client
     * holds too much).
     */
    run<T>(execute: () => T | Promise<T>, reserved: number, refused: (error: GraphQLError) => T): Promise<T> {
      return new Promise<void>((start) => {
        this.waiting.push(start);
        this.pump();
      })
        .then(() => {
          // Nobody will read the answer: graphql-ws drops what a closed socket is sent.
          if (this.readyState !== this.OPEN) return refused(new GraphQLError('The socket closed before this operation ran.'));
          const error = this.heldRefusal();
          if (error) return refused(error);
          this.hold(reserved);
          return Promise.resolve()
            .then(execute)
            .finally(() => this.release(reserved));
        })
        .finally(() => {
          this.running--;
          this.pump();
        });
    }

    private pump(): void {
      while (this.waiting.length > 0 && this.running < MAX_RUNNING_PER_SOCKET && this.bufferedAmount < maxBufferedBytes / 4) {
        // A socket that closed starts what waits, which then sends nothing: graphql-ws drops
        // messages for a socket that is not open.
        this.running++;
        this.waiting.shift()!();
      }
    }

    override send(data: unknown, options?: unknown, callback?: unknown): void {
      if (this.readyState === this.OPEN && (this.bufferedAmount >= maxBufferedBytes || this.unsent >= MAX_UNSENT_MESSAGES)) {
        this.close(NOT_READING, 'the client did not read: WS_MAX_BUFFERED_BYTES unsent');
        logger?.warn(
          `closed a WebSocket whose client left ${this.unsent} messages (${this.bufferedAmount} bytes) unread (WS_MAX_BUFFERED_BYTES)`,
        );
      }
      const done = (typeof options === 'function' ? options : callback) as ((error?: Error) => void) | undefined;
      if (this.readyState !== this.OPEN) {
        // graphql-ws sends nothing more once the socket is not open; what it sent now is dropped.
        done?.();
        return;
      }
      this.unsent++;
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : ((data as { byteLength?: number }).byteLength ?? 0);
      this.hold(bytes);
      // A write that fails because the socket went away is the client leaving, not an error of
      // the gateway's: graphql-ws would log each queued one as an internal error.
      const settle = (error?: Error) => {
        this.unsent--;
        this.release(bytes);
        this.pump();
        done?.(this.readyState === this.OPEN ? error : undefined);
      };
      super.send(data as Buffer, (typeof options === 'function' ? {} : (options ?? {})) as never, settle);
    }
  };
}

type BoundedSocket = InstanceType<ReturnType<typeof boundedSocket>>;
type Root = { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };
type SubscribeMessage = { query: string; operationName?: string | null; variables?: Record<string, unknown> | null };

/**
 * Reads of queries sent over a socket end when it closes, as an HTTP request's do. One signal a
 * socket, not one per operation: a listener per operation would stay on a long-lived socket
 * until it closes.
 */
function closedSignals(): (socket: WebSocket) => AbortSignal {
  const closing = new WeakMap<WebSocket, AbortSignal>();
  return (socket) => {
    let signal = closing.get(socket);
    if (!signal) {
      const closed = new AbortController();
      socket.once('close', () => closed.abort());
      signal = closed.signal;
      closing.set(socket, signal);
    }
    return signal;
  };
}

/**
 * The refusal of an operation past WS_MAX_OPERATIONS_PER_SOCKET, made once per bound: a client
 * that floods a socket gets it thousands of times, and a GraphQLError's stack costs more than
 * the rest of a refusal.
 */
const tooManyErrors = new Map<number, GraphQLError>();
function tooMany(max: number): GraphQLError {
  let error = tooManyErrors.get(max);
  if (!error) {
    error = limitExceeded(
      `This socket runs ${max} operations at once already (WS_MAX_OPERATIONS_PER_SOCKET): wait for one to complete, or complete a subscription, then send this one again.`,
      'operationsPerSocket',
    );
    tooManyErrors.set(max, error);
  }
  return error;
}

/** The operations graphql-ws lists for a socket, counted up to one past `max` (a flood lists thousands). */
function listed(subscriptions: Record<string, unknown>, max: number): number {
  let n = 0;
  for (const _ in subscriptions) if (++n > max) break;
  return n;
}

/** Why an operation may not start on this socket (its bounds, its client's held bytes, the rate limits, the trusted documents); undefined when it may. */
async function refusal(
  gateway: Gateway,
  limits: SocketLimits,
  running: number,
  req: IncomingMessage,
  socket: BoundedSocket,
  query: string,
): Promise<GraphQLError | undefined> {
  // graphql-ws lists this operation already: refused ones are dropped from the list on return.
  if (running > limits.maxOperationsPerSocket) return tooMany(limits.maxOperationsPerSocket);
  // A client holding too much already (its answers unread, on this socket or others) starts nothing new.
  const held = socket.heldRefusal();
  if (held) return held;
  // Each operation draws from the client's rate-limit buckets, as an HTTP request does; a
  // refusal ends this operation only, and the socket stays open.
  const refused = gateway.admit && (await gateway.admit(req));
  if (refused) return refusedDocument(ErrorCode.RATE_LIMITED, refused.message, undefined, refused.extensions);
  // Trusted documents (TRUSTED_DOCUMENTS=only) are checked in yoga's onParams, which a socket skips.
  if (!gateway.allowsDocument(query)) {
    return refusedDocument(
      ErrorCode.PERSISTED_QUERY_ONLY,
      'This gateway runs only trusted documents (TRUSTED_DOCUMENTS=only): over WebSocket, send the exact text of one of them.',
      undefined,
    );
  }
  return undefined;
}

/**
 * Runs one operation of a socket through yoga's envelop pipeline, counted in /metrics as a
 * request over HTTP is (src/yoga/use-prometheus.ts, which a socket's operations bypass): from
 * here, refused when it does not parse or validate, else by its result once every plugin has had
 * its say. Socket limits and rate limits are counted as HTTP's are, by gateway_rate_limited_total only.
 */
async function operation(
  gateway: Gateway,
  enveloped: ReturnType<Gateway['yoga']['getEnveloped']>,
  params: SubscribeMessage,
  socket: BoundedSocket,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  const { schema, execute, subscribe, contextFactory, parse, validate } = enveloped;
  const { metrics } = gateway;
  const started = performance.now();
  const refuse = (errors: readonly GraphQLError[], document?: DocumentNode) => {
    metrics?.record(metrics.refusedSeries(document, params.operationName ?? undefined), false, { errors }, started);
    return errors.map(withoutHttpError);
  };
  let document: ReturnType<typeof parse>;
  try {
    document = parse(params.query);
  } catch (error) {
    return refuse([error instanceof GraphQLError ? error : new GraphQLError('The document is not valid GraphQL.')]);
  }
  const errors = validate(schema, document);
  if (errors.length > 0) return refuse(errors, document);
  const counted =
    (run: (args: ExecutionArgs) => unknown) =>
    (args: ExecutionArgs): unknown => {
      const series = metrics?.seriesOf(args.document, args.operationName ?? undefined, clientOf(args.contextValue));
      return Promise.resolve(run(args)).then((result) => {
        if (series) metrics!.record(series, true, result, started);
        return withoutHttp(result);
      });
    };
  // A query's or mutation's answer is built when the socket has room for it, and counted at its
  // price while it is; a subscription sends its events one at a time, each waiting for the last one's send.
  const reserved = reservedBytes(schema, document, params);
  const refused = (error: GraphQLError) => ({ errors: [withoutHttpError(error)] });
  const root: Root = {
    execute: (args) => socket.run(() => counted(execute)(args), reserved, refused),
    subscribe: counted(subscribe),
  };
  return {
    schema,
    operationName: params.operationName,
    document,
    variableValues: params.variables,
    contextValue: await contextFactory(),
    rootValue: root,
  };
}

/**
 * What an operation's answer is counted at while it is built: what its price (objects and bytes)
 * says it holds (`answerBytes`). An operation that cannot be priced here (it names no single operation, or its variables
 * are wrong) reserves the least; demand control refuses it when it runs.
 */
function reservedBytes(schema: ExecutionArgs['schema'], document: DocumentNode, params: SubscribeMessage): number {
  try {
    const operation = getOperationAST(document, params.operationName);
    return answerBytes(operation ? estimateOf(schema, document, operation, params.variables) : { nodes: 0 });
  } catch {
    return answerBytes({ nodes: 0 });
  }
}

/** Open sockets by client, within WS_MAX_SOCKETS_PER_CLIENT; a client is forgotten when its last socket closes. */
function socketsPerClient(
  gateway: Gateway,
  wss: WebSocketServer,
  maxSocketsPerClient: number,
  held: HeldBytes,
): GraphQLSockets['handleUpgrade'] {
  const socketsOf = new Map<string, number>();
  return (req, socket, head) => {
    const client = gateway.clientOf(req);
    const open = socketsOf.get(client) ?? 0;
    if (open >= maxSocketsPerClient) {
      return `This client (its address) holds ${maxSocketsPerClient} sockets open already (WS_MAX_SOCKETS_PER_CLIENT): run more operations on one socket, or close one first.`;
    }
    socketsOf.set(client, open + 1);
    const release = () => {
      const left = (socketsOf.get(client) ?? 1) - 1;
      if (left > 0) socketsOf.set(client, left);
      else socketsOf.delete(client);
    };
    // The connection's close, whether the handshake failed or the WebSocket ran and closed.
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      (ws as BoundedSocket).own(client, held);
      wss.emit('connection', ws, req);
    });
    return undefined;
  };
}

export async function graphqlSockets(gateway: Gateway, limits: SocketLimits): Promise<GraphQLSockets> {
  const [{ WebSocket: Socket, WebSocketServer }, { useServer }] = await Promise.all([import('ws'), import('graphql-ws/use/ws')]);
  const BoundedSocket = boundedSocket(Socket, limits.maxBufferedBytes, gateway.logger);
  const wss: WebSocketServer = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayload, WebSocket: BoundedSocket });
  const { yoga } = gateway;
  const closedSignal = closedSignals();
  useServer(
    {
      execute: (args) => (args.rootValue as Root).execute(args) as never,
      subscribe: (args) => (args.rootValue as Root).subscribe(args) as never,
      connectionInitWaitTimeout: INIT_WAIT_MS,
      onSubscribe: async (ctx, _id, params) => {
        const req = ctx.extra.request;
        const socket = ctx.extra.socket as BoundedSocket;
        // What arrives after the socket began to close is answered by nobody: graphql-ws would still run it.
        if (socket.readyState !== socket.OPEN) return [CLOSED];
        const running = listed(ctx.subscriptions, limits.maxOperationsPerSocket);
        const refused = await refusal(gateway, limits, running, req, socket, params.query);
        if (refused) return [refused];
        // A POST to the plugins: graphql-ws carries mutations as well as queries, and yoga
        // refuses a mutation in a GET (the upgrade's own method).
        const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`, {
          method: 'POST',
          headers: fetchHeaders(req),
          signal: closedSignal(ctx.extra.socket),
        });
        const enveloped = yoga.getEnveloped({ ...ctx, req, socket: ctx.extra.socket, params, request });
        return operation(gateway, enveloped, params, socket);
      },
    },
    wss,
    KEEPALIVE_MS,
  );
  return {
    handleUpgrade: socketsPerClient(gateway, wss, limits.maxSocketsPerClient, limits.held),
    close() {
      for (const ws of wss.clients) ws.close(1001, 'the gateway is shutting down');
    },
  };
}
