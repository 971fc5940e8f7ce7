/**
 * The built gateway's modules run as scripts with a full code cache (src/boot.ts runs them).
 *
 * Node's compile cache keeps what V8 compiled when it compiled a module: its top level. Every
 * function V8 compiles later, when first called, is not in it, and a start calls thousands (the
 * graph's field definitions, Pothos, graphql-js, yoga's first request): measured with `perf`, that
 * lazy compilation was about a quarter of a start's main thread, with the compile cache warm.
 * A script's cache (`vm.Script#createCachedData`) holds every function compiled so far when it is
 * made, so one made after the first answer lets the next start compile next to nothing. ES modules
 * have no such call (`vm.SourceTextModule` is behind a flag), so the build (build.mjs) writes each
 * of the gateway's bundle chunks a second time as a function-wrapped CommonJS script beside it
 * (`X.cjs` for `X.js`), and this runs them: one module registry of its own, `require` of a chunk
 * answered from it, anything else from Node's (builtins; the bundle has no other imports).
 *
 * The caches go where Node's own compile cache would (NODE_COMPILE_CACHE, else the system's
 * temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns them off), in a folder per build folder,
 * Node version, architecture, user and command-line flags: V8 refuses a cache made under other flags, and
 * processes started with other flags (the package command's workers, a profiler) would otherwise
 * overwrite each other's. Each cache begins with the CRC-32 of the script it was made from, and
 * is used only for that script: V8's own check is the source's length, and a rebuilt dist/start.cjs
 * of the same length (new chunk names, same length) ran the previous build's code. A stale,
 * refused or missing cache is written again, with `writeCodeCache`, and never read half written
 * (written aside, then renamed). The folders of build folders since removed are removed then too.
 * Beside the caches, `writeCodeCache` lists the Node builtins the process had loaded, which the
 * next start loads before it sets the flags that would make V8 refuse their own caches
 * (`loadRecordedBuiltins`, src/base/code-flags.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
// Aliased: the bundle's banner declares createRequire in every chunk (build.mjs).
import { builtinModules, createRequire as requireFrom } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/** What build.mjs writes beside the scripts (`dist/scripts.json`). */
export interface ScriptsManifest {
  /** The chunk the gateway starts from (src/main.ts's), by its `.js` name. */
  entry: string;
  /** Every chunk written as a script, by its `.js` name. */
  files: string[];
}

/** The scripts this process ran, for the caches and for tests (`loaded`). */
export interface Scripts {
  /** The `.cjs` files run so far, in order, as file URLs. */
  loaded: string[];
  /** Those of them compiled without a cache V8 accepted (none, in a start after one that wrote them). */
  compiled: string[];
  /** The entry's exports. */
  exports: unknown;
  /** The folder of the caches, or undefined when they are off. */
  cacheDir: string | undefined;
  /** Writes the cache of every script run without an accepted one; best effort, like Node's own. */
  writeCodeCache(): void;
}

/** Where src/base/compile-cache.ts finds the running scripts: the scripts hold their own copy of that module, not this process's entry's. */
export const SCRIPTS = Symbol.for('avalanche-graphql-gateway.scripts');

interface Module {
  exports: unknown;
}

let exitHooked = false;

interface Ran {
  name: string;
  script: Script;
  /** The CRC-32 of its source, which its cache begins with. */
  crc: number;
  cached: boolean;
}

/** NODE_DEBUG=gateway-scripts: each script's cache, accepted, stale, refused or absent, and each write, on stderr (as NODE_DEBUG_NATIVE=COMPILE_CACHE reports Node's). */
const debug = debuglog('gateway-scripts');

/** FNV-1a, 32 bits: a folder name for the flags and the build's folder, without loading node:crypto into the start. */
function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The caches' folder for the scripts in `dist` (a folder URL) under this Node, user and set of
 * flags, or undefined when turned off. One per build folder, as Node keys its own cache by file:
 * a rebuild there replaces its caches (and drops those of chunks gone), while two checkouts on
 * one machine each keep theirs.
 */
export function codeCacheDir(dist: URL, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const base = env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  const key = [process.version, process.arch, process.getuid?.() ?? 0, fnv(process.execArgv.join('\0')), fnv(fileURLToPath(dist))];
  return join(base, 'gateway-scripts', key.join('-'));
}

