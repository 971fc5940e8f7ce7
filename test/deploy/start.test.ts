/**
 * What the built gateway (dist/main.js, as `npm start` runs it) does before its first answer, as
 * far as it can be checked without timing it (`npm run bench` times it): it runs its code from the
 * scripts and their code caches (src/base/scripts.ts), which the build fills
 * (warm-compile-cache.mjs) and the process writes shortly after it listens; it loads no part of Node it does not use: Node's own undici (fetch,
 * WebSocket), which build.mjs keeps out of the bundle's `node:http` imports and of yoga's
 * creation, nor undici's entry (fetch, WebSocket...: the upstream client takes undici's Pool
 * alone, src/upstreams/undici-core.ts), nor node:tls or node:https before an https upstream is
 * called; graphql-jit waits until the first answer is out
 * (src/yoga/use-compiled-execution.ts), undici and the spec's answer checks until the first
 * upstream call (src/upstreams/http.ts, transport.ts), viem until the first signed transaction to
 * read (src/domain/evm-transactions.ts); and the embedded sandbox's process runs below its
 * priority (src/gateway/embedded-sandbox.ts). A preload reports what the process loaded, on a
 * signal; the process is then killed, so the cache it left is the one written after it listened.
 * And that the graph it serves is the committed one (schema/schema.graphql), whatever build.mjs
 * changed in the libraries it bundles.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  type GraphQLSchema,
  type IntrospectionQuery,
  lexicographicSortSchema,
  printType,
} from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { startCommand } from '../../warm-compile-cache.mjs';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Written by the preload on SIGUSR2: Node's modules the process loaded, the files of dist/ it loaded (modules and scripts), and its code caches' folder. */
interface Loaded {
  builtins: string[];
  files: string[];
  codeCacheDir: string | undefined;
  /** The scripts compiled without a cache V8 accepted. */
  compiled: string[];
}

const PRELOAD = `data:text/javascript,${encodeURIComponent(`
import { renameSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
const files = [];
registerHooks({ load(url, context, next) { files.push(url); return next(url, context); } });
process.on('SIGUSR2', () => {
  const file = process.env.LOADED_DIR + '/loaded-' + process.pid + '.json';
  const scripts = globalThis[Symbol.for('avalanche-graphql-gateway.scripts')];
  writeFileSync(file + '.part', JSON.stringify({ builtins: process.moduleLoadList, files: [...files, ...(scripts?.loaded ?? [])], codeCacheDir: scripts?.cacheDir, compiled: scripts?.compiled ?? [] }));
  renameSync(file + '.part', file);
});
`)}`;

/** The built gateway, started as `npm start` starts it (without npm), on a free loopback port. */
interface Started {
  url: string;
  pid: number;
  /** Answers `query`. */
  ask(query: string): Promise<unknown>;
  /** What the process loaded so far. */
  loaded(): Promise<Loaded>;
  /** Killed, not stopped: the process writes its code caches at a normal exit, src/main.ts already shortly after it listened. */
  kill(): Promise<void>;
}

/** Any port on loopback, upstreams where nothing listens: `{ __typename }` calls no upstream. */
const OFFLINE = {
  PORT: '0',
  HOST: '127.0.0.1',
  SANDBOX: 'off',
  DATA_API_URL: 'http://127.0.0.1:9',
  METRICS_API_URL: 'http://127.0.0.1:9',
  NODE_URL_MAINNET: 'http://127.0.0.1:9',
  NODE_URL_FUJI: 'http://127.0.0.1:9',
};

async function startBuilt(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', PRELOAD, 'dist/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...OFFLINE,
      NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
      LOADED_DIR: dir,
      ...env,
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
    let reports = 0;
    return {
      url,
      pid: child.pid!,
      async ask(query) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        });
        return ((await response.json()) as { data: unknown }).data;
      },
      async loaded() {
        const file = join(dir, `loaded-${child.pid}-${reports++}.json`);
        child.kill('SIGUSR2');
        // The preload writes it whole (renamed once written) as loaded-<pid>.json in LOADED_DIR.
        while (!existsSync(join(dir, `loaded-${child.pid}.json`))) await sleep(20);
        renameSync(join(dir, `loaded-${child.pid}.json`), file);
        return JSON.parse(readFileSync(file, 'utf8')) as Loaded;
      },
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Whether a file of dist/ the process loaded holds code of this package, or of this file of it: its source map names each module it was built from. */
function holdsPackage(loaded: Loaded, name: string): boolean {
  const path = name.endsWith('.js') ? `/node_modules/${name}` : `/node_modules/${name}/`;
  return loaded.files.some((url) => {
    if (!url.includes('/dist/')) return false;
    const map = JSON.parse(readFileSync(new URL(`${url}.map`), 'utf8')) as { sources: string[] };
    return map.sources.some((source) => source.includes(path));
  });
}

