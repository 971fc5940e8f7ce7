/**
 * The import rules of docs/ARCHITECTURE.md, checked by `npm run lint` (depcruise).
 *
 * Each layer is a folder of src/, lowest first; a module may import its own layer and the ones
 * below, never one above:
 *   base       src/base/       ids, codecs, logging, Redis, compression: stand alone
 *   upstreams  src/upstreams/  the HTTP layer and one client per upstream
 *   domain     src/domain/     facts and computations over upstream data
 *   reuse      src/reuse/      every read: request memo, shared cache, single flight, freshness
 *   loaders    src/loaders/    batching and lookups by id, over the reuse layer
 *   live       src/live/       subscriptions: one poller per topic, shared (Redis lease and pub/sub)
 *   graphql    src/graphql/    errors, context, paging, pacing: what the schema is written with
 *   graph      src/graph/      the graph
 *   guards     src/guards/     who may ask what: cross-site policy, rate limits
 *   config     src/config/     the settings, their file
 *   ops        src/ops/        what an operator sees: metrics, traces, readiness
 *   yoga       src/yoga/       yoga and its plugins, the fast path for JSON POSTs, GraphiQL
 *   gateway    src/gateway/    the wiring of one gateway, reload, the embedded sandbox
 *   http       src/http/       the HTTP server and GraphQL over WebSocket
 *   entries    src/*.ts        boot.ts (main.js), main.ts, cli.ts, embed.ts: what build.mjs bundles
 * The sandbox (sandbox/) is a product of its own beside them.
 */
// test/architecture.test.ts reads this line: docs/ARCHITECTURE.md's picture is this list, as folders.
const LAYERS = ['base', 'upstreams', 'domain', 'reuse', 'loaders', 'live', 'graphql', 'graph', 'guards', 'config', 'ops', 'yoga', 'gateway', 'http'];
const folder = (name) => `^src/${name}/`;
const ENTRIES = '^src/[^/]+[.]ts$';

/** A rule that `from` may not import any layer in `above`. */
const below = (name, from, above, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: above.join('|') },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules import one another one way only: a cycle makes load order, and so the schema, depend on who imports first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'every-module-in-a-layer',
      comment: 'A new folder of src/ is a layer: add it to the list at the top of this file and to docs/ARCHITECTURE.md.',
      severity: 'error',
      from: { path: '^src/', pathNot: [...LAYERS.map(folder), ENTRIES].join('|') },
      to: {},
    },
    // One rule per layer: nothing it imports lies in a layer above it.
    ...LAYERS.map((name, i) =>
      below(
        `${name}-below-${LAYERS.slice(i + 1).join('-') || 'entries'}`,
        folder(name),
        [...LAYERS.slice(i + 1).map(folder), ENTRIES],
        `src/${name}/ imports only its own layer and the layers below it (the list at the top of this file).`,
      ),
    ),
    {
      name: 'schema-makes-only-graphql-errors',
      comment:
        'Upstream errors become GraphQL errors in src/graphql/errors.ts only: the schema neither throws nor recognises them (clients answer null for "not found").',
      severity: 'error',
      from: { path: folder('graph') },
      to: { path: '^src/upstreams/errors[.]ts$' },
    },
    {
      name: 'src-without-the-sandbox',
      comment:
        'The gateway never needs the sandbox: it runs it as a process of its own when asked (src/gateway/embedded-sandbox.ts), knowing only where it serves each upstream (sandbox/urls.ts) and how it is tied to end with the gateway (sandbox/tie.ts).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^sandbox/', pathNot: '^sandbox/(urls|tie)[.]ts$' },
    },
    {
      name: 'sandbox-uses-only-the-wire',
      comment:
        'The sandbox serves the upstreams\' protocols: from src/ it takes ids and codecs, and the wire types (the spec\'s enum lists in wire.ts are the only values), never the gateway.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^src/', pathNot: ['^src/base/(ids|avax-codec|signed-tx)[.]ts$', '^src/upstreams/'].join('|') },
    },
    {
      name: 'sandbox-reads-wire-types-only',
      comment: 'Types of the clients, not their code: the sandbox must not run the gateway\'s HTTP layer.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^src/upstreams/', pathNot: '^src/upstreams/(data-api|metrics-api)/wire[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'product-code-without-tests',
      comment: 'Tests, benchmarks and examples use the code, never the other way round.',
      severity: 'error',
      from: { path: '^(src|sandbox)/' },
      to: { path: '^(test|bench|examples)/' },
    },
  ],
  options: {
    includeOnly: '^(src|sandbox|test|bench|examples/web/[^/]+[.]ts$|codegen[.]ts|examples/scalars[.]ts)',
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle through types still ties the files together.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
