/**
 * Whether an answer shows what a reader came for: no list left empty where data is expected. A
 * list may be empty for one item when the same field holds data for another item of the answer
 * (a subnet that is not an L1 has no L1 validators beside one that has); a field empty
 * everywhere in the answer shows nothing, and an example that selects it demonstrates nothing.
 */

/** A path without its list indices: what names "the same field" across an answer's items. */
const fieldOf = (path: string) => path.replace(/\[\d+\]/g, '[]');

/** The paths of the lists `data` leaves empty where the same field holds data nowhere else in it. */
export function emptyLists(data: unknown): string[] {
  const empty: string[] = [];
  const filled = new Set<string>();
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0) empty.push(path);
      else filled.add(fieldOf(path));
      for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
    }
  };
  walk(data, '');
  return empty.filter((path) => !filled.has(fieldOf(path)));
}
