// The production build: src/main.ts, the package's command (src/cli.ts) and the sandbox's entry,
// bundled into dist/ by esbuild; then the package's exports (src/embed.ts) as a library, its
// dependencies left as imports, with its declarations.
// A script rather than the CLI for what the CLI cannot do: start from an empty dist/ (stale
// chunks of earlier builds otherwise pile up beside the new ones), load @apollo/subgraph's entry
// only when a subgraph is printed (src/graph/subgraph-printer.ts says why), keep Node's own undici
// out of the start, write the gateway's chunks again as scripts (src/base/scripts.ts says why), and fill their code caches for the first start.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import ts from 'typescript';
import { warmCompileCache } from './warm-compile-cache.mjs';

const printer = fileURLToPath(new URL('./src/graph/subgraph-printer.ts', import.meta.url));

/** @type {import('esbuild').Plugin} */
const lazySubgraphPrinter = {
  name: 'lazy-subgraph-printer',
  setup(b) {
    b.onResolve({ filter: /^@apollo\/subgraph$/ }, (args) =>
      args.importer.includes('@pothos/plugin-federation') ? { path: printer } : undefined,
    );
  },
};

const graphqlDir = fileURLToPath(new URL('./node_modules/graphql/', import.meta.url));

/**
 * graphql-js as ES modules (the `.mjs` file beside each `.js` of the package), for every importer,
 * ES module or CommonJS: one copy. Bundled as CommonJS, each use of an export from an ES module
 * (yoga, envelop, the graphql-tools executor) went through a getter esbuild adds for interop:
 * about a tenth of the CPU of completing a large answer interpreted.
 * @type {import('esbuild').Plugin}
 */
