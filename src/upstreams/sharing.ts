/**
 * What a client file declares about each operation it sends, beside its functions: how long an
 * answer may be shared between requests, and, for an operation that pages, what one call of it
 * returns. The clients take only operation names their domain files declare (see
 * `DeclaredDataApiOperations` in data-api/client.ts and its kin), so an operation sent without an
 * entry fails to compile rather than being silently never shared or never priced. The reuse layer
 * reads its table from these entries (src/reuse/freshness.ts gives each lifetime its times), and
 * the connections over an operation take their page sizes, and so their prices, from its `pages`
 * (`pageSpec` in src/graphql/connection.ts).
 */

/**
 * How long an answer lives, by what it says (src/reuse/freshness.ts has the times and what each
 * covers); `never`: not shared between requests at all (admin reads, writes), said on purpose.
 */
export type Lifetime =
  | 'immutable'
  | 'subnets'
  | 'validators'
  | 'transactions'
  | 'balances'
  | 'heights'
  | 'status'
  | 'health'
  | 'tps'
  | 'config'
  | 'contracts'
  | 'never';

/**
 * The pages of an operation that pages, as its upstream's contract bounds them: what one call
 * costs is one call for at most `max` items, so a list of N items costs N / `max` calls.
 */
export interface PageBounds {
  /** The most items one call returns: the largest page size the upstream takes (`pageSize`, `limit`, `numToFetch`), or the page it always sends. */
  readonly max: number;
  /** The page size the upstream uses when none is sent; absent when the request must say it. */
  readonly default?: number;
  /**
   * The items a call is priced to return, when the upstream cuts pages short of `max` by a rule
   * it does not publish: demand control counts pages of this size. The entry says why.
   */
  readonly priced?: number;
}

/** One operation's entry. */
export interface OperationEntry {
  readonly freshness: Lifetime;
  /** For an operation that pages: its page bounds. Absent: one call answers whole. */
  readonly pages?: PageBounds;
}

/**
 * The entry of an operation whose spec says whether it pages: one that takes a page size must say
 * its bounds, one that does not must not. A Data API operation's entry is typed by this from the
 * generated spec (DataApiOperationTable), so a paged endpoint declared without its price does not
 * compile.
 */
export type EntryOf<Paged extends boolean> = Paged extends true
  ? OperationEntry & { readonly pages: PageBounds }
  : OperationEntry & { readonly pages?: never };

/** A domain file's table: entries for some of `Id`, and for no other name. */
export type OperationTable<Id extends string> = { readonly [K in Id]?: OperationEntry };
