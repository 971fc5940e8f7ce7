#!/usr/bin/env node
/**
 * `avalanche-graphql-gateway`, the package's command: the server of `npm start`, with its settings
 * from flags, the environment and a settings file, on as many cores as asked.
 *
 * The gateway itself runs in node:cluster workers (dist/main.js, unchanged), always, even one: a
 * worker is started with the node flags `npm start` gives (heap bounds; see docs/operating.md
 * "Memory"), which a command started by `npx` or a shell cannot set on itself, and a worker that
 * dies is replaced. With several workers they share the port (the
 * primary hands each connection to the next worker), like Hive Gateway's --fork: each is an
 * instance of its own, sharing what instances share through Redis (REDIS_URL), nothing else.
 *
 * The settings are checked once, here, before any worker starts: a mistake is reported once, not
 * by every worker.
 * The settings file is not folded into the workers' environment: each worker reads it (CONFIG_FILE)
 * at start and again on SIGHUP, which this process passes on to them (src/gateway/reload.ts). A worker
 * started to replace one that died reads the file as it is then.
 */
import cluster, { type Worker } from 'node:cluster';
import { readFileSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, servingSandbox, type Config } from './config/config.js';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './gateway/embedded-sandbox.js';
import { createLogger, type Logger } from './base/logger.js';
import { aggregateWorkerMetrics } from './ops/cluster-metrics.js';
import { readSettingsFile, SettingsFileError, withSettingsFile } from './config/settings-file.js';

const USAGE = `Usage: avalanche-graphql-gateway [options]

One GraphQL graph over the Avalanche Data API, the Metrics API and an avalanchego node.
GraphiQL on http://<host>:<port>/graphql.

Options:
  -p, --port <port>     Port to listen on (PORT, default 4000)
      --host <host>     Address to listen on (HOST, default 127.0.0.1; 0.0.0.0 for every interface)
      --sandbox         Serve the built-in sandbox world instead of the real upstreams (SANDBOX=on)
  -w, --workers <n>     Processes serving the port: a number, or "auto" for one per core (default 1)
  -c, --config <file>   Settings from a JSON or YAML file, with the environment variables' names as keys
  -v, --version         Print the version
  -h, --help            Print this help

Every setting of README "Configuration" can come from the environment or the settings file;
flags win over the environment, which wins over the file. With several workers each is an
instance of its own: set REDIS_URL for them to share their cache, rate limits and subscription
pollers, as several machines would.

Send SIGHUP to reload the settings file and the trusted-document manifests without a restart
(README "Reload without a restart"): each worker applies what may change while it serves and
logs any setting that needs a restart.

Examples:
  avalanche-graphql-gateway --sandbox
  DATA_API_KEY=… avalanche-graphql-gateway --host 0.0.0.0 --workers auto
  avalanche-graphql-gateway --config gateway.yaml`;

/**
 * glibc's malloc arenas npm start allows (MALLOC_ARENA_MAX, 2 unless set): by default each thread
 * that allocates (libuv's pool, V8's helpers) may get an arena of its own, and what they free
 * stays in the process. Measured by npm run bench:mixed: 151 MB after 30 s idle with the default,
 * 144 MB with 2, for more traffic. test/deploy/package.test.ts checks it is npm start's.
 */
export const MALLOC_ARENAS = '2';

