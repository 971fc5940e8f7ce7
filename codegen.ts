/**
 * `npm run codegen`: prints the schema's SDL to schema/schema.graphql, the federation subgraph's
 * SDL (what `_service { sdl }` answers at /subgraph) to schema/subgraph.graphql, and generates typed
 * documents for two sets of operations, every custom scalar typed by examples/scalars.ts:
 * - examples/web/src/gql/: the example explorer's (fragment masking on), with the manifest of its
 *   operations for trusted documents, examples/web/src/gql/persisted-documents.json;
 * - examples/gql/: the example queries of examples/*.graphql, with their manifest,
 *   examples/gql/persisted-documents.json;
 * - examples/apollo/src/gql/: the Apollo Client example's;
 * - examples/cache/: what a normalised cache needs, for both example apps and any frontend: the
 *   `possibleTypes` of every interface and union (codegen's fragment matcher), and Apollo Client's
 *   `typePolicies` and Graphcache's `keys` and `resolvers` (test/generate/cache-config.ts).
 * Tests fail when a committed file differs from what this produces (test/upstreams/codegen.test.ts).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';
import { printSchema } from 'graphql';
import { codegenScalars } from './examples/scalars.js';
import { schema, subgraphSdl } from './src/graph/index.js';
import { apolloCacheModule, graphcacheModule } from './test/generate/cache-config.js';

const sdl = printSchema(schema);

/** Typed-document settings shared by every target; `scalarsFrom` is examples/scalars.ts as the output imports it. */
function typed(scalarsFrom: string) {
  return {
    useTypeImports: true,
    enumsAsTypes: true,
    strictScalars: true,
    scalars: codegenScalars(scalarsFrom),
    // The types of the operations, with the enums and inputs they use; not every type of the
    // schema three times over.
    onlyOperationTypes: true,
  };
}

/** sha256 of each document, embedded in it (`__meta__.hash`) and listed in the output's persisted-documents.json. */
const persistedDocuments = { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' } as const;

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
    // Printed by Apollo's printer, with the @link and @key directives composition reads.
    'schema/subgraph.graphql': { plugins: [{ add: { content: `${subgraphSdl()}\n` } }] },
    'examples/web/src/gql/': {
      documents: ['examples/web/src/**/*.tsx', '!examples/web/src/gql/**'],
      preset: 'client',
      // Graphcache normalises by `__typename`: the documents the manifest lists, which the gateway
      // runs by their ids, ask for it everywhere.
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: typed('../../../scalars.js'),
      presetConfig: {
        // `getFragmentData` rather than the default `useFragment`: it is no React hook.
        fragmentMasking: { unmaskFunctionName: 'getFragmentData' },
        persistedDocuments,
      },
    },
    'examples/gql/': {
      documents: ['examples/*.graphql'],
      preset: 'client',
      config: typed('../scalars.js'),
      presetConfig: { fragmentMasking: false, persistedDocuments },
    },
    // The Apollo Client example's: fragments spread into their operations' types (Apollo's own
    // data masking is off), the text sent as is.
    'examples/apollo/src/gql/': {
      documents: ['examples/apollo/src/**/*.tsx', '!examples/apollo/src/gql/**'],
      preset: 'client',
      config: typed('../../../scalars.js'),
      presetConfig: { fragmentMasking: false },
    },
    'examples/cache/possible-types.generated.ts': {
      plugins: ['fragment-matcher'],
      config: { apolloClientVersion: 3, useExplicitTyping: true },
    },
    'examples/cache/apollo.generated.ts': { plugins: [{ add: { content: apolloCacheModule(schema) } }] },
    'examples/cache/graphcache.generated.ts': { plugins: [{ add: { content: graphcacheModule(schema) } }] },
  },
};

export default config;
