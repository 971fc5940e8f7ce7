/**
 * patches/ is applied to what is installed: every file a patch changes holds the lines it adds,
 * and the installed version is the one the patch names. patch-package fails `npm ci` when a patch
 * does not apply; this fails when one was skipped (`npm ci --ignore-scripts`, an install that
 * bypassed `prepare`), which would leave the gateway running the unpatched code silently.
 * README (Development) says what lets each patch go.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const patches = readdirSync(join(ROOT, 'patches')).filter((name) => name.endsWith('.patch'));

describe('patches/', () => {
  it('holds the two patches the README describes', () => {
    expect(patches.sort()).toEqual(['@graphql-tools+executor+1.5.7.patch', '@whatwg-node+promise-helpers+1.3.2.patch']);
  });

  it.each(patches)('%s is applied to the installed package, at the version it names', (name) => {
    const [, scope, pkg, version] = /^(@[^+]+)\+([^+]+)\+(.+)\.patch$/.exec(name)!;
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', scope!, pkg!, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(version);
    const text = readFileSync(join(ROOT, 'patches', name), 'utf8');
    const files = text.split(/^diff --git /m).slice(1);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const path = /^a\/(\S+)/.exec(file)![1]!;
      const added = file
        .split('\n')
        .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
        .map((line) => line.slice(1).trim())
        .filter((line) => line.length > 0);
      const content = readFileSync(join(ROOT, path), 'utf8');
      const missing = added.filter((line) => !content.includes(line));
      expect({ path, missing }).toEqual({ path, missing: [] });
    }
  });
});
