/**
 * `npm run demo`, as a person runs it: the built gateway serving its own embedded sandbox (a
 * process of its own), in its default settings except the ports. Its sandbox listens where
 * SANDBOX_PORT says, and its chains move on by themselves (SANDBOX_BLOCK_MS, 3 s), so live data
 * is seen as it happens.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { subscribeSse } from '../helpers/live.js';
import { freePort } from '../helpers/ports.js';

let demo: GatewayProcess;
let sandboxPort: number;

beforeAll(async () => {
  sandboxPort = await freePort();
  demo = await startGatewayProcess(undefined, { SANDBOX_PORT: String(sandboxPort) }, 'demo');
}, 30_000);

afterAll(async () => {
  await demo?.stop();
});

describe('npm run demo', () => {
  it('serves its sandbox on SANDBOX_PORT, and says where', async () => {
    const ready = demo.logs.find((l) => String(l.msg).startsWith('GraphQL gateway ready'))!;
    expect(ready).toMatchObject({ upstream: 'sandbox', dataApi: `http://127.0.0.1:${sandboxPort}/data` });
    const res = await demo.query('{ network { subnets(first: 1) { nodes { subnetId } } } }');
    expect(res.body.errors).toBeUndefined();
    // The sandbox's own control endpoint answers on that port: the query went there.
    const stats = (await (await fetch(`http://127.0.0.1:${sandboxPort}/_sandbox/stats`)).json()) as { counts: Record<string, number> };
    expect(stats.counts.listSubnets).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('sends each new daily TPS point when the sandbox publishes it, not many at once later', async () => {
    const sub = await subscribeSse(demo.url, 'subscription { averageTps(evmChainId: 43114) { timestamp value } }');
    try {
      const arrived: { at: number; timestamp: number }[] = [];
      const start = Date.now();
      // The sandbox adds a point every 3 blocks (9 s): three of them within 45 s.
      while (arrived.length < 3) {
        const left = 45_000 - (Date.now() - start);
        const event = await sub.next(Math.max(1, left));
        expect(event.event).toBe('next');
        expect(event.data.errors).toBeUndefined();
        arrived.push({ at: Date.now(), timestamp: event.data.data.averageTps.timestamp });
      }
      // One day after another, each in an event of its own...
      expect(arrived.map((p) => p.timestamp - arrived[0]!.timestamp)).toEqual([0, 86_400, 2 * 86_400]);
      // ...and each sent as it came, not gathered by one late poll (its events leave together).
      for (let i = 1; i < arrived.length; i++) expect(arrived[i]!.at - arrived[i - 1]!.at).toBeGreaterThan(3_000);
    } finally {
      await sub.close();
    }
  }, 60_000);
});

/** Whether something still listens on the port: a server of ours could not bind it. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/** Waits up to `withinMs` for nothing to listen on the port. */
async function freed(port: number, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(100)) if (!(await listening(port))) return true;
  return false;
}

describe('the embedded sandbox ends with the gateway', () => {
  it('when the gateway cannot listen (PORT in use), it exits 1 and leaves no sandbox behind', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    const sandbox = await freePort();
    try {
      await expect(startGatewayProcess(undefined, { PORT: String(port), SANDBOX_PORT: String(sandbox) }, 'demo')).rejects.toThrow(
        /exited \(1\)[\s\S]*PORT \d+ is in use/,
      );
      // The sandbox builds its world for a few seconds (more on a loaded machine) before it reads
      // that the gateway went.
      expect(await freed(sandbox, 20_000)).toBe(true);
    } finally {
      taken.close();
    }
  }, 40_000);

  it('when the gateway is killed outright (SIGKILL), its sandbox goes too', async () => {
    const sandbox = await freePort();
    const gw = await startGatewayProcess(undefined, { SANDBOX_PORT: String(sandbox) }, 'demo');
    expect((await gw.query('{ network { subnets(first: 1) { nodes { subnetId } } } }')).body.errors).toBeUndefined();
    expect(await listening(sandbox)).toBe(true);
    // The gateway alone, not its process group (which holds the sandbox too): npm's child, as
    // `exec` in the start script makes it.
    const gateway = Number(
      execFileSync('pgrep', ['-P', String(gw.child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')[0],
    );
    process.kill(gateway, 'SIGKILL');
    await gw.exited;
    expect(await freed(sandbox, 10_000)).toBe(true);
  }, 60_000);
});
