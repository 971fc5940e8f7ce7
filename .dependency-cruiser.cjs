/**
 * The import rules of docs/ARCHITECTURE.md, checked by `npm run lint` (depcruise).
 *
 * The gateway's layers, lowest first; a module may import its own layer and the ones below, never
 * one above:
 *   base       src/ids.ts, src/avax-codec.ts, src/logger.ts, src/redis.ts
 *   upstreams  src/upstreams/   the HTTP layer and one client per upstream
 *   domain     src/domain/      facts and computations over upstream data
 *   reuse      src/loaders/     request memo, shared cache, batching
 *   live       src/live/        subscriptions: one poller per topic, shared (Redis lease and pub/sub)
 *   graphql    src/errors.ts, src/context.ts, src/admin-access.ts, src/pacing.ts, src/paging/
 *   schema     src/schema/      the graph
 *   app        src/plugins/, src/rate-limit/, src/ops/, src/gateway.ts, src/server.ts, src/lean-post.ts, src/websocket.ts,
 *              src/compression.ts, src/graphiql.ts, src/config.ts, src/main.ts, src/embedded-sandbox.ts,
 *              src/cli.ts (the package's command), src/embed.ts (its exports), src/settings-file.ts,
 *              src/reload.ts (settings read again while serving)
 * The sandbox (sandbox/) is a product of its own beside them.
 */
const BASE = '^src/(ids|avax-codec|logger|redis)[.]ts$';
const UPSTREAMS = '^src/upstreams/';
const DOMAIN = '^src/domain/';
const REUSE = '^src/loaders/';
const LIVE = '^src/live/';
const GRAPHQL = '^src/((errors|context|admin-access|pacing)[.]ts$|paging/)';
const SCHEMA = '^src/schema/';
const APP = '^src/((plugins|rate-limit|ops)/|(gateway|server|lean-post|websocket|compression|graphiql|config|main|embedded-sandbox|cli|embed|settings-file|reload)[.]ts$)';

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
      comment: 'A new folder or top-level file of src/ belongs to a layer: add it to the list at the top of this file and to docs/ARCHITECTURE.md.',
      severity: 'error',
      from: { path: '^src/', pathNot: [BASE, UPSTREAMS, DOMAIN, REUSE, LIVE, GRAPHQL, SCHEMA, APP].join('|') },
      to: {},
    },
    below('base-imports-nothing-above', BASE, [UPSTREAMS, DOMAIN, REUSE, LIVE, GRAPHQL, SCHEMA, APP], 'The base modules stand alone.'),
    below('upstreams-below-the-rest', UPSTREAMS, [DOMAIN, REUSE, LIVE, GRAPHQL, SCHEMA, APP], 'Clients only send and read: they know no loaders, GraphQL or schema.'),
    below('domain-calls-nothing', DOMAIN, [REUSE, LIVE, GRAPHQL, SCHEMA, APP], 'Domain logic neither calls an upstream through the reuse layer nor knows GraphQL.'),
    below('reuse-below-graphql', REUSE, [LIVE, GRAPHQL, SCHEMA, APP], 'The reuse layer caches answers; it makes no GraphQL errors.'),
    below(
      'live-below-graphql',
      LIVE,
      [GRAPHQL, SCHEMA, APP],
      'Pollers send through the clients and publish upstream objects; the schema makes graph objects and errors of them.',
    ),
    below('graphql-below-schema', GRAPHQL, [SCHEMA, APP], 'Errors, context and paging serve the schema and know none of its types.'),
    below('schema-below-app', SCHEMA, [APP], 'The schema maps; the app serves it.'),
    {
      name: 'schema-makes-only-graphql-errors',
      comment:
        'Upstream errors become GraphQL errors in src/errors.ts only: the schema neither throws nor recognises them (clients answer null for "not found").',
      severity: 'error',
      from: { path: SCHEMA },
      to: { path: '^src/upstreams/errors[.]ts$' },
    },
    {
      name: 'src-without-the-sandbox',
      comment:
        'The gateway never needs the sandbox: it runs it as a process of its own when asked (src/embedded-sandbox.ts), knowing only where it serves each upstream (sandbox/urls.ts).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^sandbox/', pathNot: '^sandbox/urls[.]ts$' },
    },
    {
      name: 'sandbox-uses-only-the-wire',
      comment:
        'The sandbox serves the upstreams\' protocols: from src/ it takes ids and codecs, and the wire types (the spec\'s enum lists in wire.ts are the only values), never the gateway.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^src/', pathNot: ['^src/(ids|avax-codec)[.]ts$', '^src/upstreams/'].join('|') },
    },
    {
      name: 'sandbox-reads-wire-types-only',
      comment: 'Types of the clients, not their code: the sandbox must not run the gateway\'s HTTP layer.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^src/upstreams/', pathNot: '^src/upstreams/data-api/wire[.]ts$', dependencyTypesNot: ['type-only'] },
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
    includeOnly: '^(src|sandbox|test|bench|examples/web/[^/]+[.]ts$|codegen[.]ts|schema/scalars[.]ts)',
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle through types still ties the files together.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
