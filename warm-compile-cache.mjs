// The code caches' first entries (src/base/scripts.ts), written by the build (build.mjs) and runnable alone
// (`node warm-compile-cache.mjs`, as test/deploy/start.test.ts does with a cache folder of its own).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`'s node flags and environment, from package.json's start script with its defaults
 * filled in (`${HEAP_MAX_MB:-512}` is 512): what a test or benchmark that starts dist/main.js
 * directly runs it with. Throws when the script is not of the form read here, so that a change to
 * it cannot leave them starting the gateway otherwise than npm does.
 */
export function startCommand() {
  const script = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).scripts.start;
  const withDefaults = script.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
  const match = /^exec env ((?:\w+=\S+ )*)node ((?:--\S+ )*)dist\/main\.js$/.exec(withDefaults);
  if (!match) throw new Error(`the start script is not of the form read here (exec env K=V… node --flags… dist/main.js): ${script}`);
  const env = Object.fromEntries(match[1].trim().split(' ').filter(Boolean).map((kv) => kv.split('=')));
  return { flags: match[2].trim().split(' '), env };
}

const KEPT = ['PATH', 'HOME', 'TMPDIR', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE'];

/**
 * The code cache's first entries (src/boot.ts), so that the first start after a build reads
 * compiled code too: the built gateway is started once, as `npm start` starts it (its node flags,
 * which name the cache's folder), on a loopback port with upstreams it never calls, asked
 * `{ __typename }` once it listens, and stopped; it writes the caches then. Best effort: a build where it cannot start still
 * succeeds, its first start compiling as before; only a start script startCommand() cannot read
 * fails the build, since the tests and benchmarks would then start the gateway otherwise than npm.
 */
export async function warmCompileCache() {
  const { flags, env } = startCommand();
  const nowhere = 'http://127.0.0.1:9';
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    // The start script's environment, and nothing of the builder's but where the cache goes: no settings file, no Redis.
    env: {
      ...env,
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
