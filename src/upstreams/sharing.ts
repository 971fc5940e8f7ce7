/**
 * What a client file declares about each operation it sends, beside its functions: how long an
 * answer may be shared between requests. The clients take only operation names their domain files
 * declare (see `DeclaredDataApiOperations` in data-api/client.ts and its kin), so an operation
 * sent without an entry fails to compile rather than being silently never shared; and the reuse
 * layer reads its table from these entries (src/reuse/freshness.ts gives each lifetime its times).
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

/** One operation's entry. */
export interface OperationEntry {
  readonly freshness: Lifetime;
}

/** A domain file's table: entries for some of `Id`, and for no other name. */
export type OperationTable<Id extends string> = { readonly [K in Id]?: OperationEntry };
