/**
 * GraphQL over WebSocket (the graphql-transport-ws protocol of graphql-ws) at /graphql, on the
 * gateway's HTTP server: src/server.ts hands it the `upgrade` requests. Operations run through
 * yoga's envelop pipeline (as yoga's graphql-ws recipe does), so the query limits, error codes
 * and context are those of HTTP requests. ws and graphql-ws are loaded on the first upgrade: an
 * instance nobody opens a socket to never loads them.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { WebSocket, WebSocketServer } from 'ws';
import { ErrorCode, refusedDocument } from './errors.js';
import type { Gateway } from './gateway.js';

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

export interface GraphQLSockets {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001, going away): their clients reconnect to another instance. */
  close(): void;
}

export async function graphqlSockets(gateway: Gateway, maxPayload: number): Promise<GraphQLSockets> {
  const [{ WebSocketServer }, { useServer }] = await Promise.all([import('ws'), import('graphql-ws/use/ws')]);
  const wss: WebSocketServer = new WebSocketServer({ noServer: true, maxPayload });
  const { yoga } = gateway;
  // Reads of queries sent over a socket end when it closes, as an HTTP request's do. One signal
  // a socket, not one per operation: a listener per operation would stay on a long-lived socket
  // until it closes.
  const closing = new WeakMap<WebSocket, AbortSignal>();
  const closedSignal = (socket: WebSocket): AbortSignal => {
    let signal = closing.get(socket);
    if (!signal) {
      const closed = new AbortController();
      socket.once('close', () => closed.abort());
      signal = closed.signal;
      closing.set(socket, signal);
    }
    return signal;
  };
  type Root = { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };
  useServer(
    {
      execute: (args) => (args.rootValue as Root).execute(args) as never,
      subscribe: (args) => (args.rootValue as Root).subscribe(args) as never,
      onSubscribe: async (ctx, _id, params) => {
        const req = ctx.extra.request;
        const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`, {
          headers: fetchHeaders(req),
          signal: closedSignal(ctx.extra.socket),
        });
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req,
          socket: ctx.extra.socket,
          params,
          request,
        });
        // Trusted documents (TRUSTED_DOCUMENTS=only) are checked in yoga's onParams, which a socket skips.
        if (!gateway.allowsDocument(params.query)) {
          return [
            refusedDocument(
              ErrorCode.PERSISTED_QUERY_ONLY,
              'This gateway runs only trusted documents (TRUSTED_DOCUMENTS=only): over WebSocket, send the exact text of one of them.',
              undefined,
            ),
          ];
        }
        let document: ReturnType<typeof parse>;
        try {
          document = parse(params.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('The document is not valid GraphQL.')];
        }
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        const root: Root = { execute, subscribe };
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: root,
        };
      },
    },
    wss,
  );
  return {
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      for (const ws of wss.clients) ws.close(1001, 'the gateway is shutting down');
    },
  };
}
