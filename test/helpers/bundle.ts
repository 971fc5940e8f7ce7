/**
 * What the built gateway loads at start: dist/main.js and the chunks it imports statically (static
 * imports and re-exports, minified or not; `import("../…")` is dynamic and not followed). Tests use
 * it to check that an SDK is loaded only when configured.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files `entry` loads at start, itself included, by name under dist/, as ES modules: the
 * scripts dist/main.js runs (src/base/scripts.ts) are the same chunks, converted one for one.
 * dist/main.js is src/boot.ts, which runs the gateway (src/main.ts, dist/start.js) from them, so
 * the manifest's entry is followed too; src/main.ts imports the gateway's own modules dynamically
 * (once the sandbox's start is under way), and every start loads them: its
 * `import("./gateway-….js")`, server's and reload's are followed.
 */
export function loadedAtStart(entry = 'main.js'): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join('dist', file), 'utf8');
    for (const [, chunk] of code.matchAll(/\bfrom\s*"\.\/([^"]+)"/g)) visit(chunk!);
    for (const [, chunk] of code.matchAll(/\bimport\s*"\.\/([^"]+)"/g)) visit(chunk!);
    if (file === 'main.js') visit((JSON.parse(readFileSync(join('dist', 'scripts.json'), 'utf8')) as { entry: string }).entry);
    if (file === 'start.js')
      for (const [, chunk] of code.matchAll(/\bimport\("\.\/((?:gateway|server|reload)-[A-Z0-9]+\.js)"\)/g)) visit(chunk!);
  };
  visit(entry);
  return seen;
}