describe('the built gateway, to its first answer', () => {
  it('answers without loading Node’s own undici, from the scripts, and leaves what it compiled in their code caches', async () => {
    const gateway = await startBuilt();
    try {
      expect(await gateway.ask('{ __typename }')).toEqual({ __typename: 'Query' });
      const loaded = await gateway.loaded();
      expect(loaded.builtins).toContain('NativeModule http');
      expect(loaded.builtins.filter((name) => name.includes('undici'))).toEqual([]);
      // Nor node:tls and node:https, which only an https upstream's first call needs
      // (@whatwg-node/node-fetch's own clients loaded them, build.mjs).
      for (const name of ['tls', 'https']) expect(loaded.builtins).not.toContain(`NativeModule ${name}`);
      // The gateway ran from the scripts, its ES modules unread.
      expect(loaded.files.filter((url) => url.endsWith('/dist/start.cjs'))).toHaveLength(1);
      expect(loaded.files.filter((url) => url.endsWith('/dist/start.js'))).toEqual([]);
      // The bundle's chunk of undici's entry (esbuild names a dynamically imported module's chunk after it).
      expect(loaded.files.filter((url) => /\/dist\/undici-\w+\.c?js$/.test(url))).toEqual([]);
      // Nor prom-client's entry, with its Pushgateway (node:https and node:tls): its registry and metrics alone (src/ops/prom-client-core.ts).
      expect(holdsPackage(loaded, 'prom-client/lib/registry.js')).toBe(true);
      expect(holdsPackage(loaded, 'prom-client/index.js')).toBe(false);
      expect(holdsPackage(loaded, 'prom-client/lib/pushgateway.js')).toBe(false);
      expect(loaded.codeCacheDir?.startsWith(join(dir, 'compile-cache'))).toBe(true);
      // The scripts' caches, one each: written shortly after it listens (src/main.ts, `listen`), killed or not.
      // Polled until then, with a pause each time: they are written one file at a time, and a read
      // while Node's compile cache was being written found one, and polled at once, 100 times within a millisecond (CI).
      const scripts = loaded.files.filter((url) => url.endsWith('.cjs')).length;
      expect(scripts).toBeGreaterThan(5);
      let entries = 0;
      for (let i = 0; i < 100 && entries < scripts; i++) {
        entries = existsSync(loaded.codeCacheDir!) ? readdirSync(loaded.codeCacheDir!).filter((f) => f.endsWith('.cache')).length : 0;
        if (entries < scripts) await sleep(50);
      }
      expect(entries).toBeGreaterThanOrEqual(scripts);
    } finally {
      await gateway.kill();
    }
    // The next start compiles none of them: V8 accepted every cache the first wrote.
    const next = await startBuilt();
    try {
      expect(await next.ask('{ __typename }')).toEqual({ __typename: 'Query' });
      const loaded = await next.loaded();
      expect(loaded.files.filter((url) => url.endsWith('.cjs')).length).toBeGreaterThan(5);
      expect(loaded.compiled).toEqual([]);
    } finally {
      await next.kill();
    }
  }, 60_000);

  it('loads graphql-jit after its first answer, not before it', async () => {
    const gateway = await startBuilt();
    try {
      // Listening: the gateway's own modules are loaded (its logger among them), graphql-jit not.
      expect(holdsPackage(await gateway.loaded(), 'pino')).toBe(true);
      expect(holdsPackage(await gateway.loaded(), 'graphql-jit')).toBe(false);
      expect(await gateway.ask('{ __typename }')).toEqual({ __typename: 'Query' });
      // Then, off the first answer's path, for the operations asked again (compiled at their second run).
      let loaded = false;
      for (let i = 0; i < 100 && !loaded; i++) loaded = holdsPackage(await gateway.loaded(), 'graphql-jit') || (await sleep(50, false));
      expect(loaded).toBe(true);
    } finally {
      await gateway.kill();
    }
  }, 60_000);

  it('loads undici and the spec’s answer checks with its first upstream call, not before it', async () => {
    const gateway = await startBuilt();
    try {
      expect(await gateway.ask('{ __typename }')).toEqual({ __typename: 'Query' });
      const first = await gateway.loaded();
      expect(holdsPackage(first, 'undici')).toBe(false);
      expect(first.files.filter((url) => url.includes('answer-checks'))).toEqual([]);
      // A Data API read (nothing listens there: it fails, after loading what a call needs).
      await gateway.ask('{ network(name: MAINNET) { subnets(first: 1) { nodes { subnetId } } } }');
      const called = await gateway.loaded();
      expect(holdsPackage(called, 'undici')).toBe(true);
      expect(called.files.filter((url) => url.includes('answer-checks'))).toHaveLength(1);
    } finally {
      await gateway.kill();
    }
  }, 60_000);

  it('loads viem with its first signed transaction to read, not before it', async () => {
    const gateway = await startBuilt();
    try {
      expect(await gateway.ask('{ __typename }')).toEqual({ __typename: 'Query' });
      expect(holdsPackage(await gateway.loaded(), 'viem')).toBe(false);
      // A type-2 transaction cut short: it passes the checks made without viem, and viem refuses it.
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation { sendEvmTransaction(network: MAINNET, evmChainId: 43114, signedTransaction: "0x02c0") { txHash } }',
        }),
      });
      const { errors } = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(errors[0]!.message).toContain('does not decode as a signed EVM transaction');
      expect(holdsPackage(await gateway.loaded(), 'viem')).toBe(true);
    } finally {
      await gateway.kill();
    }
  }, 60_000);

  it('starts the embedded sandbox below its own priority, so that the sandbox’s world does not hold up its first answer', async () => {
    const gateway = await startBuilt({ SANDBOX: 'on', SANDBOX_PORT: '0' });
    try {
      expect(await gateway.ask('{ __typename }')).toEqual({ __typename: 'Query' });
      const children = readFileSync(`/proc/${gateway.pid}/task/${gateway.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
      expect(children).toHaveLength(1);
      // Field 19 of /proc/<pid>/stat, counted after the command's closing parenthesis.
      const niceness = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      expect(niceness(children[0]!)).toBe(niceness(gateway.pid) + 10);
      // It serves the loopback socket the gateway bound and handed it, listening already while it
      // builds its world: no other process could take the port in between.
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${children[0]}/fd/3`))?.[1];
      expect(socket).toBeDefined();
      const listening = readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[9] === socket && fields[3] === '0A');
      expect(listening).toHaveLength(1);
      const subnets = (await gateway.ask('{ network(name: MAINNET) { subnets(first: 2) { nodes { subnetId } } } }')) as {
        network: { subnets: { nodes: unknown[] } };
      };
      expect(subnets.network.subnets.nodes).toHaveLength(2);
    } finally {
      await gateway.kill();
    }
  }, 60_000);
});

