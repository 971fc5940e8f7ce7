/**
 * The package as someone installs it: `npm pack` of this repository (its dist/, as `npm test`
 * just built it), installed into an empty folder with `npm ci --offline`, then its command and
 * its exports used from there, as an application would.
 *
 * Offline: tests do not reach the network. npm's cache holds the dependencies' tarballs (by
 * integrity) but not the registry's documents that resolving versions would need, so the folder's
 * lockfile is written from this repository's: the tarball, and exactly the production entries of
 * package-lock.json, the versions the package was tested with. The application names no
 * override: the package needs none, and `graphql` and `graphql-yoga`, its peers, are installed
 * as npm installs peers, once, for the application and the package alike.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, parseCommand, readSettingsFile, workerFlags } from '../../src/cli.js';
import { freePort } from '../helpers/ports.js';
import { startCommand } from '../../warm-compile-cache.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const NAME = pkg.name as string;

let dir: string;
let app: string;
let tarball: string;
let packed: { path: string }[];

const npmEnv = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, npm_config_offline: 'true', npm_config_update_notifier: 'false' });

/** Runs a step at the lowest CPU priority (nice 19): an install beside the other test files must not slow their timed assertions. */
function run(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = npmEnv()) {
  const result = spawnSync('nice', ['-n', '19', command, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

/** The application's lockfile: the tarball, and the production entries of this repository's. */
function lockfile(tarballName: string, integrity: string) {
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const packages: Record<string, unknown> = {
    '': { name: 'app', dependencies: { [NAME]: `file:${tarballName}` } },
    [`node_modules/${NAME}`]: {
      version: pkg.version,
      resolved: `file:${tarballName}`,
      integrity,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(ours.packages as Record<string, { dev?: boolean; devOptional?: boolean }>)) {
    if (path !== '' && !entry.dev && !entry.devOptional) packages[path] = entry;
  }
  return { name: 'app', lockfileVersion: 3, requires: true, packages };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'package-'));
  app = join(dir, 'app');
  // Without prepare: dist/ is the one `npm test` built, which other test files are running.
  const pack = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
  expect(pack.status, pack.output).toBe(0);
  const [info] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
  packed = info.files;
  tarball = join(dir, info.filename);
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  rmSync(app, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', app]);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module', dependencies: { [NAME]: `file:../${info.filename}` } }, null, 2),
  );
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify(lockfile(`../${info.filename}`, integrity), null, 2));
}, 120_000);

// The installed app is some 10,000 files: under a loaded CI run, removing them once took longer than
// the default 10 s hook timeout. Asynchronous, retried on EBUSY/ENOTEMPTY (a worker still closing a
// file), and given a minute: a slow cleanup is not a failure of the package.
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}, 60_000);

