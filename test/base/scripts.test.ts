/**
 * The scripts the built gateway runs from (src/base/scripts.ts), on scripts written here as
 * build.mjs writes them: a module registry of their own, and code caches that are used only for
 * the script they were made from. test/deploy/start.test.ts runs the real ones, `npm start` included.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  codeCacheDir,
  loadedBuiltins,
  loadRecordedBuiltins,
  runScripts,
  type Scripts,
  type ScriptsManifest,
} from '../../src/base/scripts.js';

const root = mkdtempSync(join(tmpdir(), 'scripts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A dist/ of scripts `a` (the entry) and `b`, with their own caches' folder. Each source is unique: V8 keeps compiled scripts by source within a process. */
function dist(b = `module.exports = { n: ${Math.random()} };`) {
  const dir = join(root, `dist-${folders++}`);
  mkdirSync(dir, { recursive: true });
  const wrap = (body: string) => `(function (exports, require, module, __importMetaUrl) {"use strict";\n${body}\n})`;
  writeFileSync(
    join(dir, 'a.cjs'),
    wrap(`const b = require('./b.js');
module.exports = { b, again: require('./b.js'), sep: require('node:path').sep, url: __importMetaUrl, strict: this === undefined, n: ${Math.random()} };`),
  );
  writeFileSync(join(dir, 'b.cjs'), wrap(b));
  const manifest: ScriptsManifest = { entry: 'a.js', files: ['a.js', 'b.js'] };
  return { url: pathToFileURL(`${dir}/`), cache: join(dir, 'cache'), manifest, dir };
}

/** The entry's exports. */
const entry = (scripts: Scripts) => scripts.exports as { b: { v?: number }; again: unknown; sep: string; url: string; strict: boolean };
const names = (urls: string[]) => urls.map((url) => url.split('/').pop());

describe('runScripts', () => {
  it('runs the entry, answers a chunk’s require from its own registry and builtins from Node’s, as strict code with its .js URL', () => {
    const { url, cache, manifest } = dist();
    const scripts = runScripts(url, manifest, cache);
    expect(names(scripts.loaded)).toEqual(['a.cjs', 'b.cjs']);
    const a = entry(scripts);
    expect(a.again).toBe(a.b);
    expect(a.sep).toBe('/');
    expect(a.url).toBe(new URL('a.js', url).href);
    expect(a.strict).toBe(true);
  });

  it('writes a cache for each script it compiled, which the next run uses instead of compiling', () => {
    const { url, cache, manifest } = dist();
    const first = runScripts(url, manifest, cache);
    expect(first.compiled).toHaveLength(2);
    first.writeCodeCache();
    // With the build folder they came from (see 'the caches of build folders that are gone').
    expect(readdirSync(cache).sort()).toEqual(['a.js.cache', 'b.js.cache', 'build-folder', 'builtins']);
    const second = runScripts(url, manifest, cache);
    expect(second.compiled).toEqual([]);
    expect(second.loaded).toHaveLength(2);
  });

  it('does not use a cache made from another source of the same length, and writes it again', () => {
    const { url, cache, manifest, dir } = dist('module.exports = { v: 1111 };');
    runScripts(url, manifest, cache).writeCodeCache();
    const before = readFileSync(join(cache, 'b.js.cache'));
    writeFileSync(join(dir, 'b.cjs'), readFileSync(join(dir, 'b.cjs'), 'utf8').replace('1111', '2222'));
    const again = runScripts(url, manifest, cache);
    // Which V8 would have taken: it compares the source's length only.
    expect(names(again.compiled)).toEqual(['b.cjs']);
    expect(entry(again).b.v).toBe(2222);
    again.writeCodeCache();
    expect(readFileSync(join(cache, 'b.js.cache')).equals(before)).toBe(false);
    expect(runScripts(url, manifest, cache).compiled).toEqual([]);
  });

  it('compiles past a cache V8 refuses, and writes it again', () => {
    // Never compiled in this process: V8 would otherwise take its own copy and not read the cache.
    const { url, cache, manifest, dir } = dist();
    mkdirSync(cache);
    const file = join(cache, 'a.js.cache');
    // The right checksum, then bytes V8 cannot read.
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(readFileSync(join(dir, 'a.cjs'))));
    writeFileSync(file, Buffer.concat([crc, Buffer.alloc(64, 7)]));
    const scripts = runScripts(url, manifest, cache);
    expect(names(scripts.compiled)).toEqual(['a.cjs', 'b.cjs']);
    expect(entry(scripts).sep).toBe('/');
    scripts.writeCodeCache();
    expect(readFileSync(file).length).toBeGreaterThan(68);
    expect(readFileSync(file).subarray(0, 4).equals(crc)).toBe(true);
  });

  it('drops the caches of scripts the manifest no longer names, and writes nothing where it cannot', () => {
    const { url, cache, manifest } = dist();
    const scripts = runScripts(url, manifest, cache);
    writeFileSync(join(root, 'not-a-folder'), '');
    const blocked = runScripts(url, manifest, join(root, 'not-a-folder', 'cache'));
    expect(() => blocked.writeCodeCache()).not.toThrow();
    scripts.writeCodeCache();
    writeFileSync(join(cache, 'old-chunk.js.cache'), 'x');
    const next = dist();
    const later = runScripts(next.url, next.manifest, cache);
    later.writeCodeCache();
    expect(existsSync(join(cache, 'old-chunk.js.cache'))).toBe(false);
  });
});

