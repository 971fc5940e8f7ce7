/**
 * Relay connections over upstream page tokens (and any other forward cursor, such as an RPC
 * `endIndex`): the one helper every list in the graph pages with.
 *
 * - `first` becomes the upstream `pageSize`, clamped to the endpoint's bound; asking for more
 *   than one upstream page fetches several, following `nextPageToken`.
 * - Each edge's cursor is opaque and says how to resume right after it: the token of the page
 *   it came from, that page's size, how many of its items to skip, and the item it points at
 *   (its anchor: its key, and its rank where the list has one). An edge that ends its page
 *   resumes from the next page's token directly, so plain forward paging costs no extra call.
 * - A resume is exact on its own, whatever the upstream's tokens mean: it continues after the
 *   anchor wherever the anchor now is on the page the token gives, so items that arrived since
 *   (at the head of a newest-first list) and pushed older ones onto later pages are not repeated.
 *   Where the list has ranks (a timestamp), items ranked before the anchor are dropped wherever
 *   they show up, however far the list moved. When neither tells, a mid-page cursor falls back on
 *   `lostAnchor`: `skip` (the default) trusts the count, `restart` starts the page over, for
 *   upstreams whose expired tokens restart the list; a page-end cursor trusts the next token.
 * - A cursor is signed (HMAC) and bound to the query that produced it: a forged cursor, or one
 *   used with other filters, is refused before any upstream call.
 * - The upstream pages forward only, so `last`/`before` are refused rather than faked.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badInput } from './errors.js';
import { decodeCanonicalBase64url } from '../base/ids.js';
import { pagesOf, type PagedOperation } from '../upstreams/operations.js';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface PageSpec {
  /** What the field is called, for error messages. */
  field: string;
  /** The upstream's `pageSize` bound. */
  maxPageSize: number;
  /** `first` when the client gives none: the upstream's default page size. */
  defaultFirst: number;
  /** The most items one field may ask for; more than `maxPageSize` costs several calls. */
  maxFirst: number;
  /** The items one upstream call is priced to return (src/graph/cost.ts `paged`): `maxPageSize`, or fewer where the upstream cuts its pages short. */
  pricedPageSize: number;
  /** The operation whose pages it walks (`paged` names it as what the field reaches); absent in tests of the paging alone. */
  operation?: PagedOperation;
}

export interface UpstreamPage<T> {
  items: readonly T[];
  /** Absent or empty when there is nothing after this page. */
  nextPageToken?: string;
}

export interface ConnectionResult<T, P> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  /** The first upstream page fetched, for envelope fields such as `blockHeight`. */
  firstPage?: P;
}

interface Resume {
  token: string | undefined;
  /** The page size the token was fetched with; undefined when resuming at a page start. */
  size: number | undefined;
  skip: number;
  /** The key of the last item consumed. */
  anchor?: string | undefined;
  /** Its rank, for lists that have ranks. */
  rank?: number | undefined;
}

/** Version 3 added the rank; version 2's cursors (a CURSOR_SECRET outlives a deploy) still resume. */
const CURSOR_VERSION = 3;
const READABLE_VERSIONS: readonly unknown[] = [2, 3];

/**
 * The longest cursor accepted, checked before anything else: a cursor holds an upstream page
 * token (a UUID for the Data API, an address and UTXO id for the node) and an item key.
 */
export const MAX_CURSOR_LENGTH = 4096;

/** A cursor's signature: 22 base64url characters (132 bits of an HMAC-SHA256). */
const MAC_RE = /^[A-Za-z0-9_-]{22}$/;

/** Bounds the calls one connection makes even if an upstream keeps sending empty pages. */
const MAX_PAGES_PER_FIELD = 64;

/** What a field decides about its pages itself, beside what its operation's entry says. */
export interface FieldPaging {
  /** The most items the field may ask for: 500 unless it says (five pages of the usual 100). */
  maxFirst?: number;
  /** `first` when the client gives none, where the upstream's default suits a client badly, or where the request must name a size. */
  defaultFirst?: number;
  /** Items fetched past a page to learn whether another follows: they come out of the upstream's largest page. */
  lookahead?: number;
}

