/**
 * The gateway's port, taken as the start begins rather than once the graph is built, and handed
 * to the server when it is ready, with the connections made meanwhile.
 *
 * Why: most of a start is building the graph (src/graph/), a few hundred milliseconds in which
 * the port was closed. A client that came then was refused, and came back when its own retry said
 * so: a load balancer's next probe, a pool's backoff, a script polling every 100 ms (the outside
 * benchmark does). Now its connection is accepted and waits, unread, and its request is answered
 * the moment the gateway can answer it. Nothing is answered before: a load balancer that asks
 * `/ready` or `/health` hears them no sooner than before, only without being refused first.
 *
 * The connections taken meanwhile are held paused (nothing read, so nothing parsed or timed) and
 * at most HELD_MAX of them; those past it are closed at once, as a full backlog would have
 * refused them. Once handed over, the server's own timeouts apply to them from that moment.
 *
 * Not in a node:cluster worker (`avalanche-graphql-gateway --workers`): there the primary holds
 * the port and hands connections to the workers that listen, so a worker takes it when ready, as
 * before.
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createServer, type Server as Listener, type Socket } from 'node:net';

/** Connections held while the gateway starts; more are closed. */
export const HELD_MAX = 1024;

export interface EarlyPort {
  /**
   * Settled once the port is listened on (or could not be: `onError` has heard why). The start
   * waits for it before it builds the graph: the address is looked up first, at the next turn of
   * the event loop, which the graph's build would otherwise hold until it is done.
   */
  bound: Promise<void>;
  /** Hands the port and the connections held to `server`, whose `listening` event follows as `server.listen`'s would. */
  handTo(server: Server, onListening: () => void): void;
}

/**
 * Listens on `port` and `host` now, holding each connection until `handTo`. `onError` hears a
 * port that cannot be taken (EADDRINUSE, EACCES) as the server's own `error` would have. Undefined in
 * a cluster worker (see above).
 */
export function takePortEarly(
  port: number,
  host: string,
  onError: (error: NodeJS.ErrnoException) => void,
  heldMax = HELD_MAX,
): EarlyPort | undefined {
  if (cluster.isWorker) return undefined;
  const listener: Listener = createServer({ pauseOnConnect: true });
  const held: Socket[] = [];
  const ignore = () => undefined;
  listener.on('connection', (socket: Socket) => {
    if (held.length >= heldMax) {
      socket.destroy();
      return;
    }
    // Not read while held, so an error is unlikely; one must not end the process meanwhile.
    socket.on('error', ignore);
    held.push(socket);
  });
  let failed = false;
  const bound = new Promise<void>((resolve) => {
    listener.once('listening', resolve);
    listener.once('error', (error: NodeJS.ErrnoException) => {
      failed = true;
      resolve();
      onError(error);
    });
  });
  listener.listen(port, host);
  const handTo = (server: Server, onListening: () => void): void => {
    // A port that could not be taken early is asked for again: the server hears why in its own `error`.
    if (failed) {
      server.listen(port, host, onListening);
      return;
    }
    // Asked before the port is bound (the address is looked up first): handed over once it is.
    if (!listener.listening) {
      void bound.then(() => handTo(server, onListening));
      return;
    }
    // The listening socket becomes the server's: `listen` with an object that has one takes it over.
    server.listen(listener, onListening);
    listener.removeAllListeners();
    for (const socket of held.splice(0)) {
      socket.off('error', ignore);
      if (socket.destroyed) continue;
      server.emit('connection', socket);
      socket.resume();
    }
  };
  return { bound, handTo };
}