/**
 * npm start's node flags (package.json), HEAP_MAX_MB included: test/deploy/package.test.ts checks they are the same.
 * `--no-memory-reducer`: the gateway's own idle release (src/ops/idle-release.ts) takes the place of
 * V8's memory reducer, whose collections a few seconds into any pause discarded the code V8 had
 * optimized for the traffic before it.
 * Two more flags, `--no-allocation-site-pretenuring` and `--no-maglev`, are set by the built entry
 * itself once Node's builtins are loaded (src/base/code-flags.ts: on the command line they made V8
 * refuse the builtins' code caches), for npm start, the image and these workers alike:
 * `--no-allocation-site-pretenuring`: V8 otherwise decides, from what survives its first young
 * collections, to allocate some sites' objects straight in the old generation. In about half the
 * processes started (4 of 8, the one-call query under 10 connections, --trace-gc-nvp) it so
 * placed a per-request object, whose old-to-young pointers then kept each request's young objects
 * alive to their promotion: 4.3 to 5.3 KB promoted a request instead of 0.13, a full collection
 * every half second instead of every two or three, and 274 to 357 µs of CPU a request instead
 * of 180 to 234. Without it, 16 processes of 16 kept to 0.13 KB.
 * `--no-maglev`: Maglev is a tier between the baseline code and TurboFan, so each hot function of
 * the request path was compiled twice, and both again after a full collection drops the optimized
 * code of the closures a request makes. perf, on-CPU, 5 to 11 s into the one-call query's load
 * (cache off): V8's compilers took 33 µs of a request's CPU with it, 16.5 (6 in another run)
 * without. ../shared/bench/run.js, cache off, alternating the same hour: 6,164 and 6,336 req/s
 * without it, 4,014 and 5,316 with it, at a peak RSS of 129 and 136 MB against 158 and 162.
 * Measured again on node 24 (`npm run bench:flags -- --maglev --pairs 2`): 7.7 and 13.3 µs more
 * CPU a request with it (two gateways started alike: -7.2), at a peak RSS of 147 and 151 MB
 * against 122 and 123. Where Maglev should pay, a fresh process's first queries, it pays little:
 * over the nested benchmark query's first ten runs in a new gateway (../shared/bench/nested.js's
 * sequence, four rounds of five or six gateways each way, interleaved), the median ratio to the raw
 * client was 0.02 to 0.07 lower with it, inside one round's spread, for 32 ms of CPU a query
 * against 29.
 * `--no-parallel-scavenge`: a young collection of 4 MB semi-spaces leaves little to copy, and
 * sharing it out to helper threads cost more than it saved: its pause was 0.86 ms on average with
 * them and 0.39 without (--trace-gc, the one-call query), and the CPU a request 2.2 to 13.4 µs
 * lower in 8 of 9 pairs of gateways, 1.2 higher in the ninth (npm run bench:flags; two started
 * alike differ by -2.9 to +5.5). The start's young collections, which copy the graph being
 * built, took about 10 ms longer without the helpers (68-70 against 53-63 ms): the built entry
 * lets the helpers take part in those until the gateway listens (src/base/code-flags.ts,
 * `shareStartCollections`).
 */
export function workerFlags(heapMaxMb: string | undefined): string[] {
  return ['--max-semi-space-size=4', `--max-old-space-size=${heapMaxMb || 512}`, '--no-memory-reducer', '--no-parallel-scavenge'];
}

/** The gateway's entry beside this one: built (dist/main.js), or the source when run by tsx. */
const MAIN = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url));

/** A worker that exits this soon after its start, this many times in a row, will not be started again. */
const EARLY_EXIT_MS = 10_000;
const EARLY_EXITS = 5;

class UsageError extends Error {}

export { readSettingsFile };

interface Command {
  help: boolean;
  version: boolean;
  workers: number;
  /** The settings the workers start with: the file's, then the environment's, then the flags'. */
  env: Record<string, string | undefined>;
  /**
   * The environment the workers are given: the environment, the flags and CONFIG_FILE, without
   * the file's settings, which each worker reads itself, at start and on every reload.
   */
  workerEnv: Record<string, string | undefined>;
}

export function parseCommand(argv: string[], env: Record<string, string | undefined>): Command {
  let values: ReturnType<typeof parse>['values'];
  const parse = (args: string[]) =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        sandbox: { type: 'boolean' },
        workers: { type: 'string', short: 'w' },
        config: { type: 'string', short: 'c' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  try {
    ({ values } = parse(argv));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const workers = values.workers === undefined ? 1 : values.workers === 'auto' ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 1024) {
    throw new UsageError(`--workers: must be a number from 1 to 1024, or auto (got ${JSON.stringify(values.workers)})`);
  }
  const workerEnv: Record<string, string | undefined> = { ...env };
  // Absolute: a reload reads it again, whatever the working directory is by then.
  if (values.config !== undefined) workerEnv.CONFIG_FILE = resolve(values.config);
  if (values.port !== undefined) workerEnv.PORT = values.port;
  if (values.host !== undefined) workerEnv.HOST = values.host;
  if (values.sandbox) workerEnv.SANDBOX = 'on';
  let merged: Record<string, string | undefined>;
  try {
    merged = withSettingsFile(workerEnv);
  } catch (error) {
    if (error instanceof SettingsFileError) throw new UsageError(error.message);
    throw error;
  }
  return { help: values.help === true, version: values.version === true, workers, env: merged, workerEnv };
}

/** `LIVE_POLL_<KIND>_MS`, the variable of a subscription kind's poll interval. */
const pollVariable = (kind: string) => `LIVE_POLL_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_MS`;

/**
 * Several workers with SANDBOX=on share one sandbox, started here, rather than each building a
 * world of its own: they get its URLs, and the poll intervals src/main.ts would pace to it.
 */
async function sharedSandbox(config: Config, env: Record<string, string | undefined>) {
  const sandbox = await startEmbeddedSandbox({
    port: config.sandboxPort,
    seed: config.sandboxSeed,
    latencyMs: config.sandboxLatencyMs,
    blockMs: config.sandboxBlockMs,
  });
  await sandbox.ready;
  const paced = servingSandbox(config, sandbox.urls);
  const workerEnv: Record<string, string | undefined> = {
    ...env,
    SANDBOX: 'off',
    DATA_API_URL: sandbox.urls.dataApi,
    METRICS_API_URL: sandbox.urls.metricsApi,
    NODE_URL_MAINNET: sandbox.urls.node.mainnet,
    NODE_URL_FUJI: sandbox.urls.node.fuji,
  };
  for (const kind of config.live.defaultIntervals) workerEnv[pollVariable(kind)] = String(paced.live.intervals[kind]);
  return { sandbox, workerEnv };
}

/**
 * The command and its checked settings; undefined when it only printed something (help, the
 * version) or reported a mistake (with its exit code set).
 */
function commandOf(argv: string[]): { command: Command; config: Config } | undefined {
  try {
    const command = parseCommand(argv, process.env);
    if (command.help) {
      console.log(USAGE);
      return undefined;
    }
    if (command.version) {
      const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
      console.log(pkg.version);
      return undefined;
    }
    return { command, config: loadConfig(command.env) };
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      if (error instanceof UsageError) console.error('\nRun avalanche-graphql-gateway --help for the options.');
      process.exitCode = error instanceof UsageError ? 2 : 1;
      return undefined;
    }
    throw error;
  }
}

