/**
 * Writes out what this start compiled, for the next: the code caches of the scripts the built
 * gateway runs from (src/base/scripts.ts, src/boot.ts). A gateway run from its sources (tsx) has
 * none, and writes nothing.
 */
import { SCRIPTS, type Scripts } from './scripts.js';

export function writeCompiledCode(): void {
  (globalThis as Record<symbol, Scripts | undefined>)[SCRIPTS]?.writeCodeCache();
}
