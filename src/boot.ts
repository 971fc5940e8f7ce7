/**
 * The built gateway's entry (dist/main.js, what `npm start`, the image and the command's workers
 * run). Compiling the bundle is the largest part of a start: it runs the gateway (src/main.ts,
 * bundled as dist/start.js and its chunks) from the scripts build.mjs writes beside them, whose
 * code caches hold every function the last start compiled (src/base/scripts.ts says why not
 * Node's compile cache). src/main.ts writes those caches shortly after the gateway listens
 * (`writeCompiledCode`), and the process again as it exits, so that a process that is killed
 * rather than stopped still leaves them for the next start. The V8 flags that change compiled code
 * are set here, not on the command line (src/base/code-flags.ts says why).
 *
 * Why not a V8 startup snapshot (`node --build-snapshot`) of the loaded gateway instead: one was
 * built (node 24: dist/gateway-*.js and its chunks loaded, with node:http, https, net and tls
 * handed to them unloaded, since a snapshot cannot hold http's parser nor tls's stream binding),
 * and deserializing its 18 MB took as long as what it would replace.
 * A process started from it reached its first line of JavaScript after 340 to 460 ms (seven
 * starts; `--profile-deserialization`: the isolate 79 ms, the context 119), at 82 MB of RSS; from
 * these scripts and their caches the same modules are loaded and run in about 80 % of a whole
 * start, which took 455 to 469 ms to the first answer (the medians of three runs of 10 to 16
 * interleaved starts).
 */
import { fileURLToPath } from 'node:url';
import { setCodeFlags, shareStartCollections } from './base/code-flags.js';
import { codeCacheDir, loadRecordedBuiltins, runScripts, scriptsManifest } from './base/scripts.js';

const dist = new URL('./', import.meta.url);
const manifest = scriptsManifest(dist);
// build.mjs always writes it: without it the build stopped part way.
if (!manifest)
  throw new Error(`${fileURLToPath(new URL('scripts.json', dist))} is missing: the build is incomplete. Run \`npm run build\`.`);
const cacheDir = codeCacheDir(dist);
// Node's builtins a start loads, while V8 still takes their code caches; then the flags that change
// compiled code, under which everything the gateway runs is compiled (src/base/code-flags.ts).
loadRecordedBuiltins(cacheDir, manifest);
setCodeFlags();
// The start's young collections copy the graph as it is built: with V8's helper threads until the
// gateway listens (src/main.ts puts the command line's choice back then).
shareStartCollections();
runScripts(dist, manifest, cacheDir);
