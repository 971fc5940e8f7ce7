/**
 * The V8 flags of the built gateway that change the code V8 compiles, set by its entry
 * (src/boot.ts) once the Node builtins a start needs are loaded, rather than on `node`'s command
 * line.
 *
 * Why: Node's own modules (node:http, node:crypto, node:zlib...) come compiled, as code caches in
 * its binary, and V8 takes a code cache only under the flags it was made with. Not every flag
 * counts: the heap's sizes, the memory reducer and the scavenger's threads do not; these do. Given
 * on the command line, they made V8 refuse every builtin's cache (`NODE_DEBUG_NATIVE=CODE_CACHE`
 * says "rejected": 125 of 125 to the first answer), and each start compiled the builtins it loads
 * from their sources: loading the gateway's builtins took 78 ms with them against 31 without
 * (node 24, the median of 7). Set here, 123 of 125 are accepted, and the built gateway's main thread
 * spent 39 ms less CPU to its first answer (median of 16 interleaved pairs of starts: 482 against
 * 523 ms).
 *
 * What they do is unchanged: V8 reads each where it decides (whether to tier a function up to
 * Maglev; whether an allocation site's feedback moves it to the old generation, at each young
 * collection), and nothing the gateway runs is compiled before they are set, its own scripts
 * included, whose caches (src/base/scripts.ts) are then made and read under them. Why each is off
 * is in src/cli.ts (`workerFlags`), beside the command-line flags. A flag named on the command
 * line or in NODE_OPTIONS, either way (`--maglev`, `--no-maglev`), is the operator's, and is left
 * as given.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * Each flag, with what V8 makes of it when it is given at start: the values it then gives other
 * flags (its implications), which V8 works out only at start. With Maglev on, TurboFan waits for
 * 10,000 calls of a function rather than 3,000 (Maglev is meant to fill the gap): turned off
 * later without that, the request path took about 8 s of load to reach its speed instead of
 * about 3. test/base/code-flags.test.ts checks that, on this Node, giving these flags at start
 * changes exactly these values (`--print-flag-values`).
 *
 * `--no-maglev`: each hot function of the request path was compiled twice, by Maglev and then
 * TurboFan. `--no-allocation-site-pretenuring`: in about half the processes started V8 placed a
 * per-request object in the old generation, which kept each request's young objects alive.
 */
export const CODE_FLAGS: readonly { flag: string; implies: readonly string[] }[] = [
  { flag: '--no-maglev', implies: ['--no-maglev-overwrite-budget', '--invocation-count-for-turbofan=3000'] },
  { flag: '--no-allocation-site-pretenuring', implies: [] },
];

/** A V8 flag's name as V8 matches it: `_` as `-`, without its dashes, a `no` prefix or a value. */
function flagName(arg: string): string | undefined {
  return /^--?(?:no-?)?([a-z][a-z0-9-]*)/.exec(arg.replace(/_/g, '-').toLowerCase())?.[1];
}

/** The names of the flags given in `args` (`--no-maglev` and `--maglev` both name `maglev`). */
function namedIn(args: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const arg of args) {
    const name = flagName(arg);
    if (name) names.add(name);
  }
  return names;
}

/**
 * The flags to set, implications included: CODE_FLAGS but those the command line (`execArgv`) or
 * NODE_OPTIONS name already (with the implications of a flag so named, which V8 then worked out
 * itself), and but an implied value named there.
 */
export function codeFlagsToSet(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = namedIn([...execArgv, ...nodeOptions.split(/\s+/)]);
  return CODE_FLAGS.filter(({ flag }) => !given.has(flagName(flag)!)).flatMap(({ flag, implies }) => [
    flag,
    ...implies.filter((implied) => !given.has(flagName(implied)!)),
  ]);
}

/** Sets CODE_FLAGS, but those the operator gave; returns the flags set. */
export function setCodeFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS): string[] {
  const flags = codeFlagsToSet(execArgv, nodeOptions);
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}

/**
 * Whether the command line (or NODE_OPTIONS, which it overrides) leaves V8's young collections to
 * the main thread alone: the last `parallel-scavenge` flag named, in any spelling V8 takes, is the
 * `no` one.
 */
export function parallelScavengeOff(execArgv: readonly string[], nodeOptions = ''): boolean {
  let off = false;
  for (const arg of [...nodeOptions.split(/\s+/), ...execArgv]) {
    if (flagName(arg) === 'parallel-scavenge') off = /^--?no/.test(arg.replace(/_/g, '-').toLowerCase());
  }
  return off;
}

/**
 * A start's young collections with V8's helper threads, where the command line has a request's on
 * the main thread alone (`--no-parallel-scavenge`, as npm start, the image and `--workers` give it:
 * src/cli.ts says why). A request's collection finds little alive in the 4 MB young generation,
 * and sharing it out cost more than it saved; a start's copies the graph as it is being built,
 * nearly all of it alive, and the helpers take part of that off the start's one thread. Set by
 * the built entry (src/boot.ts) before the gateway's scripts run; `youngCollectionsAsGiven` puts
 * the command line's choice back once the gateway listens. V8 reads the flag at each collection,
 * and makes no code cache under it (test/deploy/start.test.ts checks both on the built gateway).
 */
export function shareStartCollections(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS): void {
  if (parallelScavengeOff(execArgv, nodeOptions)) setFlagsFromString('--parallel-scavenge');
}

/** The young collections as the command line has them again, once the start is over (`shareStartCollections`). */
export function youngCollectionsAsGiven(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS): void {
  if (parallelScavengeOff(execArgv, nodeOptions)) setFlagsFromString('--no-parallel-scavenge');
}
