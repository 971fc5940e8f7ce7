import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 has no `exports` map: Node loads its CommonJS build for yoga, while Vite would
    // resolve our sources to index.mjs. Two copies mean two GraphQLError classes, and yoga would
    // mask every error we raise. Point both at the one Node uses, as in production.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file starts its own sandbox on a random port; two workers fit the two cores.
    maxWorkers: 2,
    // Files share a worker's modules, so the deterministic sandbox world (seconds to build) is
    // built once per worker rather than once per file. Nothing in the tests mutates module state.
    isolate: false,
  },
});
