/**
 * The package's root directory, from the sources (src/base/) and from the bundle (dist/) alike:
 * what the gateway reads beside its code (the examples, the sandbox's entry, the manifests) is
 * found from here rather than from each module's own depth, which differs between the two.
 */
import { fileURLToPath } from 'node:url';

/** The root as a URL ending in `/`: `new URL('examples/', PACKAGE_ROOT)`. */
export const PACKAGE_ROOT = new URL(import.meta.url.endsWith('.ts') ? '../../' : '../', import.meta.url);

/** Whether this is the sources run by tsx (tests, `npm run dev`) rather than the bundle. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** A path under the package root, as a file system path. */
export const packagePath = (relative: string): string => fileURLToPath(new URL(relative, PACKAGE_ROOT));