/**
 * Runs the manifest's entry from `dir` (a folder URL) and returns what ran. The chunks' own
 * `import.meta.url` is their `.js` file's: what they find beside them (the package's root, the
 * sandbox's entry) is where it was.
 */
export function runScripts(dir: URL, manifest: ScriptsManifest, cacheDir = codeCacheDir(dir)): Scripts {
  const nodeRequire = requireFrom(dir);
  const registry = new Map<string, Module>();
  const ran: Ran[] = [];
  const known = new Set(manifest.files);

  const load = (name: string): unknown => {
    const found = registry.get(name);
    if (found) return found.exports;
    const module: Module = { exports: {} };
    registry.set(name, module);
    const url = new URL(name.replace(/\.js$/, '.cjs'), dir);
    const file = fileURLToPath(url);
    const source = readFileSync(file);
    const crc = crc32(source);
    const cache = cacheDir === undefined ? undefined : readCache(join(cacheDir, `${name}.cache`));
    const ours = cache !== undefined && cache.length > 4 && cache.readUInt32BE(0) === crc ? cache.subarray(4) : undefined;
    const script = new Script(source.toString('utf8'), { filename: file, cachedData: ours });
    const cached = ours !== undefined && !script.cachedDataRejected;
    ran.push({ name, script, crc, cached });
    scripts.loaded.push(url.href);
    if (!cached) scripts.compiled.push(url.href);
    debug('%s: cache %s', name, cached ? 'accepted' : cache === undefined ? 'absent' : ours === undefined ? 'stale' : 'refused');
    const require = (specifier: string) =>
      specifier.startsWith('./') && known.has(specifier.slice(2)) ? load(specifier.slice(2)) : nodeRequire(specifier);
    // The wrapper build.mjs writes: (exports, require, module, __importMetaUrl).
    (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, new URL(name, dir).href);
    return module.exports;
  };

  const scripts: Scripts = {
    loaded: [],
    compiled: [],
    exports: undefined,
    cacheDir,
    writeCodeCache() {
      if (cacheDir === undefined || (ran.every((r) => r.cached) && recordedBuiltins(cacheDir, manifest) !== undefined)) return;
      try {
        mkdirSync(cacheDir, { recursive: true });
        const record = join(cacheDir, BUILTINS_RECORD);
        writeFileSync(`${record}.${process.pid}`, `${buildLine(manifest)}\n${loadedBuiltins().join('\n')}\n`);
        renameSync(`${record}.${process.pid}`, record);
        for (const r of ran) {
          if (r.cached) continue;
          const file = join(cacheDir, `${r.name}.cache`);
          const crc = Buffer.alloc(4);
          crc.writeUInt32BE(r.crc);
          writeFileSync(`${file}.${process.pid}`, Buffer.concat([crc, r.script.createCachedData()]));
          renameSync(`${file}.${process.pid}`, file);
          r.cached = true;
          debug('%s: cache written', r.name);
        }
        // Earlier builds' chunks (their names hold their content's hash): nothing will read them again.
        for (const entry of readdirSync(cacheDir)) {
          if (entry.endsWith('.cache') && !known.has(entry.slice(0, -'.cache'.length))) rmSync(join(cacheDir, entry), { force: true });
        }
        writeFileSync(join(cacheDir, BUILD_RECORD), fileURLToPath(dir));
        pruneGoneBuilds(cacheDir);
      } catch (error) {
        // A folder that cannot be written: the next start compiles, as it did without a cache.
        debug('caches not written: %s', error);
      }
    },
  };
  (globalThis as Record<symbol, unknown>)[SCRIPTS] = scripts;
  // A process stopped before src/main.ts wrote them (or one that ran chunks since) keeps what it
  // compiled. One listener per process, for the scripts it runs (a test runs several sets).
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => ((globalThis as Record<symbol, unknown>)[SCRIPTS] as Scripts | undefined)?.writeCodeCache());
  }
  scripts.exports = load(manifest.entry);
  return scripts;
}

/** The file in a caches' folder that names the build folder its scripts came from. */
const BUILD_RECORD = 'build-folder';

