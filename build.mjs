// The production build: src/main.ts and the sandbox's entry, bundled into dist/ by esbuild.
// A script rather than the CLI for two things the CLI cannot do: start from an empty dist/ (stale
// chunks of earlier builds otherwise pile up beside the new ones), and load @apollo/subgraph's
// entry only when a subgraph is printed (src/schema/subgraph-printer.ts says why).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const printer = fileURLToPath(new URL('./src/schema/subgraph-printer.ts', import.meta.url));

/** @type {import('esbuild').Plugin} */
const lazySubgraphPrinter = {
  name: 'lazy-subgraph-printer',
  setup(b) {
    b.onResolve({ filter: /^@apollo\/subgraph$/ }, (args) =>
      args.importer.includes('@pothos/plugin-federation') ? { path: printer } : undefined,
    );
  },
};

rmSync(new URL('./dist/', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'sandbox/main': 'sandbox/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Less to parse at every start (about a third of the bundle is whitespace and comments); names stay, for profiles and stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // Bundled CommonJS modules call require(): give the ES module one.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  plugins: [lazySubgraphPrinter],
});