describe('the built gateway’s graph', () => {
  // build.mjs edits libraries it bundles (graphql-js as modules, Pothos's field builders, yoga's
  // and graphql-tools' files); the tests of the graph run the sources, so this is where an edit
  // that changed what the graph serves would show.
  it('is the one schema/schema.graphql holds, every type, field, argument and description', async () => {
    const gateway = await startBuilt();
    try {
      const data = await gateway.ask(
        getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, specifiedByUrl: true, oneOf: true }),
      );
      const served = lexicographicSortSchema(buildClientSchema(data as IntrospectionQuery));
      const committed = lexicographicSortSchema(buildSchema(readFileSync(join(ROOT, 'schema/schema.graphql'), 'utf8')));
      const types = (schema: GraphQLSchema) =>
        Object.values(schema.getTypeMap())
          .filter((type) => !type.name.startsWith('__'))
          .map((type) => printType(type));
      expect(types(served)).toEqual(types(committed));
      expect(types(committed).length).toBeGreaterThan(300);
      // yoga adds @defer and @stream to what it serves; the committed SDL's directives are all there.
      const directives = (schema: GraphQLSchema) => schema.getDirectives().map((directive) => directive.name);
      expect(directives(served)).toEqual(expect.arrayContaining(directives(committed)));
    } finally {
      await gateway.kill();
    }
  }, 60_000);
});