/**
 * A connection's bounds over one operation's pages. The upstream's side comes from the operation's
 * entry in its client file (`pages`, src/upstreams/sharing.ts): pages of at most its `max` items,
 * `first` defaulting to its default page size, each call priced at the items it returns. So a field
 * pages, and is priced, by what its operation declares, and cannot disagree with it.
 */
export function pageSpec(operation: PagedOperation, field: string, own: FieldPaging = {}): PageSpec {
  const pages = pagesOf(operation);
  const maxPageSize = pages.max - (own.lookahead ?? 0);
  const defaultFirst = own.defaultFirst ?? pages.default;
  if (defaultFirst === undefined) throw new Error(`${operation} has no default page size: give ${field} a defaultFirst of its own`);
  return {
    field,
    maxPageSize,
    defaultFirst,
    maxFirst: own.maxFirst ?? 500,
    pricedPageSize: Math.min(pages.priced ?? maxPageSize, maxPageSize),
    operation,
  };
}

export function fingerprintOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
}

/** Defers work until a query reads the value: most queries select neither cursors nor pageInfo cursors. */
function lazy<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

/**
 * Signs and checks cursors. The secret is CURSOR_SECRET, or a random one per process: then
 * cursors do not outlive a restart, and instances behind one endpoint need the same secret.
 */
export class CursorCodec {
  private readonly secret: Buffer;

  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }

  encode(fp: string, resume: Resume): string {
    const payload = Buffer.from(
      JSON.stringify([
        CURSOR_VERSION,
        fp,
        resume.token ?? null,
        resume.size ?? null,
        resume.skip,
        resume.anchor ?? null,
        resume.rank ?? null,
      ]),
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  decode(cursor: string, fp: string, spec: PageSpec): Resume {
    const refuse = () =>
      badInput(`\`after\` is not a cursor of ${spec.field}: pass an \`endCursor\` or edge \`cursor\` from an earlier page.`, {
        argument: 'after',
      });
    if (cursor.length > MAX_CURSOR_LENGTH) {
      throw badInput(
        `\`after\` is ${cursor.length} characters long; a cursor of this API has at most ${MAX_CURSOR_LENGTH}: pass an \`endCursor\` or edge \`cursor\` from an earlier page.`,
        {
          argument: 'after',
        },
      );
    }
    // Exactly `payload.mac`, each spelt as encode() wrote it: nothing before, between or after.
    const dot = cursor.indexOf('.');
    const payload = cursor.slice(0, dot);
    const mac = cursor.slice(dot + 1);
    const text = dot > 0 && MAC_RE.test(mac) ? decodeCanonicalBase64url(payload) : undefined;
    if (text === undefined || !timingSafeEqual(Buffer.from(mac), Buffer.from(this.mac(payload)))) throw refuse();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw refuse();
    }
    if (
      !Array.isArray(parsed) ||
      !READABLE_VERSIONS.includes(parsed[0]) ||
      typeof parsed[1] !== 'string' ||
      !(parsed[2] === null || typeof parsed[2] === 'string') ||
      !(parsed[3] === null || (Number.isInteger(parsed[3]) && parsed[3] > 0 && parsed[3] <= spec.maxPageSize)) ||
      !(Number.isInteger(parsed[4]) && parsed[4] >= 0) ||
      !(parsed[5] === null || typeof parsed[5] === 'string') ||
      !(parsed[6] === undefined || parsed[6] === null || Number.isFinite(parsed[6]))
    ) {
      throw refuse();
    }
    if (parsed[1] !== fp) {
      throw badInput(
        `\`after\` is a cursor of a different ${spec.field} list: a cursor resumes only the query (same arguments) that produced it.`,
        {
          argument: 'after',
        },
      );
    }
    return {
      token: parsed[2] ?? undefined,
      size: parsed[3] ?? undefined,
      skip: parsed[4],
      anchor: parsed[5] ?? undefined,
      rank: parsed[6] ?? undefined,
    };
  }
}

