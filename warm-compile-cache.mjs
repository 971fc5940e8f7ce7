// The code caches' first entries (src/base/scripts.ts), written by the build (build.mjs) and runnable alone
// (`node warm-compile-cache.mjs`, as test/deploy/start.test.ts does with a cache folder of its own).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The code cache's first entries (src/boot.ts), so that the first start after a build reads
 * compiled code too: the built gateway is started once, as `npm start` starts it (its node flags,
 * which name the cache's folder), on a loopback port with upstreams it never calls, asked
 * `{ __typename }` once it listens, and stopped; it writes the caches then. Best effort: a build where it cannot start still
 * succeeds, its first start compiling as before.
 */
const KEPT = ['PATH', 'HOME', 'TMPDIR', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE'];
export async function warmCompileCache() {
  const start = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)dist\/main\.js/.exec(start)?.[1].replace(/\$\{HEAP_MAX_MB:-(\d+)\}/, '$1').trim().split(/\s+/) ?? [];
  const nowhere = 'http://127.0.0.1:9';
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    // Nothing of the builder's environment but where the cache goes: no settings file, no Redis.
    env: {
      ...Object.fromEntries(KEPT.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]])),
      PORT: '0',
      HOST: '127.0.0.1',
      SANDBOX: 'off',
      LOG_LEVEL: 'info',
      DATA_API_URL: nowhere,
      METRICS_API_URL: nowhere,
      NODE_URL_MAINNET: nowhere,
      NODE_URL_FUJI: nowhere,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise((resolve) =>
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /"url":"([^"]+)"/.exec(line)?.[1];
      if (url) resolve(url);
    }),
  );
  const url = await Promise.race([listening, exited.then(() => undefined), sleep(30_000, undefined, { ref: false })]);
  const listened = url !== undefined;
  // A first answer, whose code the cache then holds too (the scripts' caches hold what was compiled when written).
  if (listened) await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }).then((r) => r.text(), () => undefined);
  // SIGINT: stopped at once (SIGTERM waits DRAIN_DELAY_MS); the caches are written as it exits.
  child.kill(listened ? 'SIGINT' : 'SIGKILL');
  await exited;
  if (!listened) console.warn('build: the built gateway did not start, so its code caches stay cold until its first start');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await warmCompileCache();
