/**
 * Node's compile cache (`module.enableCompileCache`, Node 22.1+; `flushCompileCache`, 23.0+),
 * which the Node 20 typings the project compiles against do not declare. src/boot.ts turns it on
 * for the built gateway; src/main.ts writes it out once the gateway listens.
 */
import * as nodeModule from 'node:module';

interface CompileCache {
  enableCompileCache(): unknown;
  flushCompileCache(): void;
}

/** The API, on a Node that has it. */
export function compileCache(): CompileCache | undefined {
  const api = nodeModule as Partial<CompileCache>;
  return api.enableCompileCache && api.flushCompileCache ? (api as CompileCache) : undefined;
}
