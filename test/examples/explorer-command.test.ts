/**
 * `npm run explorer` as a person runs it: it serves on EXPLORER_PORT with its sandbox on
 * SANDBOX_PORT, and a SIGTERM to npm (what a process manager or a terminal's job control sends to
 * the process it started) stops the explorer, its gateway and its sandbox, leaving both ports free.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from '../helpers/ports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

it('serves on EXPLORER_PORT and SANDBOX_PORT, and stops on a SIGTERM to npm', async () => {
  const [explorerPort, sandboxPort] = [await freePort(), await freePort()];
  const npm = spawn('npm', ['run', 'explorer', '--silent'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      EXPLORER_PORT: String(explorerPort),
      SANDBOX_PORT: String(sandboxPort),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<unknown>((resolve) => npm.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    const lines = createInterface({ input: npm.stdout! });
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => line.includes(`:${explorerPort}/`) && resolve());
      void exited.then((code) => reject(new Error(`npm run explorer exited (${code}) before it served`)));
    });
    const page = await fetch(`http://127.0.0.1:${explorerPort}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' }),
    });
    expect(((await page.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect(await listening(sandboxPort)).toBe(true);
    npm.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    expect(npm.exitCode ?? npm.signalCode, 'npm ended').not.toBeNull();
    for (
      const deadline = Date.now() + 10_000;
      Date.now() < deadline && ((await listening(explorerPort)) || (await listening(sandboxPort)));
    )
      await sleep(100);
    expect({ explorer: await listening(explorerPort), sandbox: await listening(sandboxPort) }).toEqual({ explorer: false, sandbox: false });
  } finally {
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
  }
}, 90_000);
