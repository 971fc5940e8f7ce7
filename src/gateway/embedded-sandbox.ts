/**
 * The built-in sandbox as `npm start` serves it offline (and `npm run demo` always): the
 * sandbox's own entry (`npm run sandbox`) in a process of its own, on SANDBOX_PORT or a free
 * port, tied to the gateway by its standard input so that it ends with it however the gateway ends
 * (a failed start, a crash, SIGKILL): the kernel closes the pipe when the gateway's process goes.
 * An IPC channel was meant to do this, but a child whose entry is an ES module has none on Node 20
 * (`process.connected` is false from the start), so its `disconnect` never came and a gateway that
 * failed to listen left the sandbox running, orphaned.
 *
 * Why a process: building the sandbox's world takes seconds of CPU (about 4.6 s here) and about
 * 170 MB. In the gateway's process it held the event loop until it was built, so even GraphiQL's
 * page waited for it, and the gateway's memory was the world's. The gateway now answers at once
 * and points its upstreams at the sandbox's URLs before the sandbox listens: its calls wait for
 * `ready` (src/upstreams/http.ts, `startsAfter`).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { setPriority } from 'node:os';
import { LISTEN_FD, TIED_TO_STDIN } from '../../sandbox/tie.js';
import { sandboxUrls, type SandboxUrls } from '../../sandbox/urls.js';
import { FROM_SOURCES, packagePath } from '../base/package-root.js';

export interface EmbeddedSandboxOptions {
  /** SANDBOX_PORT; 0 for a free one. */
  port: number;
  seed: string;
  latencyMs: number;
  blockMs: number;
}

export interface EmbeddedSandbox {
  urls: SandboxUrls;
  /** Settles once the sandbox listens; rejects when it ended before. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** The sandbox's entry: the built one beside dist/main.js, or its source when the gateway runs from sources (tsx). */
const ENTRY = packagePath(FROM_SOURCES ? 'sandbox/main.ts' : 'dist/sandbox/main.js');

/** Niceness of the sandbox's process, above the gateway's default 0 (lower priority); the system's cap is 19. */
const SANDBOX_NICENESS = 10;

/** Where the sandbox's socket is in its file descriptors: after standard input, output and error. */
const HANDED_FD = 3;

/**
 * A loopback port the kernel chose, bound and listening here, with the socket's file descriptor
 * to hand to the sandbox (sandbox/tie.ts, LISTEN_FD). A port probed free and bound by the sandbox
 * only once its world was built (seconds later) could meanwhile become the local end of any
 * outgoing connection, which the kernel draws from the same range, and the sandbox then failed to
 * listen. Where a socket has no descriptor to hand over (Windows), `fd` is undefined and the port
 * is only probed, as before.
 */
function loopbackSocket(): Promise<{ port: number; fd: number | undefined; server: Server }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
      resolve({ port, fd: typeof fd === 'number' && fd >= 0 ? fd : undefined, server });
    });
  });
}

export async function startEmbeddedSandbox(options: EmbeddedSandboxOptions): Promise<EmbeddedSandbox> {
  const socket = options.port ? undefined : await loopbackSocket();
  const port = options.port || socket!.port;
  const handed = socket?.fd;
  const child = spawn(process.execPath, [...process.execArgv, ENTRY], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_SEED: options.seed,
      SANDBOX_LATENCY_MS: String(options.latencyMs),
      SANDBOX_BLOCK_MS: String(options.blockMs),
      [TIED_TO_STDIN]: '1',
      ...(handed === undefined ? {} : { [LISTEN_FD]: String(HANDED_FD) }),
    },
    stdio: handed === undefined ? ['pipe', 'pipe', 'inherit'] : ['pipe', 'pipe', 'inherit', handed],
  });
  // The sandbox holds its own copy of the socket from here (connections wait in its backlog until it
  // serves them); this one is closed before the event loop could accept a connection on it.
  socket?.server.close();
  // Below the gateway's priority: it builds its world (seconds of CPU) while the gateway builds its
  // graph, and the gateway's first answer, which needs no upstream, should not wait for a core.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, SANDBOX_NICENESS);
    } catch {
      // A system that refuses it leaves the sandbox at the gateway's priority: slower to first answer, no worse.
    }
  }
  let closing = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    // Its one line says it listens. Read as it comes rather than through node:readline, which
    // only this would load, before the first answer; what it writes after is read and dropped.
    let written = '';
    const listening = (chunk: Buffer) => {
      written += chunk.toString();
      if (!written.includes('\n')) return;
      child.stdout!.off('data', listening);
      child.stdout!.resume();
      resolve();
    };
    child.stdout!.on('data', listening);
    child.once('exit', (code, signal) => {
      // Stopped with the gateway: nothing went wrong, and calls still waiting fail as they go out.
      if (closing) resolve();
      else reject(new Error(`the sandbox ended (${signal ?? `exit code ${code}`}) before it listened on port ${port}`));
    });
  });
  return {
    urls: sandboxUrls(`http://127.0.0.1:${port}`),
    ready,
    async close() {
      closing = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
