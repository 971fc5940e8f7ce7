/**
 * What the built gateway (dist/main.js, as `npm start` runs it) does before its first answer, as
 * far as it can be checked without timing it (`npm run bench` times it): it compiles through Node's
 * compile cache and writes the cache once it listens (src/boot.ts), and it loads no part of Node
 * it does not use: Node's own undici (fetch, WebSocket), which build.mjs keeps out of the bundle's
 * `node:http` imports and of yoga's creation, nor undici's entry (fetch, WebSocket...: the
 * upstream client takes undici's Pool alone, src/upstreams/undici-core.ts). A preload reports what the process loaded, on a
 * signal sent after the first answer; the process is then killed, so the cache it left is the one
 * written once it listened.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Written by the preload on SIGUSR2: Node's modules the process loaded, the files of dist/ it loaded, and its compile cache's folder. */
interface Loaded {
  builtins: string[];
  files: string[];
  compileCacheDir: string | undefined;
}

const PRELOAD = `data:text/javascript,${encodeURIComponent(`
import { writeFileSync } from 'node:fs';
import { getCompileCacheDir, registerHooks } from 'node:module';
const files = [];
registerHooks({ load(url, context, next) { files.push(url); return next(url, context); } });
process.on('SIGUSR2', () => {
  writeFileSync(process.env.LOADED_FILE, JSON.stringify({ builtins: process.moduleLoadList, files, compileCacheDir: getCompileCacheDir() }));
});
`)}`;

/** Starts dist/main.js, answers `{ __typename }` once it listens, then reports what it loaded. */
async function firstAnswer(): Promise<{ answer: unknown; loaded: Loaded }> {
  const loadedFile = join(dir, `loaded-${Date.now()}.json`);
  const child = spawn(process.execPath, ['--import', PRELOAD, 'dist/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      SANDBOX: 'off',
      // Nothing listens there: `{ __typename }` calls no upstream.
      DATA_API_URL: 'http://127.0.0.1:9',
      METRICS_API_URL: 'http://127.0.0.1:9',
      NODE_URL_MAINNET: 'http://127.0.0.1:9',
      NODE_URL_FUJI: 'http://127.0.0.1:9',
      NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
      LOADED_FILE: loadedFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`dist/main.js exited with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const found = /"url":"([^"]+)"/.exec(line);
        if (found) resolve(found[1]!);
      });
    });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    const answer = ((await response.json()) as { data: unknown }).data;
    child.kill('SIGUSR2');
    while (!existsSync(loadedFile)) await sleep(20);
    // Killed, not stopped: Node writes its compile cache at a normal exit, src/main.ts already once it listened.
    child.kill('SIGKILL');
    await exited;
    return { answer, loaded: JSON.parse(readFileSync(loadedFile, 'utf8')) as Loaded };
  } finally {
    child.kill('SIGKILL');
  }
}

describe('the built gateway, to its first answer', () => {
  it('answers without loading Node’s own undici, and leaves its compiled code in the compile cache', async () => {
    const { answer, loaded } = await firstAnswer();
    expect(answer).toEqual({ __typename: 'Query' });
    expect(loaded.builtins).toContain('NativeModule http');
    expect(loaded.builtins.filter((name) => name.includes('undici'))).toEqual([]);
    // The bundle's chunk of undici's entry (esbuild names a dynamically imported module's chunk after it).
    expect(loaded.files.some((url) => url.includes('/dist/main-'))).toBe(true);
    expect(loaded.files.filter((url) => /\/dist\/undici-\w+\.js$/.test(url))).toEqual([]);
    expect(loaded.compileCacheDir?.startsWith(join(dir, 'compile-cache'))).toBe(true);
    // The bundle's files, one entry each.
    expect(readdirSync(loaded.compileCacheDir!).length).toBeGreaterThan(5);
  }, 60_000);
});

describe('the machine’s own Node', () => {
  // The project runs on the Node it carries (Node 24, node_modules/.bin), but the benchmarks the
  // targets are checked with (../shared/bench) run their raw proxy on whatever `node` the machine
  // has, with the project's node_modules, and require `undici` from there. npm names the Node it
  // runs on in npm_node_execpath; on these machines that is Node 20, which undici 8 refuses at load.
  const machineNode = process.env.npm_node_execpath;
  it.skipIf(!machineNode)('loads the project’s undici, so an outside raw proxy can run beside the gateway', async () => {
    const child = spawn(
      machineNode!,
      ['-e', "const { Pool } = require('undici'); new Pool('http://127.0.0.1:1').close().then(() => console.log('ok'))"],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect({ code, out: out.trim().split('\n').slice(-3).join('\n') }).toEqual({ code: 0, out: 'ok' });
  });
});