describe('the packed package', () => {
  it('holds the built entries, their declarations, the manifests and the examples; no sources, tests or maps', () => {
    const paths = packed.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/main.js',
        'dist/start.js',
        'dist/start.cjs',
        'dist/scripts.json',
        'dist/cli.js',
        'dist/embed.js',
        'dist/embed.d.ts',
        'dist/sandbox/main.js',
        'examples/gql/persisted-documents.json',
        'examples/web/src/gql/persisted-documents.json',
        'schema/schema.graphql',
      ]),
    );
    expect(paths.filter((p) => /^(src|test|bench|sandbox|patches|deploy)\/|\.map$|\.ts$/.test(p) && p !== 'dist/embed.d.ts')).toEqual([]);
    expect(pkg.private).toBeUndefined();
    // npm runs prepare for the project it installs in, never for a package it installs: no install script ships.
    expect(Object.keys(pkg.scripts).filter((s) => /^(pre|post)?install$/.test(s))).toEqual([]);
    // What dist/ bundles is only needed to build it.
    expect(Object.keys(pkg.dependencies).filter((d) => d.startsWith('@types/') || ['patch-package', 'esbuild'].includes(d))).toEqual([]);
  });

  it('installs offline into an empty folder, without a warning', () => {
    const result = run('npm', ['ci', '--offline'], app);
    expect(result.status, result.output).toBe(0);
    expect(result.output).not.toMatch(/warn/i);
  }, 180_000);

  it('has a command with --help and --version', () => {
    const bin = join(app, 'node_modules/.bin/avalanche-graphql-gateway');
    const help = run(bin, ['--help'], app, { PATH: process.env.PATH });
    expect(help.status).toBe(0);
    for (const flag of ['--port', '--host', '--sandbox', '--workers', '--config']) expect(help.stdout).toContain(flag);
    expect(run(bin, ['--version'], app, { PATH: process.env.PATH }).stdout.trim()).toBe(pkg.version);
    const wrong = run(bin, ['--workers', 'many'], app, { PATH: process.env.PATH });
    expect(wrong.status).toBe(2);
    expect(wrong.output).toMatch(/--workers: must be a number from 1 to 1024, or auto/);
  });

  it('serves on one port from several workers, each with npm start’s node flags, settings from a file, and drains on SIGTERM', async () => {
    const port = await freePort();
    writeFileSync(
      join(app, 'gateway.yaml'),
      '# settings by their variables\u2019 names\nGRAPHIQL: false\nHOST: 0.0.0.0\nLOG_LEVEL: info\n',
    );
    const bin = join(app, 'node_modules/.bin/avalanche-graphql-gateway');
    const child: ChildProcess = spawn(
      bin,
      ['--sandbox', '--workers', '2', '--port', String(port), '--host', '127.0.0.1', '--config', 'gateway.yaml'],
      {
        cwd: app,
        env: { PATH: process.env.PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: string[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      let readyWorkers = 0;
      const read = (line: string) => {
        lines.push(line);
        if (line.includes('GraphQL gateway ready') && ++readyWorkers === 2) resolve();
      };
      createInterface({ input: child.stdout! }).on('line', read);
      createInterface({ input: child.stderr! }).on('line', read);
      child.once('exit', (code) => reject(new Error(`exited (${code}):\n${lines.join('\n')}`)));
      child.once('error', reject);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await ready;
      // The flag wins over the file's HOST.
      const ready1 = lines.filter((l) => l.includes('GraphQL gateway ready')).map((l) => JSON.parse(l));
      expect(ready1.map((l) => l.url)).toEqual([`http://127.0.0.1:${port}/graphql`, `http://127.0.0.1:${port}/graphql`]);
      // One sandbox for both.
      expect(new Set(ready1.map((l) => l.dataApi)).size).toBe(1);
      const workers = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n')
        .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'))
        .filter((argv) => argv.some((a) => a.endsWith('dist/main.js')));
      expect(workers).toHaveLength(2);
      for (const argv of workers) expect(argv).toEqual(expect.arrayContaining(workerFlags(undefined)));
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`http://127.0.0.1:${port}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', connection: 'close' },
            body: JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' }),
          }).then((r) => r.json() as Promise<any>),
        ),
      );
      for (const a of answers) expect(a.data.network.subnets.nodes).toHaveLength(1);
      // The file's GRAPHIQL: false holds: no page for a browser.
      const page = await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toMatch(/<html/i);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(lines.filter((l) => l.includes('SIGTERM: draining'))).toHaveLength(2);
  }, 90_000);

  it('stops on SIGTERM sent to npm when the command runs through `npm exec`, leaving no process behind', async () => {
    const port = await freePort();
    // npm runs the bin in a child (through a shell); the signal must reach the gateway through it.
    const child: ChildProcess = spawn(
      'npm',
      ['exec', '--offline', '--', 'avalanche-graphql-gateway', '--sandbox', '--port', String(port), '--host', '127.0.0.1'],
      { cwd: app, env: { ...npmEnv(), npm_config_yes: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines: string[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      const read = (line: string) => {
        lines.push(line);
        if (line.includes('GraphQL gateway ready')) resolve();
      };
      createInterface({ input: child.stdout! }).on('line', read);
      createInterface({ input: child.stderr! }).on('line', read);
      child.once('exit', (code) => reject(new Error(`exited (${code}):\n${lines.join('\n')}`)));
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await ready;
    const descendants = (pid: number): number[] => {
      const kids = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n')
        .filter(Boolean)
        .map(Number);
      return kids.flatMap((k) => [k, ...descendants(k)]);
    };
    const tree = descendants(child.pid!);
    expect(tree.length).toBeGreaterThan(0);
    const sent = Date.now();
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    // 0 when the gateway drained and npm passed its exit on; 143 (128 + SIGTERM) when npm reports the signal.
    expect(code === 0 || code === 143 || signal === 'SIGTERM', `code ${code}, signal ${signal}`).toBe(true);
    expect(Date.now() - sent).toBeLessThan(15_000);
    // Nothing npm started is left: every descendant is gone (drained, within 10 s of the signal),
    // and the port answers no more.
    const living = () =>
      tree.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
    while (living().length > 0 && Date.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(living()).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 90_000);

  it('embeds: the whole gateway as a yoga server, or its schema in a yoga server of one’s own, type-checked against its declarations', async () => {
    const sandboxPort = await freePort();
    writeFileSync(
      join(app, 'embed.ts'),
      `import { createYoga } from 'graphql-yoga';
import { createAvalancheGateway, type AvalancheGateway } from '${NAME}';

const query = async (fetcher: { fetch: (url: string, init: RequestInit) => Response | Promise<Response> }, document: string) =>
  (await fetcher.fetch('http://app.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: document }),
  })).json();

const gateway: AvalancheGateway = await createAvalancheGateway({
  settings: { SANDBOX: 'on', SANDBOX_PORT: '${sandboxPort}', LOG_LEVEL: 'silent' },
});
try {
  const mine = createYoga({
    schema: gateway.schema,
    context: (initial) => ({ ...gateway.context(initial), app: 'mine' }),
    maskedErrors: { maskError: gateway.maskError },
    graphiql: false,
  });
  const whole = await query(gateway.yoga, '{ network { subnets(first: 1) { nodes { subnetId } } } }');
  const own = await query(mine, '{ network { subnets(first: 1) { nodes { subnetId } } } }');
  // The sandbox fails the next calls: maskError gives the failure its code.
  await fetch('http://127.0.0.1:${sandboxPort}/_sandbox/knobs', {
    method: 'POST',
    body: JSON.stringify({ faults: [{ kind: 'status', status: 503, times: 10 }] }),
  });
  const failed = await query(mine, '{ network { subnets(first: 3) { nodes { subnetId } } } }');
  console.log(JSON.stringify({ whole, own, failed }));
} finally {
  await gateway.close();
}
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: [],
          outDir: 'out',
        },
        files: ['embed.ts'],
      }),
    );
    const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], app, { PATH: process.env.PATH });
    expect(tsc.status, tsc.output).toBe(0);
    const result = run(process.execPath, [join(app, 'out/embed.js')], app, { PATH: process.env.PATH });
    expect(result.status, result.output).toBe(0);
    const { whole, own, failed } = JSON.parse(result.stdout.trim().split('\n').pop()!);
    expect(whole.errors).toBeUndefined();
    // The same data; the whole gateway also says what it cost (demand control is one of its plugins).
    expect(own.data).toEqual(whole.data);
    expect(whole.extensions.cost).toMatchObject({ estimated: { calls: 1 } });
    expect(whole.data.network.subnets.nodes).toHaveLength(1);
    expect(failed.errors[0].extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: { status: 503 } });
  }, 90_000);
});

