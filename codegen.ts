/**
 * `npm run codegen`: prints the schema's SDL to schema/schema.graphql, and generates typed
 * documents for the operations the tests write with `graphql(...)` (test/gql/), every custom
 * scalar typed by schema/scalars.ts.
 * Tests fail when a committed file differs from what this produces (test/codegen.test.ts).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { codegenScalars } from './schema/scalars.js';
import { schema } from './src/schema/index.js';

const sdl = printSchema(schema);

/** Typed-document settings shared by every target; `scalarsFrom` is schema/scalars.ts as the output imports it. */
function typed(scalarsFrom: string) {
  return {
    useTypeImports: true,
    enumsAsTypes: true,
    strictScalars: true,
    scalars: codegenScalars(scalarsFrom),
  };
}

const config: CodegenConfig = {
  schema: sdl,
  ignoreNoDocuments: false,
  // Imports with .js extensions, as NodeNext module resolution requires.
  emitLegacyCommonJSImports: false,
  generates: {
    'schema/schema.graphql': {
      plugins: ['schema-ast'],
      config: { includeDirectives: false, commentDescriptions: false },
    },
    'test/gql/': {
      documents: ['test/**/*.ts', '!test/gql/**'],
      preset: 'client',
      config: typed('../../schema/scalars.js'),
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
