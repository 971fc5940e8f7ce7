/**
 * docs/ARCHITECTURE.md's picture is the folder tree: every folder of src/ is a layer of
 * .dependency-cruiser.cjs (whose rules `npm run lint` enforces), every layer is a folder, and the
 * picture draws them in the lint's order, so neither the doc nor the rules can drift from the tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
// The list the lint makes its rules of (dependency-cruiser takes no other keys in its config, so it is read as text).
const rules = readFileSync(new URL('.dependency-cruiser.cjs', root), 'utf8');
const layers = JSON.parse(/^const LAYERS = (\[[^\]]*\]);$/m.exec(rules)![1]!.replaceAll("'", '"')) as string[];

describe('the layers', () => {
  it('are the folders of src/, each given its place in the import rules', () => {
    const folders = readdirSync(new URL('src/', root), { withFileTypes: true })
      // A folder a move left empty is not in a clone: only folders with files count.
      .filter((entry) => entry.isDirectory() && readdirSync(new URL(`src/${entry.name}/`, root)).length > 0)
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...layers].sort());
  });

  it('are drawn in docs/ARCHITECTURE.md as the tree, highest first, in the order the lint checks', () => {
    const doc = readFileSync(new URL('docs/ARCHITECTURE.md', root), 'utf8');
    const picture = doc.slice(doc.indexOf('## The picture'), doc.indexOf('## The rules'));
    const drawn = [...picture.matchAll(/^[├└]── ([a-z-]+)\/\s+([a-z]+)\s/gm)].map(([, folder, layer]) => {
      expect(layer).toBe(folder);
      return folder;
    });
    expect(drawn).toEqual([...layers].reverse());
  });
});
