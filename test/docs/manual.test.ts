/**
 * The manual: README.md is the front door (at most 250 lines, leading to every page of docs/),
 * the generated pages are what their generators write, every link and every repository path the
 * manual and the code's comments cite leads somewhere, and the shell snippets that can run do,
 * against the built gateway.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { manualBlocks, manualPages, ROOT } from '../helpers/manual.js';
import { useSandbox } from '../helpers/sandbox.js';
import { REFERENCE, schemaReference } from '../generate/schema-reference.js';

const pages = manualPages();
const readme = pages.find((p) => p.path === 'README.md')!.text;

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

/** A page's prose: its fenced code left out (an application's paths, commands to type). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** The files whose comments cite repository paths: sources, tests, the sandbox, benchmarks, scripts. */
function codeFiles(dir = ROOT, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', '.git', 'test-results', 'contract'].includes(name) && dir !== join(ROOT, 'test', 'x')) {
      // test/contract/ is reference data copied from elsewhere: its paths are its sources'.
      if (!(name === 'contract' && dir !== join(ROOT, 'test'))) continue;
    }
    const path = join(dir, name);
    if (statSync(path).isDirectory()) codeFiles(path, found);
    else if (/\.(ts|mjs|cjs)$/.test(name) && !name.endsWith('.generated.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The comments of a source file. */
const comments = (text: string) => [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => m[0]).join('\n');

/** Repository paths a text cites: under a top-level folder of this repository, no wildcard or placeholder. */
function citedPaths(text: string): string[] {
  const found = [
    ...text.matchAll(/(?<![\w/.@:-])((?:src|test|docs|deploy|examples|bench|sandbox|schema)\/[\w./-]*[\w/])(?![*<{\w]|[./-][\w*<{])/g),
  ];
  return found.map((m) => m[1]!).filter((p) => !p.includes('..'));
}

/** Whether a cited path exists, from the root or from a folder above the citing file, as a file, a folder or a module without its extension. */
function exists(path: string, citedIn: string): boolean {
  for (let dir = dirname(citedIn); ; dir = dirname(dir)) {
    const base = join(dir, path);
    if ([base, `${base}.ts`, `${base}.js`].some((p) => existsSync(p))) return true;
    if (dir === ROOT || dir === dirname(dir)) return false;
  }
}

describe('the manual', () => {
  it('has a front door of at most 250 lines that leads to every page of docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const docs = pages.filter((p) => p.path.startsWith('docs/')).map((p) => p.path);
    expect(docs.length).toBeGreaterThan(10);
    for (const page of docs) expect({ page, linked: readme.includes(`](${page})`) }).toEqual({ page, linked: true });
  });

  it('has the schema reference the schema gives: `npm run codegen:reference` writes it', () => {
    expect(readFileSync(REFERENCE, 'utf8') === schemaReference()).toBe(true);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    // Each page's headings once: the schema reference alone is linked to thousands of times, and
    // read again for each link this test took 13 to 23 s of its 30 in CI.
    const headingsOf = new Map<string, string[]>();
    const headings = (path: string) => {
      let found = headingsOf.get(path);
      if (!found)
        headingsOf.set(
          path,
          (found = prose(readFileSync(path, 'utf8'))
            .split('\n')
            .filter((l) => /^#{1,6} /.test(l))
            .map((l) => slug(l.replace(/^#+ /, '')))),
        );
      return found;
    };
    for (const page of pages) {
      for (const [, target] of prose(page.text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target!)) continue;
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const path = file === '' ? join(ROOT, page.path) : join(ROOT, dirname(page.path), file);
        if (!existsSync(path)) {
          broken.push(`${page.path}: ${target} (no such file)`);
          continue;
        }
        if (anchor && path.endsWith('.md') && !headings(path).includes(anchor)) broken.push(`${page.path}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('cites only repository paths that exist, in its prose and in the code’s comments', () => {
    const missing: string[] = [];
    for (const page of pages)
      for (const path of citedPaths(prose(page.text))) if (!exists(path, join(ROOT, page.path))) missing.push(`${page.path}: ${path}`);
    const files = codeFiles();
    expect(files.length).toBeGreaterThan(200);
    for (const file of files)
      for (const path of citedPaths(comments(readFileSync(file, 'utf8'))))
        if (!exists(path, file)) missing.push(`${relative(ROOT, file)}: ${path}`);
    expect(missing).toEqual([]);
  });

  it('composes the supergraph at a federation version no older than the one our subgraph links', () => {
    const sdl = readFileSync(join(ROOT, 'schema/subgraph.graphql'), 'utf8');
    const linked = /specs\.apollo\.dev\/federation\/v(\d+)\.(\d+)/.exec(sdl)!;
    const configs = manualBlocks('yaml').filter((b) => b.text.includes('federation_version'));
    expect(configs.length).toBeGreaterThan(0);
    for (const { text } of configs) {
      const [, major, minor] = /federation_version: =(\d+)\.(\d+)\./.exec(text)!;
      expect(Number(major) * 1000 + Number(minor)).toBeGreaterThanOrEqual(Number(linked[1]) * 1000 + Number(linked[2]));
    }
  });

  it('runs the package as its own command only the way it is installed: from a packed tarball, not from the registry', () => {
    const commands = manualBlocks('sh').flatMap((b) => b.text.split('\n'));
    expect(commands.filter((line) => /npx avalanche-graphql-gateway/.test(line))).toEqual([]);
  });

  it('(and the path check finds a path that is not there)', () => {
    expect(citedPaths('see src/nowhere/gone.ts and `docs/graph.md`, src/graph/<domain>.ts')).toEqual([
      'src/nowhere/gone.ts',
      'docs/graph.md',
    ]);
    expect(exists('src/nowhere/gone.ts', join(ROOT, 'README.md'))).toBe(false);
    expect(exists('src/main', join(ROOT, 'README.md'))).toBe(true);
  });
});

describe("the manual's shell snippets that ask the gateway", () => {
  const sandbox = useSandbox();
  let gw: GatewayProcess;
  const ADMIN_TOKEN = 'manual-snippets-admin-token-0123456789';
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, { ADMIN_TOKEN });
    // The sandbox builds its world on the first call: not what a snippet's answer waits for.
    await gw.query('{ network { subnets(first: 1) { nodes { subnetId } } } }');
  }, 90_000);
  afterAll(() => gw?.stop());

  // A curl to the gateway, as written, but at the test's gateway: each answers data, no error.
  const curls = manualBlocks('sh').flatMap((b) =>
    b.text
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .filter((line) => /^curl .*localhost:4000\/graphql/.test(line))
      .map((line) => ({ path: b.path, line })),
  );

  it('are there', () => expect(curls.length).toBeGreaterThan(0));

  it.each(curls.map((c) => [c.path, c.line] as const))('%s: %s', async (_path, line) => {
    const command = line.replace(/(http:\/\/)?localhost:4000/g, gw.origin);
    // Not execFileSync: the sandbox answering the gateway runs in this process.
    const { stdout: out } = await promisify(execFile)('sh', ['-c', command], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { PATH: process.env.PATH, ADMIN_TOKEN },
    });
    // An incremental answer (multipart/mixed) is parts of JSON between boundaries; else one JSON.
    const parts = out.includes('\r\n---') ? [...out.matchAll(/^(\{.*\})\r?$/gm)].map((m) => JSON.parse(m[1]!)) : [JSON.parse(out)];
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.errors).toBeUndefined();
    expect(parts[0].data).toBeTruthy();
  });
});
