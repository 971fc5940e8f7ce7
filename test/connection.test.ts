/**
 * The connection helper on its own, over an in-memory upstream that can change between calls:
 * what a cursor from the middle of a page resumes to when items arrive or leave.
 */
import { describe, expect, it } from 'vitest';
import { CursorCodec, pageConnection, type ConnectionArgs } from '../src/paging/connection.js';

/** A newest-first list paged by offset tokens, as the Data API pages. */
function upstream(initial: string[]) {
  const list = [...initial];
  const calls: { pageToken: string | undefined; pageSize: number }[] = [];
  const fetchPage = async (page: { pageToken: string | undefined; pageSize: number }) => {
    calls.push(page);
    const start = page.pageToken ? Number(page.pageToken) : 0;
    const items = list.slice(start, start + page.pageSize);
    return { items, nextPageToken: start + page.pageSize < list.length ? String(start + page.pageSize) : undefined };
  };
  return { list, calls, fetchPage };
}

const cursors = new CursorCodec('test-secret');
const spec = { field: 'items', maxPageSize: 4, defaultFirst: 4, maxFirst: 20 };

function page(api: ReturnType<typeof upstream>, args: ConnectionArgs, lostAnchor?: 'skip' | 'restart') {
  return pageConnection({
    cursors,
    args,
    spec,
    filters: [],
    fetchPage: api.fetchPage,
    read: (p) => p,
    toNode: (x: string) => x,
    keyOf: (x) => x,
    lostAnchor,
  });
}
const nodes = (r: { edges: { node: string }[] }) => r.edges.map((e) => e.node);

describe('a cursor from the middle of a page', () => {
  it('resumes right after its item when newer items pushed it further down the page', async () => {
    const api = upstream(['f', 'e', 'd', 'c', 'b', 'a']);
    const first = await page(api, { first: 2 }); // pages of 2: f e | d c | b a
    expect(nodes(first)).toEqual(['f', 'e']);
    const cursorAtF = first.edges[0]!.cursor;
    api.list.unshift('g');
    // Counting alone would resume at index 1 of [g f], repeating f.
    expect(nodes(await page(api, { first: 3, after: cursorAtF }))).toEqual(['e', 'd', 'c']);
  });

  it('falls back to counting when its item is gone, unless told to start over', async () => {
    const api = upstream(['d', 'c', 'b', 'a']);
    const first = await page(api, { first: 3 });
    const cursorAtC = first.edges[1]!.cursor;
    api.list.splice(1, 1); // c leaves the list
    expect(nodes(await page(api, { first: 2, after: cursorAtC }))).toEqual(['a']);
    expect(nodes(await page(api, { first: 2, after: cursorAtC }, 'restart'))).toEqual(['d', 'b']);
  });

  it('costs no extra call when the cursor ends its page', async () => {
    const api = upstream(['d', 'c', 'b', 'a']);
    const first = await page(api, { first: 2 });
    api.calls.length = 0;
    expect(nodes(await page(api, { first: 2, after: first.pageInfo.endCursor }))).toEqual(['b', 'a']);
    expect(api.calls).toEqual([{ pageToken: '2', pageSize: 2 }]);
  });
});