describe('the code caches the build writes', () => {
  it('is read by the next `npm start` for every file of dist/ it loads to its first answer', async () => {
    const cache = join(dir, 'built-cache');
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_COMPILE_CACHE: cache };
    // build.mjs's last step, alone: the bundle is the one `npm run build` left.
    const warm = spawn(process.execPath, ['warm-compile-cache.mjs'], { cwd: ROOT, env, stdio: 'inherit' });
    expect(await new Promise((resolve) => warm.once('exit', resolve))).toBe(0);
    const start = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: {
        ...env,
        ...OFFLINE,
        // The scripts' report of each one's cache: accepted, refused or absent (src/base/scripts.ts).
        NODE_DEBUG: 'gateway-scripts',
        // Node's report of each builtin's: "Code cache of <id> (…) is accepted" or "is rejected".
        NODE_DEBUG_NATIVE: 'CODE_CACHE',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const report: string[] = [];
    createInterface({ input: start.stderr! }).on('line', (line) => report.push(line));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        start.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
        createInterface({ input: start.stdout! }).on('line', (line) => {
          const found = /"url":"([^"]+)"/.exec(line);
          if (found) resolve(found[1]!);
        });
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
      expect(((await response.json()) as { data: unknown }).data).toEqual({ __typename: 'Query' });
      const verdicts = (word: string) =>
        report.flatMap((line) => (line.endsWith(`: cache ${word}`) ? [/(\S+\.js): cache/.exec(line)?.[1]] : []));
      expect(verdicts('accepted')).toEqual(expect.arrayContaining(['start.js', expect.stringMatching(/^gateway-/)]));
      expect(verdicts('absent')).toEqual([]);
      expect(verdicts('stale')).toEqual([]);
      expect(verdicts('refused')).toEqual([]);
      // Node's builtins kept their own code caches: those the last start loaded (here the build's
      // warm start) were loaded before the entry set the flags V8 would refuse them under
      // (src/base/code-flags.ts). Only modules a builtin loads lazily, by no name of its own
      // (internal/…, such as the Web Crypto behind globalThis.crypto), may come later.
      const builtin = (word: string) =>
        report.flatMap((line) => (line.endsWith(` is ${word}`) ? [/^Code cache of (\S+) /.exec(line)?.[1] ?? line] : []));
      expect(builtin('rejected').filter((id) => !id.startsWith('internal/'))).toEqual([]);
      expect(builtin('accepted').length).toBeGreaterThan(50);
    } finally {
      process.kill(-start.pid!, 'SIGKILL');
    }
  }, 120_000);
});

/**
 * V8's trace of what it optimized with which compiler, of its pretenuring decisions and of its
 * young collections, from the built gateway started with npm start's flags and `extra`, to its
 * first answer and through a few seconds of `{ __typename }` from 10 clients. `scavengeTasks`: for
 * each young collection, in order, how many tasks shared it (1: the main thread alone).
 */