describe('the caches of build folders that are gone', () => {
  /** A build folder with its manifest, as build.mjs leaves one, and its caches' folder where codeCacheDir would put it. */
  function built(base: string) {
    const made = dist();
    writeFileSync(join(made.dir, 'scripts.json'), JSON.stringify(made.manifest));
    const cache = codeCacheDir(made.url, { NODE_COMPILE_CACHE: base })!;
    runScripts(made.url, made.manifest, cache).writeCodeCache();
    return { ...made, cache };
  }

  it('are removed when another build writes its caches; those of builds still there, and anything not ours, are kept', () => {
    const base = join(root, 'compile-cache');
    const kept = built(base);
    const gone = built(base);
    const stranger = join(base, 'gateway-scripts', 'not-ours');
    mkdirSync(stranger, { recursive: true });
    writeFileSync(join(stranger, 'x.js.cache'), 'x');
    expect(readFileSync(join(gone.cache, 'build-folder'), 'utf8')).toBe(`${gone.dir}/`);
    rmSync(gone.dir, { recursive: true });
    // Still there until caches are written again: a start that reads its caches scans nothing.
    runScripts(kept.url, kept.manifest, kept.cache);
    expect(existsSync(gone.cache)).toBe(true);
    const next = built(base);
    expect(existsSync(gone.cache)).toBe(false);
    expect(readdirSync(kept.cache).sort()).toEqual(['a.js.cache', 'b.js.cache', 'build-folder', 'builtins']);
    expect(existsSync(join(stranger, 'x.js.cache'))).toBe(true);
    expect(existsSync(next.cache)).toBe(true);
  });

  it('are left alone where the caches are not laid out as codeCacheDir lays them', () => {
    const gone = dist();
    const elsewhere = join(root, 'elsewhere');
    runScripts(gone.url, gone.manifest, join(elsewhere, 'one')).writeCodeCache();
    rmSync(gone.dir, { recursive: true });
    const other = dist();
    runScripts(other.url, other.manifest, join(elsewhere, 'two')).writeCodeCache();
    expect(existsSync(join(elsewhere, 'one', 'a.js.cache'))).toBe(true);
  });
});

