/**
 * `npm run codegen` leaves a clean checkout unchanged: the upstreams' wire types are what
 * openapi-typescript generates from their committed OpenAPI documents; the SDL, the typed
 * documents of examples/ and of the example explorer, their persisted-documents manifests, and the
 * cache configuration of examples/cache/ (possibleTypes, typePolicies, Graphcache keys) are what the committed codegen.ts produces from the code. And the
 * scalar mapping covers exactly the schema's custom scalars.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { generate } from '@graphql-codegen/cli';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isScalarType, isSpecifiedScalarType, Kind, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../codegen.js';
import { answerChecks, OUTPUT } from '../generate/answer-checks.js';
import { codegenScalars } from '../../examples/scalars.js';
import { schema } from '../../src/graph/index.js';

const root = new URL('../../', import.meta.url);
let outputs: { filename: string; content: string }[] = [];

beforeAll(async () => {
  outputs = await generate({ ...config, silent: true, cwd: root.pathname }, false);
}, 60_000);

describe('npm run codegen', () => {
  it('writes the SDL, the subgraph SDL, typed documents and the cache configuration of examples/cache/', () => {
    expect(outputs.map((o) => o.filename)).toEqual(
      expect.arrayContaining([
        'schema/schema.graphql',
        'schema/subgraph.graphql',
        'examples/gql/graphql.ts',
        'examples/cache/possible-types.generated.ts',
        'examples/cache/apollo.generated.ts',
        'examples/cache/graphcache.generated.ts',
      ]),
    );
  });

  it('has written what it would write now (run `npm run codegen` after changing the schema or an operation)', () => {
    const stale = outputs
      .filter((o) => !existsSync(new URL(o.filename, root)) || readFileSync(new URL(o.filename, root), 'utf8') !== o.content)
      .map((o) => o.filename);
    expect(stale).toEqual([]);
  });

  it('leaves no file of an earlier run behind in its output folders', () => {
    const folders = Object.keys(config.generates).filter((target) => target.endsWith('/'));
    const committed = folders.flatMap((folder) => readdirSync(new URL(folder, root)).map((file) => `${folder}${file}`));
    expect(committed.sort()).toEqual(
      outputs
        .map((o) => o.filename)
        .filter((f) => folders.some((folder) => f.startsWith(folder)))
        .sort(),
    );
  });

  it('writes a sha256 persisted-documents manifest for the explorer and for examples/', () => {
    for (const manifest of ['examples/web/src/gql/persisted-documents.json', 'examples/gql/persisted-documents.json']) {
      const documents = JSON.parse(outputs.find((o) => o.filename === manifest)!.content) as Record<string, string>;
      expect(Object.keys(documents).length, manifest).toBeGreaterThan(0);
      for (const hash of Object.keys(documents)) expect(hash, manifest).toMatch(/^[0-9a-f]{64}$/);
    }
    // One entry per operation of examples/*.graphql.
    const operations = readdirSync(new URL('examples/', root))
      .filter((f) => f.endsWith('.graphql'))
      .flatMap((f) =>
        parse(readFileSync(new URL(`examples/${f}`, root), 'utf8')).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION),
      );
    const manifest = JSON.parse(readFileSync(new URL('examples/gql/persisted-documents.json', root), 'utf8')) as Record<string, string>;
    expect(Object.keys(manifest)).toHaveLength(operations.length);
  });
});

/** The OpenAPI documents and the wire types generated from each (`npm run codegen:wire`). */
const WIRE_TYPES = [
  ['test/contract/data-api.glacier.openapi.json', 'src/upstreams/data-api/openapi.d.ts'],
  ['test/contract/metrics-api.popsicle.openapi.json', 'src/upstreams/metrics-api/openapi.d.ts'],
] as const;

describe('npm run codegen:wire', () => {
  it.each(WIRE_TYPES)('has generated the wire types of %s (run `npm run codegen:wire` after changing the spec)', async (spec, out) => {
    const cli = new URL('node_modules/openapi-typescript/bin/cli.js', root).pathname;
    // --check compares with the committed file instead of writing it; it exits 1 when they differ.
    await expect(promisify(execFile)(process.execPath, [cli, spec, '-o', out, '--check'], { cwd: root.pathname })).resolves.toBeDefined();
  });
});

describe('examples/scalars.ts', () => {
  it('maps every custom scalar of the schema, and nothing else', () => {
    const custom = Object.values(schema.getTypeMap())
      .filter((t) => isScalarType(t) && !isSpecifiedScalarType(t))
      .map((t) => t.name);
    expect(Object.keys(codegenScalars('./scalars.js')).sort()).toEqual(custom.sort());
  });
});

describe('npm run codegen:wire', () => {
  it('has written the answer checks the OpenAPI documents give (run `npm run codegen:wire` after changing one)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === answerChecks()).toBe(true);
  });
});
