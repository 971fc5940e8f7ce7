/**
 * The connection helper on its own, over an in-memory upstream that can change between calls:
 * what a cursor from the middle of a page resumes to when items arrive or leave.
 */
import { describe, expect, it } from 'vitest';
import { CursorCodec, pageConnection, type ConnectionArgs } from '../../src/graphql/connection.js';

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
const spec = { field: 'items', maxPageSize: 4, defaultFirst: 4, maxFirst: 20, pricedPageSize: 4 };

function page(api: ReturnType<typeof upstream>, args: ConnectionArgs, lostAnchor?: 'skip' | 'restart', rankOf?: (x: string) => number) {
  return pageConnection({
    cursors,
    args,
    spec,
    filters: [],
    fetchPage: api.fetchPage,
    read: (p) => p,
    toNode: (x: string) => x,
    keyOf: (x) => x,
    rankOf,
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

describe('a cursor at the end of a page, over tokens that count positions', () => {
  it('resumes after its item when newer items pushed it onto the next page', async () => {
    const api = upstream(['f', 'e', 'd', 'c', 'b', 'a']);
    const first = await page(api, { first: 2 }); // f e | d c | b a
    api.list.unshift('h', 'g');
    // The next page's token says "from position 2", which now holds f e again.
    expect(nodes(await page(api, { first: 3, after: first.pageInfo.endCursor }))).toEqual(['d', 'c', 'b']);
  });

  /** `t<time>`, newest first: ranked by the time, negated. */
  const byTime = (x: string) => -Number(x.slice(1).split('.')[0]);

  it('drops what ranks before its item however far the list moved: more than a page arrived', async () => {
    const api = upstream(['t10', 't9', 't8', 't7', 't6']);
    const first = await page(api, { first: 2 }, undefined, byTime);
    expect(nodes(first)).toEqual(['t10', 't9']);
    api.list.unshift('t15', 't14', 't13', 't12', 't11');
    const next = await page(api, { first: 3, after: first.pageInfo.endCursor }, undefined, byTime);
    expect(nodes(next)).toEqual(['t8', 't7', 't6']);
    // It read through the page the new items took (3 asked, all newer), found its item on the next, and went on.
    expect(api.calls.slice(1)).toEqual([
      { pageToken: '2', pageSize: 3 },
      { pageToken: '5', pageSize: 3 },
      { pageToken: '8', pageSize: 2 },
    ]);
  });

  it('takes items level with its item as coming after it, unless the item shows up further on', async () => {
    // Three transactions of one block (time 5), then older ones.
    const api = upstream(['t5.a', 't5.b', 't5.c', 't4', 't3']);
    const first = await page(api, { first: 2 }, undefined, byTime);
    expect(nodes(first)).toEqual(['t5.a', 't5.b']);
    api.list.unshift('t6.z', 't6.y', 't6.x');
    // Position 2 now holds t6.x and t5.a: t5.a is level with t5.b, and only t5.b on the next page says it came before.
    expect(nodes(await page(api, { first: 3, after: first.pageInfo.endCursor }, undefined, byTime))).toEqual(['t5.c', 't4', 't3']);
  });
});