describe('the builtins a start loads', () => {
  const loadedHere = () => (process as unknown as { moduleLoadList: string[] }).moduleLoadList;

  it('are listed beside the caches, in the order this process loaded them', () => {
    const { url, cache, manifest } = dist();
    runScripts(url, manifest, cache).writeCodeCache();
    const [build, ...listed] = readFileSync(join(cache, 'builtins'), 'utf8').trim().split('\n');
    expect(build).toMatch(/^# build [0-9a-f]{8}$/);
    expect(listed).toEqual(loadedBuiltins());
    // Public names only (node:fs is loaded by every process; internal/… never is by name).
    expect(listed).toContain('fs');
    expect(listed.some((name) => name.startsWith('internal/'))).toBe(false);
    // In the order loaded: each name's first place in Node's own list.
    const order = loadedHere().map((entry) => entry.replace(/^NativeModule /, ''));
    expect(listed.map((name) => order.indexOf(name))).toEqual(listed.map((name) => order.indexOf(name)).sort((a, b) => a - b));
  });

  it('are listed again when the list is missing, though every cache was accepted', () => {
    const { url, cache, manifest } = dist();
    runScripts(url, manifest, cache).writeCodeCache();
    rmSync(join(cache, 'builtins'));
    const again = runScripts(url, manifest, cache);
    expect(again.compiled).toEqual([]);
    again.writeCodeCache();
    expect(existsSync(join(cache, 'builtins'))).toBe(true);
  });

  it('are loaded from the list by the next start of the build, names this Node does not have skipped; none without a list', () => {
    const { url, cache, manifest } = dist();
    runScripts(url, manifest, cache).writeCodeCache();
    const [build] = readFileSync(join(cache, 'builtins'), 'utf8').split('\n');
    // A builtin nothing else in this process loads, and names from another Node or none at all.
    expect(loadedHere()).not.toContain('NativeModule trace_events');
    writeFileSync(join(cache, 'builtins'), `${build}\nfs\ntrace_events\nno-such-builtin\ninternal/url\n\n`);
    expect(loadRecordedBuiltins(cache, manifest)).toEqual(['fs', 'trace_events']);
    expect(loadedHere()).toContain('NativeModule trace_events');
    expect(loadRecordedBuiltins(join(cache, 'nowhere'), manifest)).toEqual([]);
    expect(loadRecordedBuiltins(undefined, manifest)).toEqual([]);
  });

  it("are not loaded from another build's list, which the new build's first start writes again from what it loaded itself", () => {
    const { url, cache, manifest } = dist();
    runScripts(url, manifest, cache).writeCodeCache();
    const [build] = readFileSync(join(cache, 'builtins'), 'utf8').split('\n');
    // The previous build's start loaded a builtin this one never asks for: were it loaded from
    // the list, the next list would name it again, and every later start would load it.
    expect(loadedHere()).not.toContain('NativeModule wasi');
    writeFileSync(join(cache, 'builtins'), `# build 00000000\nfs\nwasi\n`);
    expect(loadRecordedBuiltins(cache, manifest)).toEqual([]);
    // Nor an old list without the build's line.
    writeFileSync(join(cache, 'builtins'), 'fs\nwasi\n');
    expect(loadRecordedBuiltins(cache, manifest)).toEqual([]);
    // Every cache is accepted, yet the list is another build's: it is written again.
    const again = runScripts(url, manifest, cache);
    expect(again.compiled).toEqual([]);
    again.writeCodeCache();
    const [rebuilt, ...listed] = readFileSync(join(cache, 'builtins'), 'utf8').trim().split('\n');
    expect(rebuilt).toBe(build);
    expect(listed).toEqual(loadedBuiltins());
    expect(listed).not.toContain('wasi');
    // A build of other chunks has a line of its own.
    expect(loadRecordedBuiltins(cache, { entry: 'a.js', files: ['a.js', 'c.js'] })).toEqual([]);
    expect(loadRecordedBuiltins(cache, manifest)).toEqual(listed);
  });
});

describe('codeCacheDir', () => {
  it('is under NODE_COMPILE_CACHE, one folder per build folder, Node, user and flags; off with NODE_DISABLE_COMPILE_CACHE=1', () => {
    const here = pathToFileURL('/opt/gateway/dist/');
    const dir = codeCacheDir(here, { NODE_COMPILE_CACHE: '/somewhere' })!;
    expect(dir.startsWith('/somewhere/gateway-scripts/')).toBe(true);
    expect(dir).toContain(`${process.version}-${process.arch}-`);
    expect(codeCacheDir(pathToFileURL('/opt/other/dist/'), { NODE_COMPILE_CACHE: '/somewhere' })).not.toBe(dir);
    expect(codeCacheDir(here, { NODE_COMPILE_CACHE: '/somewhere' })).toBe(dir);
    expect(codeCacheDir(here, { NODE_DISABLE_COMPILE_CACHE: '1', NODE_COMPILE_CACHE: '/somewhere' })).toBeUndefined();
    expect(codeCacheDir(here, {})!.startsWith(join(tmpdir(), 'node-compile-cache'))).toBe(true);
  });
});