/**
 * The file in a caches' folder that lists Node's builtins the process that wrote it had loaded, a
 * name a line, after a line naming the build it ran (`buildLine`).
 */
const BUILTINS_RECORD = 'builtins';

/**
 * The builtins record's first line: the build's chunks, whose names carry their contents' hashes.
 * A record is followed only by the build that wrote it. Followed by the next one as well, it
 * could never shrink: each start loads what the record lists, so the process that writes the next
 * record has them loaded too, and a builtin the gateway stopped asking for (node:tls, once loaded
 * at every start by a library's HTTP client the gateway never calls, build.mjs) was loaded at
 * every start for good.
 */
function buildLine(manifest: ScriptsManifest): string {
  return `# build ${fnv(manifest.files.join('\n'))}`;
}

/** The lines of `cacheDir`'s builtins record after its first, if `manifest`'s build wrote it. */
function recordedBuiltins(cacheDir: string, manifest: ScriptsManifest): string[] | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(cacheDir, BUILTINS_RECORD), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  return lines[0] === buildLine(manifest) ? lines.slice(1) : undefined;
}

/**
 * The public Node builtins this process has loaded so far, in the order it loaded them. From
 * `process.moduleLoadList`, which Node has kept since its first versions without documenting it:
 * none if it goes, and a start then loads each builtin where it is first asked for, as before.
 */
export function loadedBuiltins(): string[] {
  const list = (process as { moduleLoadList?: unknown }).moduleLoadList;
  if (!Array.isArray(list)) return [];
  const builtins = new Set(builtinModules);
  const names: string[] = [];
  for (const entry of list) {
    const name = typeof entry === 'string' && entry.startsWith('NativeModule ') ? entry.slice('NativeModule '.length) : '';
    if (builtins.has(name)) names.push(name);
  }
  return names;
}

/**
 * Loads the builtins that the process which wrote the caches in `cacheDir` had loaded when it wrote
 * them (its start and first answer), before src/boot.ts sets the flags under which V8 would refuse
 * their own code caches (src/base/code-flags.ts); returns their names. None without a record of
 * this build (`manifest`'s: the first start of a build, caches off): each is then loaded where it
 * is first asked for. A name that is not a builtin of this Node (a record from another version) is skipped.
 */
export function loadRecordedBuiltins(cacheDir: string | undefined, manifest: ScriptsManifest): string[] {
  const recorded = cacheDir === undefined ? undefined : recordedBuiltins(cacheDir, manifest);
  if (recorded === undefined) return [];
  const builtins = new Set(builtinModules);
  const loaded = recorded.filter((name) => builtins.has(name));
  for (const name of loaded) process.getBuiltinModule(name);
  return loaded;
}

/**
 * Removes the caches' folders, beside `cacheDir`, of build folders that are gone (their
 * `scripts.json` with them). Each build folder gets a folder of its own, of some 4 MB: a test
 * suite that builds into temporary folders left hundreds behind in the system's temporary
 * directory (761 MB after a day of runs). Only where the folders are laid out as
 * `codeCacheDir` lays them (under `gateway-scripts/`), and only those that name their build folder:
 * anything else there is not ours to judge. Run when caches are written, not at every start.
 */
function pruneGoneBuilds(cacheDir: string): void {
  const parent = dirname(cacheDir);
  if (basename(parent) !== 'gateway-scripts') return;
  for (const sibling of readdirSync(parent)) {
    const folder = join(parent, sibling);
    if (folder === cacheDir) continue;
    let build: string;
    try {
      build = readFileSync(join(folder, BUILD_RECORD), 'utf8');
    } catch {
      continue;
    }
    if (!existsSync(join(build, 'scripts.json'))) rmSync(folder, { recursive: true, force: true });
  }
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The manifest beside a build's scripts, or undefined when it cannot be read: a build that stopped part way, which src/boot.ts refuses to start. */
export function scriptsManifest(dir: URL): ScriptsManifest | undefined {
  try {
    return JSON.parse(readFileSync(new URL('scripts.json', dir), 'utf8')) as ScriptsManifest;
  } catch {
    return undefined;
  }
}
