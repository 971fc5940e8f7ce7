/**
 * The built gateway's entry (dist/main.js, what `npm start`, the image and the command's workers
 * run): it turns on Node's compile cache, then imports src/main.ts. Parsing and compiling the
 * bundle is the largest part of a start; with the cache, a start after the first reads V8's code
 * from disk instead. The cache has to be on before the gateway's modules are compiled, hence an
 * entry of its own that imports the rest dynamically (a static import is compiled first).
 *
 * The cache is Node's own (`module.enableCompileCache`): in NODE_COMPILE_CACHE if set, else under
 * the system's temporary directory, one folder per Node version; NODE_DISABLE_COMPILE_CACHE=1
 * turns it off. A directory that cannot be written leaves it off, and the start as it was.
 * src/main.ts writes it out shortly after the gateway listens (`flushCompileCache`), so a process that is
 * killed rather than stopped still leaves it for the next start.
 */
import { compileCache } from './base/compile-cache.js';

compileCache()?.enableCompileCache();

await import('./main.js');
