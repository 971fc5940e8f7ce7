/**
 * `npm run codegen` leaves a clean checkout unchanged: the SDL and the typed documents of the
 * tests are what the committed codegen.ts produces from the code. And the scalar mapping covers
 * exactly the schema's custom scalars.
 */
import { generate } from '@graphql-codegen/cli';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isScalarType, isSpecifiedScalarType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../codegen.js';
import { codegenScalars } from '../schema/scalars.js';
import { schema } from '../src/schema/index.js';

const root = new URL('../', import.meta.url);
let outputs: { filename: string; content: string }[] = [];

beforeAll(async () => {
  outputs = await generate({ ...config, silent: true, cwd: root.pathname }, false);
}, 60_000);

describe('npm run codegen', () => {
  it('writes the SDL and typed documents', () => {
    expect(outputs.map((o) => o.filename)).toEqual(expect.arrayContaining(['schema/schema.graphql', 'test/gql/graphql.ts']));
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
    expect(committed.sort()).toEqual(outputs.map((o) => o.filename).filter((f) => folders.some((folder) => f.startsWith(folder))).sort());
  });
});

describe('schema/scalars.ts', () => {
  it('maps every custom scalar of the schema, and nothing else', () => {
    const custom = Object.values(schema.getTypeMap())
      .filter((t) => isScalarType(t) && !isSpecifiedScalarType(t))
      .map((t) => t.name);
    expect(Object.keys(codegenScalars('./scalars.js')).sort()).toEqual(custom.sort());
  });
});
