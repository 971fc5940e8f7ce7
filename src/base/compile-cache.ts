/**
 * Node's compile cache (`module.enableCompileCache`, Node 22.1+; `flushCompileCache`, 23.0+),
 * which the Node 20 typings the project compiles against do not declare. src/boot.ts turns it on
 * for a build without scripts; src/main.ts writes it out once the gateway listens (`writeCompiledCode`).
 */
import * as nodeModule from 'node:module';
import { SCRIPTS, type Scripts } from './scripts.js';

interface CompileCache {
  enableCompileCache(): unknown;
  flushCompileCache(): void;
}

/** The API, on a Node that has it. */
export function compileCache(): CompileCache | undefined {
  const api = nodeModule as Partial<CompileCache>;
  return api.enableCompileCache && api.flushCompileCache ? (api as CompileCache) : undefined;
}

/**
 * Writes out what this start compiled, for the next: the scripts' code caches when the gateway
 * runs from them (src/base/scripts.ts), else Node's compile cache.
 */
export function writeCompiledCode(): void {
  const scripts = (globalThis as Record<symbol, Scripts | undefined>)[SCRIPTS];
  if (scripts) scripts.writeCodeCache();
  else compileCache()?.flushCompileCache();
}
