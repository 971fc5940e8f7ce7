/**
 * The image, as far as a machine without a Docker engine can check it: the Dockerfile's own steps
 * (test/helpers/dockerfile.ts) run in temporary folders, offline from npm's cache. The build stage
 * installs and builds; the runtime stage gets only what the Dockerfile copies (no node_modules),
 * and its CMD, started the way a container starts it, serves the sandbox world; its HEALTHCHECK
 * passes while it runs and fails once it is gone. Beside it, the production install the image
 * does not need but a deployment from a clone does: `npm ci --omit=dev` over a built tree
 * succeeds, skips the build and leaves dist/ serving.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, ignoreRule, workdirOf, type Stage } from '../helpers/dockerfile.js';
import { freePort } from '../helpers/ports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

let into: string;
let stages: Map<string, Stage>;
let runtime: Stage;
const runs: { stage: string; command: string; status: number | null; output: string }[] = [];

/** Every file under `dir`, relative to it. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

interface Started {
  child: ChildProcess;
  url: string;
  logs: string[];
  stop(): Promise<void>;
}

/** A container's start: CMD in WORKDIR with the image's ENV and what `docker run -e` would add, nothing of the host's but PATH. */
async function start(stage: Stage, env: Record<string, string>): Promise<Started> {
  const [program, ...args] = stage.cmd!;
  const child = spawn(program!, args, {
    cwd: workdirOf(stage),
    env: { PATH: process.env.PATH, ...stage.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const ready = new Promise<string>((resolve, reject) => {
    const read = (line: string) => {
      logs.push(line);
      if (line.includes('GraphQL gateway ready')) resolve(JSON.parse(line).url);
    };
    createInterface({ input: child.stdout! }).on('line', read);
    createInterface({ input: child.stderr! }).on('line', read);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready:\n${logs.join('\n')}`)));
  });
  const url = await ready;
  return {
    child,
    url,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

beforeAll(() => {
  into = mkdtempSync(join(tmpdir(), 'image-'));
  ({ stages, final: runtime } = build({
    context: ROOT,
    into,
    // Tests do not reach the network: every package comes from npm's cache, as `npm ci` left it.
    runEnv: { npm_config_offline: 'true', npm_config_update_notifier: 'false' },
    lowPriority: true,
    onRun: (stage, command, result) => runs.push({ stage: stage.name, command, ...result }),
  }));
}, 600_000);

afterAll(() => {
  if (into) rmSync(into, { recursive: true, force: true });
});

describe('the Dockerfile', () => {
  it('builds on the very Node release this repository runs on, pinned', () => {
    // npm scripts run node_modules/.bin/node first: the `node` dev dependency is the runtime of
    // `npm start` and `npm test`, and the image must be that release, not a floating tag.
    expect(pkg.devDependencies.node).toBe(process.versions.node);
    for (const stage of stages.values()) expect(stage.image).toBe(`node:${process.versions.node}-bookworm-slim`);
    expect(pkg.engines.node).toBe('>=22.19');
  });

  it('installs without a warning, every install script reviewed, and builds the bundle', () => {
    const install = runs.find((r) => r.command.startsWith('npm ci'))!;
    expect(install.output).not.toMatch(/warn/i);
    // The stage installs with --ignore-scripts (the sources come later); npm lists the install
    // scripts allowScripts does not cover all the same, and would warn of them at any other install.
    const unreviewed = spawnSync('npm', ['install-scripts', 'ls', '--json'], {
      cwd: workdirOf(stages.get('build')!),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_offline: 'true' },
      encoding: 'utf8',
    });
    expect(JSON.parse(unreviewed.stdout)).toEqual({ allowScripts: [] });
    const prepare = runs.find((r) => r.command.includes('npm run prepare'))!;
    expect(prepare.output).not.toMatch(/warn|error/i);
    expect(existsSync(join(workdirOf(stages.get('build')!), 'dist/main.js'))).toBe(true);
  });

  it('ships dist/ without maps, the manifests and the examples, and no node_modules', () => {
    const shipped = files(workdirOf(runtime));
    expect(shipped.some((f) => f.includes('node_modules'))).toBe(false);
    expect(shipped.some((f) => f.endsWith('.map'))).toBe(false);
    expect(shipped).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/main.js',
        'dist/sandbox/main.js',
        'examples/gql/persisted-documents.json',
        'examples/web/src/gql/persisted-documents.json',
        'examples/address.graphql',
        'examples/address.variables.json',
      ]),
    );
    // Owned by root in the image, read by USER node: everything must be readable by others.
    for (const f of shipped) expect((statSync(join(workdirOf(runtime), f)).mode & 0o004) !== 0, f).toBe(true);
    expect(runtime.user).toBe('node');
    expect(runtime.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '4000' });
    expect(runtime.expose).toEqual(['4000']);
  });

  it("starts with npm start's node flags, without npm", () => {
    const script = String(pkg.scripts.start).replace(/^exec /, '');
    expect(runtime.cmd).toEqual(['sh', '-c', `exec ${script}`]);
  });

  it('serves from the runtime stage alone, and its HEALTHCHECK follows the process', async () => {
    const port = await freePort();
    // As `docker run -e SANDBOX=on -e HOST=127.0.0.1 -e PORT=…` would: the demo world, on loopback.
    const gateway = await start(runtime, { SANDBOX: 'on', HOST: '127.0.0.1', PORT: String(port) });
    const health = () =>
      spawnSync(runtime.healthcheck!.cmd[0]!, runtime.healthcheck!.cmd.slice(1), {
        cwd: workdirOf(runtime),
        env: { PATH: process.env.PATH, ...runtime.env, PORT: String(port) },
      }).status;
    try {
      const res = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ network { subnets(first: 2) { nodes { subnetId blockchains { blockchainName } } } } }' }),
      });
      const body = (await res.json()) as any;
      expect(body.errors).toBeUndefined();
      expect(body.data.network.subnets.nodes).toHaveLength(2);
      expect(health()).toBe(0);
    } finally {
      await gateway.stop();
    }
    expect(health()).toBe(1);
  }, 60_000);
});

describe('a production install of a built tree (npm ci --omit=dev)', () => {
  it('skips the build, says so, and leaves dist/ serving', async () => {
    const tree = workdirOf(stages.get('build')!);
    // At the lowest CPU priority, as the stages' steps: other test files time what they do.
    const result = spawnSync('nice', ['-n', '19', 'npm', 'ci', '--omit=dev'], {
      cwd: tree,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output).toMatch(/prepare: esbuild not installed .* dist\/ is served as it is/);
    expect(output).not.toMatch(/warn/i);
    expect(existsSync(join(tree, 'node_modules/esbuild'))).toBe(false);
    const port = await freePort();
    const gateway = await start(
      { ...stages.get('build')!, cmd: ['node', 'dist/main.js'] },
      { SANDBOX: 'on', HOST: '127.0.0.1', PORT: String(port) },
    );
    try {
      const res = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ network { name } }' }),
      });
      expect(await res.json()).toMatchObject({ data: { network: { name: 'MAINNET' } } });
    } finally {
      await gateway.stop();
    }
  }, 120_000);
});

describe('.dockerignore, as test/helpers/dockerfile.ts reads it', () => {
  it('leaves out installs and builds at any depth, and nothing else', () => {
    const ignored = ignoreRule(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
    expect(['node_modules', 'node_modules/x/y.js', 'bench/router/node_modules/a', 'dist/main.js', '.git', 'npm-debug.log']).toSatisfy(
      (paths: string[]) => paths.every(ignored),
    );
    expect(['src/main.ts', 'examples/gql/persisted-documents.json', 'package.json', 'deploy/kubernetes/x.yaml', 'distance.ts']).toSatisfy(
      (paths: string[]) => !paths.some(ignored),
    );
  });
});