async function traced(extra: string[]): Promise<{ maglev: number; turbofan: number; pretenuring: number; scavengeTasks: number[] }> {
  const start = startCommand();
  const trace = ['--trace-opt', '--trace-pretenuring-statistics', '--trace-gc', '--trace-parallel-scavenge'];
  const child = spawn(process.execPath, [...start.flags, ...extra, ...trace, 'dist/main.js'], {
    cwd: ROOT,
    env: { ...start.env, PATH: process.env.PATH, HOME: process.env.HOME, ...OFFLINE, NODE_COMPILE_CACHE: join(dir, 'traced-cache') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const counts = { maglev: 0, turbofan: 0, pretenuring: 0, scavengeTasks: [] as number[] };
  let tasks = 0;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout! });
  // Every line read: V8 writes its traces through C's stdio, which holds them in a buffer while
  // stdout is a pipe, until the process exits normally (a killed one loses them).
  const allRead = new Promise((resolve) => lines.once('close', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`dist/main.js exited with ${code}`)));
      lines.on('line', (line) => {
        if (line.startsWith('[marking ') && line.includes('for optimization to MAGLEV')) counts.maglev++;
        if (line.startsWith('[marking ') && line.includes('for optimization to TURBOFAN')) counts.turbofan++;
        if (/\] pretenuring: /.test(line)) counts.pretenuring++;
        // Each task's line comes before the collection's own (`... ms: Scavenge ...`); two may share a line.
        tasks += line.match(/scavenge\[0x/g)?.length ?? 0;
        if (/ ms: Scavenge/.test(line)) {
          counts.scavengeTasks.push(tasks);
          tasks = 0;
        }
        const found = /"url":"([^"]+)"/.exec(line);
        if (found) resolve(found[1]!);
      });
    });
    const until = Date.now() + 3000;
    const client = async () => {
      while (Date.now() < until) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ __typename }"}',
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 10 }, client));
    // SIGINT: the gateway stops at once (SIGTERM would wait DRAIN_DELAY_MS) and exits normally.
    child.kill('SIGINT');
    const stopped = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await Promise.all([exited, allRead]);
    clearTimeout(stopped);
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  return counts;
}

describe('the V8 flags the built entry sets itself', () => {
  it('keeps Maglev and allocation-site pretenuring off, as npm start did on its command line, unless the command line names them; shares the start’s young collections out, not a request’s', async () => {
    const shipped = await traced([]);
    // The start's collections, which copy the graph as it is built, with V8's helper threads
    // (src/base/code-flags.ts); those of the requests, the last ones, on the main thread alone, as
    // npm start's --no-parallel-scavenge has them. Ten clients for 3 s make dozens.
    expect(shipped.scavengeTasks.length).toBeGreaterThan(15);
    expect(shipped.scavengeTasks.slice(0, 5).some((tasks) => tasks > 1)).toBe(true);
    expect(shipped.scavengeTasks.slice(-5)).toEqual([1, 1, 1, 1, 1]);
    // TurboFan optimized the start's and the requests' hot code; Maglev only what was hot in Node's
    // loading of its builtins before the flags were set (a path function or two).
    // How many TurboFan marks depends on how many requests a busy machine let through (157 with
    // both cores taken by other work, about 1,700 on an idle one); Maglev's few do not.
    expect(shipped.turbofan).toBeGreaterThan(20);
    expect(shipped.maglev).toBeLessThanOrEqual(5);
    expect(shipped.pretenuring).toBe(0);
    // The operator's word holds, and the trace would have shown them.
    const named = await traced(['--maglev', '--allocation-site-pretenuring', '--parallel-scavenge']);
    expect(named.maglev).toBeGreaterThan(100);
    expect(named.pretenuring).toBeGreaterThan(0);
    expect(named.scavengeTasks.slice(-5).some((tasks) => tasks > 1)).toBe(true);
  }, 90_000);
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
