/**
 * `npm run codegen`: prints the schema's SDL to schema/schema.graphql and generates typed
 * documents (test/gql/) for the operations the tests write with `graphql(...)`.
 * A test fails when the committed SDL differs from the schema (test/schema.test.ts).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { schema } from './src/schema/index.js';

const sdl = printSchema(schema);

const config: CodegenConfig = {
  schema: sdl,
  documents: ['test/**/*.ts', '!test/gql/**'],
  ignoreNoDocuments: false,
  // Imports with .js extensions, as NodeNext module resolution requires.
  emitLegacyCommonJSImports: false,
  generates: {
    'schema/schema.graphql': {
      plugins: ['schema-ast'],
      config: { includeDirectives: false, commentDescriptions: false },
    },
    'test/gql/': {
      preset: 'client',
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: {
          BigInt: 'string',
          SafeInt: 'number',
          CB58Id: 'string',
          NodeID: 'string',
          AvalancheAddress: 'string',
          EvmHexAddress: 'string',
        },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