describe('the command’s settings', () => {
  it('starts its workers with npm start’s node flags', () => {
    // The script's shell expands HEAP_MAX_MB, 512 when unset: the workers' default too.
    const { flags, env } = startCommand();
    expect(flags).toEqual(workerFlags(undefined));
    expect(env).toEqual({ MALLOC_ARENA_MAX: String(MALLOC_ARENAS) });
    expect(workerFlags('1024')).toContain('--max-old-space-size=1024');
  });

  it('takes flags over the environment over the file, and refuses names it does not know', () => {
    const file = join(dir, 'settings.yaml');
    writeFileSync(file, 'PORT: 5000\nHOST: 0.0.0.0\nLIVE_LEASE_MS: 2000\nFEDERATION: true\n');
    const { env, workers } = parseCommand(['--config', file, '--port', '6000'], { HOST: '10.0.0.1', LIVE_LEASE_MS: '' });
    expect(env).toMatchObject({ PORT: '6000', HOST: '10.0.0.1', LIVE_LEASE_MS: '2000', FEDERATION: 'true' });
    expect(workers).toBe(1);
    writeFileSync(file, '{"PORT": 5000, "PROT": 1, "LOG_LEVEL": ["info"]}');
    expect(() => readSettingsFile(file)).toThrow(
      /PROT: not a setting of the gateway[\s\S]*LOG_LEVEL: must be a string, a number or a boolean/,
    );
  });
});