/** Checks the Relay arguments against the spec; returns how many items to fetch. */
export function checkConnectionArgs(args: ConnectionArgs, spec: PageSpec): number {
  if (args.last != null || args.before != null) {
    throw badInput(
      `${spec.field} pages forward only, as its upstream does: use \`first\` and \`after\`; \`last\` and \`before\` are not supported.`,
      { argument: args.last != null ? 'last' : 'before' },
    );
  }
  const first = args.first ?? spec.defaultFirst;
  if (!Number.isInteger(first) || first < 1 || first > spec.maxFirst) {
    throw badInput(
      `\`first\` must be from 1 to ${spec.maxFirst} for ${spec.field} (got ${args.first}); more than ${spec.maxPageSize} is fetched as several upstream pages.`,
      { argument: 'first' },
    );
  }
  return first;
}

export interface PageConnectionOptions<T, N, P> {
  /** Signs the cursors: the request context's codec. */
  cursors: CursorCodec;
  args: ConnectionArgs;
  spec: PageSpec;
  /** Everything besides paging that selects the list; cursors are bound to it. */
  filters: unknown;
  /** One upstream call for a token and a page size. */
  fetchPage: (page: { pageToken: string | undefined; pageSize: number }) => Promise<P>;
  read: (page: P) => UpstreamPage<T>;
  toNode: (item: T) => N;
  /** What identifies an item in its list (a hash, an id, a timestamp): the cursor's anchor. */
  keyOf: (item: T) => string;
  /**
   * For a list the upstream orders by a number (its timestamps, the spec says): the item's rank,
   * which never decreases along the list (a timestamp, negated for a newest-first list). Lets a
   * resume drop what comes before its anchor however far the list moved.
   */
  rankOf?: (item: T) => number;
  /** When a mid-page cursor's anchor is no longer on its page; see the module comment. */
  lostAnchor?: 'skip' | 'restart';
}

/** What the cursors of one fetched page need, shared by its edges: each encodes its own on demand. */
class PageCursors<T> {
  constructor(
    private readonly codec: CursorCodec,
    private readonly fingerprint: () => string,
    /** The token the page was fetched with, and its size. */
    private readonly token: string | undefined,
    private readonly size: number,
    /** The token of the page after it. */
    private readonly next: string | undefined,
    private readonly items: readonly T[],
    private readonly keyOf: (item: T) => string,
    private readonly rankOf: ((item: T) => number) | undefined,
  ) {}

  cursorAt(index: number): string {
    const item = this.items[index]!;
    const anchor = { anchor: this.keyOf(item), rank: this.rankOf?.(item) };
    // An edge that ends its page resumes from the next page's token directly.
    const at: Resume =
      index === this.items.length - 1 && this.next !== undefined
        ? { token: this.next, size: undefined, skip: 0, ...anchor }
        : { token: this.token, size: this.size, skip: index + 1, ...anchor };
    return this.codec.encode(this.fingerprint(), at);
  }
}

/** An edge whose cursor is signed only if the query reads it: most select nodes alone. */
class Edge<N> {
  private encoded?: string;

  constructor(
    readonly node: N,
    private readonly page: PageCursors<unknown>,
    private readonly index: number,
  ) {}

  get cursor(): string {
    return (this.encoded ??= this.page.cursorAt(this.index));
  }
}

class PageInfo<N> {
  constructor(
    readonly hasNextPage: boolean,
    readonly hasPreviousPage: boolean,
    private readonly edges: readonly Edge<N>[],
  ) {}

  get startCursor(): string | null {
    return this.edges[0]?.cursor ?? null;
  }

  get endCursor(): string | null {
    return this.edges.at(-1)?.cursor ?? null;
  }
}