/**
 * Keeps the workers running: one that exits is replaced (later each time it exits early, and not
 * at all after EARLY_EXITS in a row); a signal is passed on to every worker, and this process
 * exits when the last one has, after closing the shared sandbox.
 */
function superviseWorkers(env: Record<string, string | undefined>, logger: Logger, sandbox: EmbeddedSandbox | undefined) {
  let stopping = false;
  let exitCode = 0;
  let earlyExits = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    if (!stopping) startedAt.set(cluster.fork(env), Date.now());
  };
  const finish = () => void (sandbox?.close() ?? Promise.resolve()).then(() => logger.flush(() => process.exit(exitCode)));
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker drains as src/main.ts does on this signal (SIGTERM: DRAIN_DELAY_MS, then the drain).
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    if (startedAt.size === 0) finish();
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) finish();
      return;
    }
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    if (earlyExits >= EARLY_EXITS) {
      logger.fatal(`workers keep exiting within ${EARLY_EXIT_MS / 1000} s of their start (${earlyExits} in a row): giving up`);
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    logger.warn({ pid: worker.process.pid, code, signal }, 'a worker exited: starting another');
    // One that failed at once is not restarted in a tight loop.
    setTimeout(fork, 1000 * earlyExits);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  stopWithNpm(stop);
  // Each worker reloads on its own (src/gateway/reload.ts) and logs what it applied; this process only
  // passes the signal on, which would otherwise end it.
  process.on('SIGHUP', () => {
    for (const worker of startedAt.keys()) worker.process.kill('SIGHUP');
  });
  return { fork };
}

/**
 * Run by npm (`npm exec`, `npm start`, `npx`), the command is npm's shell's child: on SIGTERM, npm
 * signals that shell and exits, and the shell dies without passing the signal on, leaving this
 * process serving under init (npm 11, checked in test/deploy/package.test.ts). So under npm, and
 * only there (a command started from a shell that later exits, with `&` or nohup, keeps serving),
 * a parent gone is a stop, drained as SIGTERM would be.
 */
function stopWithNpm(stop: (signal: NodeJS.Signals) => void): void {
  if (!process.env.npm_command) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, 250).unref();
}

async function primary(argv: string[]): Promise<void> {
  const started = commandOf(argv);
  if (!started) return;
  const { command, config } = started;
  const logger = createLogger(config.logLevel);
  let env: Record<string, string | undefined> = { MALLOC_ARENA_MAX: MALLOC_ARENAS, ...command.workerEnv };
  let sandbox: EmbeddedSandbox | undefined;
  if (config.sandbox === 'on' && command.workers > 1) {
    logger.info('building the sandbox world the workers share (a few seconds)');
    ({ sandbox, workerEnv: env } = await sharedSandbox(config, env));
    logger.info({ dataApi: sandbox.urls.dataApi }, 'the sandbox serves every worker');
  }

  // One worker accepts its connections itself; several take turns, handed out by this process.
  cluster.schedulingPolicy = command.workers === 1 ? cluster.SCHED_NONE : cluster.SCHED_RR;
  // HEAP_MAX_MB was checked by loadConfig.
  cluster.setupPrimary({ exec: MAIN, args: [], execArgv: [...process.execArgv, ...workerFlags(env.HEAP_MAX_MB)] });
  const { fork } = superviseWorkers(env, logger, sandbox);

  // Whichever worker a scrape reaches answers for all of them.
  aggregateWorkerMetrics();
  if (command.workers > 1) logger.info({ workers: command.workers }, `starting ${command.workers} workers on one port`);
  for (let i = 0; i < command.workers; i++) fork();
}

/** Run as a command (npm's bin link resolves to this file), not imported by a test. */
const invoked = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (cluster.isPrimary && invoked) await primary(process.argv.slice(2));