const graphqlAsModules = {
  name: 'graphql-as-modules',
  setup(b) {
    b.onResolve({ filter: /^graphql(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('graphql'.length).replace(/^\//, '').replace(/\.m?js$/, '');
      const file = join(graphqlDir, sub === '' ? 'index' : sub);
      return { path: existsSync(`${file}.mjs`) ? `${file}.mjs` : join(file, 'index.mjs') };
    });
  },
};

/**
 * node:http for the ES modules of the bundle, as a module of its own that reads the builtin's
 * plain exports. Node makes an ES module's `import … from 'node:http'` through a facade that reads
 * every export, lazy ones included: `WebSocket`, `CloseEvent` and `MessageEvent` load Node's own
 * undici (its fetch and WebSocket, about 80 ms of CPU at every start), which the gateway does not
 * use (its upstream client is the undici package). Only data exports are named (this Node's,
 * read here at build time): an import of a lazy one fails the build rather than loading it.
 * CommonJS modules' `require('http')` never went through the facade.
 * @type {import('esbuild').Plugin}
 */
const httpWithoutFacade = {
  name: 'http-without-facade',
  setup(b) {
    b.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === 'import-statement' || args.kind === 'dynamic-import'
        ? { path: args.path.replace(/^(node:)?/, 'node:'), namespace: 'builtin-without-facade' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-without-facade' }, (args) => {
      const builtin = process.getBuiltinModule(args.path);
      const exports = Object.entries(Object.getOwnPropertyDescriptors(builtin))
        .filter(([name, descriptor]) => !descriptor.get && /^[A-Za-z_$][\w$]*$/.test(name))
        .map(([name]) => name);
      return {
        contents: `const builtin = process.getBuiltinModule('${args.path}');\nexport default builtin;\nexport const { ${exports.join(', ')} } = builtin;\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * A plugin that edits one file of a bundled library (`edit` returns its new contents). The build
 * fails when no bundled file matched `filter`: a library that moved the file, or that the bundle
 * now takes from its other build (CommonJS for ES modules), would otherwise go out unedited while
 * the build succeeded. Each edit itself fails the build when the text it changes is not there.
 * @param {string} name
 * @param {RegExp} filter
 * @param {(path: string) => string | Promise<string>} edit
 * @returns {import('esbuild').Plugin}
 */
function fileEdit(name, filter, edit) {
  return {
    name,
    setup(b) {
      let edited = false;
      b.onLoad({ filter }, async (args) => {
        const contents = await edit(args.path);
        edited = true;
        return { contents, loader: 'js' };
      });
      b.onEnd((result) => {
        if (result.errors.length === 0 && !edited) throw new Error(`${name}: no bundled file matched ${filter}, so its edit was not made`);
      });
    },
  };
}

/**
 * A text edit of a bundled file: each `[text, replacement]` pair, whose text must be there exactly
 * once, or the build fails.
 * @param {string} path
 * @param {[string, string][]} edits
 */
function replaceOnce(path, edits) {
  let code = readFileSync(path, 'utf8');
  for (const [text, replacement] of edits) {
    if (code.split(text).length !== 2) throw new Error(`${path}: no single \`${text}\` to edit`);
    code = code.replace(text, replacement);
  }
  return code;
}

/**
 * @whatwg-node/server (under yoga) asks, when yoga is created, whether yoga's Request is Node's
 * global one, by reading `globalThis.Request`: that read loads Node's own undici, which the
 * plugin above keeps out. Under Node, yoga's Request is @whatwg-node/fetch's own (the gateway sets
 * no fetchAPI), never the global, so the answer is fixed: computed here, with this Node, and
 * written in place of the question. A version of the file without the line fails the build.
 * @type {import('esbuild').Plugin}
 */
const requestClassKnown = fileEdit(
  'request-class-known',
  /[\\/]@whatwg-node[\\/]server[\\/]esm[\\/]createServerAdapter\.js$/,
  async (path) => {
    const question = 'fetchAPI.Request !== globalThis.Request';
    const code = readFileSync(path, 'utf8');
    if (code.split(question).length !== 2) throw new Error(`${path}: no single \`${question}\` to answer`);
    const { Request } = await import('@whatwg-node/fetch');
    return code.replace(question, String(Request !== globalThis.Request));
  },
);

/**
 * One copy of @whatwg-node/promise-helpers, its 2.x line, for every importer. yoga 5, envelop 5 and
 * graphql-tools still ask for ^1, whose handleMaybePromise chains two fake promises even when
 * nothing is asynchronous; it wraps every step of a request through yoga and envelop, and on a
 * response-cache hit those wrappers and the garbage they leave were a tenth of the CPU (bench/).
 * 2.x calls the steps directly when no promise is involved, and needs Node 22, which the package
 * now does; its only other change is dropping `mapMaybePromise`, 1.x's deprecated alias that those
 * importers still call, written here as 1.x wrote it. Its `iterateAsync` is the gateway's
 * (src/base/iterate-async.ts), the same answers for fewer allocations. The library build
 * (dist/embed.js) leaves the package to the application's own install, as every dependency.
 * @type {import('esbuild').Plugin}
 */
const promiseHelpersTwo = {
  name: 'promise-helpers-two',
  setup(b) {
    b.onResolve({ filter: /^@whatwg-node\/promise-helpers$/ }, () => ({ path: 'promise-helpers', namespace: 'promise-helpers-two' }));
    b.onLoad({ filter: /.*/, namespace: 'promise-helpers-two' }, () => ({
      contents: [
        "import { handleMaybePromise } from '@whatwg-node/promise-helpers-v2';",
        "export * from '@whatwg-node/promise-helpers-v2';",
        "export { iterateAsync, iterateAsync as iterateAsyncVoid } from './src/base/iterate-async.ts';",
        'export function mapMaybePromise(input, onSuccess, onError) {',
        '  return handleMaybePromise(() => input, onSuccess, onError);',
        '}',
      ].join('\n'),
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    }));
  },
};

/**
 * `@stream`'s items before the one that nulls the list, kept. A streamed item that fails into its
 * list (a non-null item, or an error up to it) ends the stream: graphql-tools' executor then
 * drops every part at or below the list's path but the failing item's, so also the parts of the
 * items before it not yet sent, whose answers were complete or nearly. Which those were depended
 * on timing: the same query answered a measured chain's edge or not, by entry and cache mode, and
 * when two items failed, each dropped the other's part with its error, leaving a list cut short
 * and no error at all (issue 29's fuzzer, seed p39; test/fuzz/regressions.test.ts). Here the parts
 * of the items before the failing one stay (they are sent before it, in order), and those after it
 * go: the answer is the items up to the first failing one and its error, however the calls raced.
 * The executor has no option for it (@graphql-tools/executor 2.x; its repository's main branch
 * still filters so). A version of the file without these lines fails the build.
 * @type {import('esbuild').Plugin}
 */
const streamKeepsEarlierItems = fileEdit(
  'stream-keeps-earlier-items',
  /[\\/]@graphql-tools[\\/]executor[\\/]esm[\\/]execution[\\/]execute\.js$/,
  (path) =>
    replaceOnce(path, [
      [
        'const nullPathArray = pathToArray(nullPath);',
        'const nullPathArray = pathToArray(nullPath);' +
          ' const failingItem = currentAsyncRecord?.type === "stream" && currentAsyncRecord.path.length === nullPathArray.length + 1' +
          ' ? currentAsyncRecord.path[nullPathArray.length] : undefined;',
      ],
      [
        '// asyncRecord path points to nulled error field',
        'if (failingItem !== undefined && asyncRecord.path[nullPathArray.length] < failingItem) return;',
      ],
    ]),
);

/**
 * Pothos's `t.arg`, made when a field first asks for it. Every field builder (one per
 * `implement`, `objectField(s)`, `queryField`... call: several hundred in the graph) made its
 * own at construction: an InputFieldBuilder with its eleven helper closures, then a function with each
 * of its methods bound to it, whether or not any field it builds takes an argument: in a start's
 * profile, Pothos's `prepareForBuild` took 32 ms with them and 21 without, and they were garbage
 * right after. The getter makes the same `arg` on the first read and keeps it on the builder as
 * the constructor did, so `t.arg`, `this.arg` and plugins' additions to InputFieldBuilder work
 * unchanged (test/deploy/start.test.ts checks that the built gateway serves the committed graph).
 * @pothos/core 4.15 has no option for it. A version of the file without the line fails the build.
 * @type {import('esbuild').Plugin}
 */
const pothosArgOnDemand = fileEdit('pothos-arg-on-demand', /[\\/]@pothos[\\/]core[\\/]esm[\\/]fieldUtils[\\/]root\.js$/, (path) => {
  const eager = `super(...args), _define_property(this, "arg", new InputFieldBuilder(this.builder, 'Arg').argBuilder());`;
  const constructor = 'constructor(...args){';
  const getter = [
    'get arg() {',
    "  const arg = new InputFieldBuilder(this.builder, 'Arg').argBuilder();",
    "  Object.defineProperty(this, 'arg', { value: arg, enumerable: true, configurable: true, writable: true });",
    '  return arg;',
    '}',
  ].join('\n');
  return replaceOnce(path, [
    [eager, 'super(...args);'],
    [constructor, `${getter}\n${constructor}`],
  ]);
});

/**
 * @whatwg-node/node-fetch's HTTP clients, loaded when its `fetch` is first called. yoga takes its
 * Request, Response and Headers from the package, never its `fetch` (the gateway calls its
 * upstreams through undici): the clients' files loaded node:tls and node:https at every start,
 * about 1.4 ms of it, for a request that never came. Request.js reads node:https only to tell an
 * `agent` given to a Request. A version of the files without these lines fails the build.
 * @type {import('esbuild').Plugin[]}
 */
const fetchClientsOnDemand = [
  fileEdit('fetch-clients-on-demand', /[\\/]@whatwg-node[\\/]node-fetch[\\/]cjs[\\/]fetch\.js$/, (path) =>
    replaceOnce(path, [
      ['const fetchCurl_js_1 = require("./fetchCurl.js");', 'const fetchCurl_js_1 = { get fetchCurl() { return require("./fetchCurl.js").fetchCurl; } };'],
      [
        'const fetchNodeHttp_js_1 = require("./fetchNodeHttp.js");',
        'const fetchNodeHttp_js_1 = { get fetchNodeHttp() { return require("./fetchNodeHttp.js").fetchNodeHttp; } };',
      ],
    ]),
  ),
  fileEdit('https-agent-on-demand', /[\\/]@whatwg-node[\\/]node-fetch[\\/]cjs[\\/]Request\.js$/, (path) =>
    replaceOnce(path, [['const node_https_1 = require("node:https");', 'const node_https_1 = { get Agent() { return require("node:https").Agent; } };']]),
  ),
];

/**
 * One payload for every onExecute hook of a request, and one for every onExecuteDone, in
 * envelop's orchestrator. It made each onExecute hook a payload of its own with three closures
 * (setExecuteFn, setResultAndStopExecution, extendContext), and each onExecuteDone hook one with
 * a fourth (setResult), and the gateway's yoga runs a dozen such hooks a request:
 * bench/allocations.ts found the one-call query allocating 58.1 KB a request with them, 54.0 KB
 * with one payload each (two gateways paired over one stub, 16 interleaved windows of 1.5 s: -7.9
 * and -0.7 µs of CPU a request, in two runs). A hook reads the same values from it as before:
 * `executeFn` and `result` are kept current as hooks set them, which is what a hook's own payload
 * held when it was called; only a hook reading its payload again after later hooks ran sees what
 * they set, and a hook that stops execution after its own step has ended stops the step under way
 * rather than none. @envelop/core 5.6 has no option for it. A version of the file without these
 * lines fails the build.
 * @type {import('esbuild').Plugin}
 */
const envelopOnePayload = fileEdit('envelop-one-payload', /[\\/]@envelop[\\/]core[\\/]esm[\\/]orchestrator\.js$/, (path) =>
  replaceOnce(path, [
    [
      'return handleMaybePromise(() => iterateAsync(beforeCallbacks.execute, (onExecute, endEarly) => onExecute({\n                executeFn,',
      'let endStep;\n            let done;\n            const payload = {\n                executeFn,',
    ],
    [
      '                    executeFn = newExecuteFn;\n                },\n                setResultAndStopExecution: stopResult => {\n                    result = stopResult;\n                    endEarly();',
      '                    executeFn = newExecuteFn;\n                    payload.executeFn = newExecuteFn;\n                },\n                setResultAndStopExecution: stopResult => {\n                    result = stopResult;\n                    endStep();',
    ],
    [
      '                args: args,\n            }), afterCalls), () => handleMaybePromise(() => result ||',
      '                args: args,\n            };\n            return handleMaybePromise(() => iterateAsync(beforeCallbacks.execute, (onExecute, endEarly) => {\n                endStep = endEarly;\n                return onExecute(payload);\n            }, afterCalls), () => handleMaybePromise(() => result ||',
    ],
    [
      'result => handleMaybePromise(() => iterateAsync(afterCalls, afterCb => afterCb.onExecuteDone?.({\n                args: args,\n                result,\n                setResult: newResult => {\n                    result = newResult;\n                },\n            }), afterDoneCalls), () => {',
      'result => handleMaybePromise(() => {\n                done = {\n                    args: args,\n                    result,\n                    setResult: newResult => {\n                        result = newResult;\n                        done.result = newResult;\n                    },\n                };\n                return iterateAsync(afterCalls, afterCb => afterCb.onExecuteDone?.(done), afterDoneCalls);\n            }, () => {',
    ],
  ]),
);

/**
 * compressible's table of media types (mime-db, 180 KB of JSON as an object literal), read when
 * compression's filter first asks about a type, not at every start. The gateway's own answers
 * are written whole (src/base/compression.ts, `endWhole`) without asking it: only a large
 * answer, a stream or a GraphiQL asset goes through the middleware's filter. Evaluating the
 * table was 3.4 ms of a profiled start, and it keeps 0.40 MB of heap (2,279 types).
 * compressible 2.0 has no option for it. A version of the file without these lines fails the build.
 * @type {import('esbuild').Plugin}
 */
const mediaTypesOnDemand = fileEdit('media-types-on-demand', /[\\/]compressible[\\/]index\.js$/, (path) =>
  replaceOnce(path, [
    ["var db = require('mime-db')", "var mediaTypes\nfunction db () { return mediaTypes || (mediaTypes = require('mime-db')) }"],
    ['var data = db[mime]', 'var data = db()[mime]'],
  ]),
);

const BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * dist/start.js and every chunk it loads, statically or not, written again as scripts that
 * src/base/scripts.ts runs with a full code cache (it says why): `X.cjs` beside `X.js`, the same
 * code as CommonJS (esbuild's own conversion: imports become `require`, dynamic ones included,
 * exports getters), wrapped in a function of what a module needs (the arguments src/base/scripts.ts passes), strict as a module is, with
 * `import.meta.url` the `.js` file's; source maps chained to the sources. The banner's `require`
 * goes: the wrapper's answers builtins too. dist/scripts.json names them and the entry.
 * @param {import('esbuild').Metafile} meta
 */
async function writeScripts(meta) {
  const files = [];
  const visit = (file) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const { path, external } of meta.outputs[file]?.imports ?? []) if (!external && path.startsWith('dist/')) visit(path);
  };
  visit('dist/start.js');
  for (const file of files) {
    let code = readFileSync(file, 'utf8');
    // The banner's line left empty: lines keep their place for the source map.
    if (code.startsWith(BANNER)) code = code.slice(BANNER.length);
    const map = readFileSync(`${file}.map`);
    code = code.replace(/\/\/# sourceMappingURL=.*\s*$/, `//# sourceMappingURL=data:application/json;base64,${map.toString('base64')}`);
    const name = file.slice('dist/'.length).replace(/\.js$/, '.cjs');
    const script = await transform(code, {
      format: 'cjs',
      loader: 'js',
      sourcefile: file.slice('dist/'.length),
      sourcemap: 'external',
      supported: { 'dynamic-import': false },
      define: { 'import.meta.url': '__importMetaUrl' },
      banner: '(function (exports, require, module, __importMetaUrl) {"use strict";',
      footer: '\n})',
      minifyWhitespace: true,
      logLevel: 'error',
    });
    // esbuild warns of what a script cannot have (import.meta other than its url, for one).
    if (script.warnings.length > 0) throw new Error(`${file} as a script: ${script.warnings.map((w) => w.text).join('; ')}`);
    writeFileSync(`dist/${name}`, `${script.code}//# sourceMappingURL=${name}.map\n`);
    writeFileSync(`dist/${name}.map`, script.map);
  }
  const relative = files.map((file) => file.slice('dist/'.length));
  writeFileSync('dist/scripts.json', `${JSON.stringify({ entry: 'start.js', files: relative }, null, 2)}\n`);
}

rmSync(new URL('./dist/', import.meta.url), { recursive: true, force: true });
const { metafile } = await build({
  // main: src/boot.ts, which runs start (src/main.ts) from the scripts written below.
  entryPoints: { main: 'src/boot.ts', start: 'src/main.ts', cli: 'src/cli.ts', 'sandbox/main': 'sandbox/main.ts' },
  metafile: true,
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
  // Libraries that check NODE_ENV at run time get their production build whatever the operator's
  // environment says: graphql-js then skips the cross-realm check it makes in every instanceOf
  // (its own copy is the only one in the bundle), a few percent of a large query's CPU; GraphQL
  // Armor loads its production build, graphql-ws masks internal errors. Our own settings read
  // the environment as an object (src/config/config.ts), which this does not touch.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS modules call require(): give the ES module one.
  banner: { js: BANNER },
  plugins: [lazySubgraphPrinter, graphqlAsModules, httpWithoutFacade, requestClassKnown, promiseHelpersTwo, streamKeepsEarlierItems, pothosArgOnDemand, ...fetchClientsOnDemand, envelopOnePayload, mediaTypesOnDemand],
});

await writeScripts(metafile);

// The library: what an application imports. Its dependencies are the package's, installed beside
// it, so they stay imports: graphql above all, which must be the application's one copy (a schema
// built with another copy is not a schema to its yoga). In dist/ itself, not a folder below: the
// files it reads (examples/, the sandbox's entry) are found from there. No NODE_ENV is fixed: the
// application's is the one that holds.
await build({
  entryPoints: { embed: 'src/embed.ts' },
  outdir: 'dist',
  chunkNames: 'embed-[name]-[hash]',
  bundle: true,
  splitting: true,
  packages: 'external',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minifySyntax: true,
  logLevel: 'warning',
});

// Its declarations, from src/embed.ts alone: the file names no type of src/ (isolated
// declarations), so that dist/embed.d.ts needs nothing but graphql's and graphql-yoga's types.
const source = fileURLToPath(new URL('./src/embed.ts', import.meta.url));
const declarations = ts.transpileDeclaration(readFileSync(source, 'utf8'), {
  fileName: source,
  reportDiagnostics: true,
  compilerOptions: { module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true },
});
if (declarations.diagnostics?.length) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  throw new Error(`src/embed.ts must declare its exports' types itself:\n${ts.formatDiagnostics(declarations.diagnostics, host)}`);
}
const imported = [...declarations.outputText.matchAll(/from ['"]([^'"]+)['"]/g)].map((m) => m[1]);
const local = imported.filter((name) => name.startsWith('.'));
if (local.length > 0) throw new Error(`dist/embed.d.ts would import ${local.join(', ')}, which the package does not ship`);
writeFileSync(new URL('./dist/embed.d.ts', import.meta.url), declarations.outputText);

// The code caches' first entries (warm-compile-cache.mjs), so that the first start after a build reads compiled code too.
await warmCompileCache();