/**
 * The connection of a list known to be empty without asking its upstream (the L1 validators of a
 * subnet that was never converted), checked as `pageConnection` checks its arguments. It is
 * returned as it is, not as a promise: a page of a hundred subnets would otherwise pay, for each
 * of them, a promise and a deferred completion of its fields before the calls the query does
 * need go out. An empty list has no cursors, so an `after` can only be refused, with the error
 * `pageConnection` gives for a cursor of another list.
 */
export function emptyConnection<N, P>(
  options: Pick<PageConnectionOptions<unknown, N, P>, 'cursors' | 'args' | 'spec' | 'filters'>,
): ConnectionResult<N, P> {
  const { cursors, args, spec, filters } = options;
  checkConnectionArgs(args, spec);
  if (args.after) cursors.decode(args.after, fingerprintOf([spec.field, filters]), spec);
  return { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: Boolean(args.after), startCursor: null, endCursor: null } };
}

/** Pages through an upstream list for a Relay connection. */
export async function pageConnection<T, N, P>(options: PageConnectionOptions<T, N, P>): Promise<ConnectionResult<N, P>> {
  const { cursors, args, spec, filters, fetchPage, read, toNode, keyOf, rankOf, lostAnchor = 'skip' } = options;
  const want = checkConnectionArgs(args, spec);
  const fp = lazy(() => fingerprintOf([spec.field, filters]));
  let resume: Resume = args.after ? cursors.decode(args.after, fp(), spec) : { token: undefined, size: undefined, skip: 0 };
  const { anchor } = resume;
  const anchorRank = rankOf ? resume.rank : undefined;
  // Until the walk is past the anchor, what a page holds may be what the cursor's page held.
  let seeking = anchor !== undefined;
  // Edges ranked level with an anchor not seen yet: after it, unless it shows up further on.
  let levelFrom = -1;

  const edges: Edge<N>[] = [];
  let hasNextPage = false;
  let firstPage: P | undefined;

  for (let calls = 0; ; calls++) {
    if (calls >= MAX_PAGES_PER_FIELD) {
      hasNextPage = true;
      break;
    }
    // Resuming mid-page must ask for the same page size, or the token would mean another page.
    const pageSize = resume.size ?? Math.min(want - edges.length, spec.maxPageSize);
    const raw = await fetchPage({ pageToken: resume.token, pageSize });
    firstPage ??= raw;
    const { items, nextPageToken } = read(raw);
    const next = nextPageToken || undefined;

    let index = resume.skip;
    if (seeking) {
      const found = items.findIndex((item) => keyOf(item) === anchor);
      if (found >= 0) {
        // Everything up to the anchor was served with it (a token that counts positions moved on).
        index = found + 1;
        seeking = false;
        if (levelFrom >= 0) edges.length = levelFrom;
      } else if (anchorRank !== undefined) {
        index = 0;
      } else {
        // Nothing tells where the anchor went: trust the token, and a mid-page count as `lostAnchor` says.
        if (resume.size !== undefined && lostAnchor === 'restart') index = 0;
        seeking = false;
      }
    }
    const page = new PageCursors(cursors, fp, resume.token, pageSize, next, items, keyOf, rankOf) as PageCursors<unknown>;
    for (; index < items.length && edges.length < want; index++) {
      const item = items[index]!;
      if (seeking) {
        const rank = rankOf!(item);
        // Ranked before the anchor: served before it, or arrived since at the head.
        if (rank < anchorRank!) continue;
        if (rank > anchorRank!) seeking = false;
        else if (levelFrom < 0) levelFrom = edges.length;
      }
      edges.push(new Edge(toNode(item), page, index));
    }

    if (edges.length >= want) {
      hasNextPage = index < items.length || next !== undefined;
      break;
    }
    if (next === undefined) break;
    // A short page with a token is not the end (the upstream may cut pages early): keep going.
    resume = { token: next, size: undefined, skip: 0 };
  }

  return { edges, pageInfo: new PageInfo(hasNextPage, Boolean(args.after), edges), firstPage };
}
