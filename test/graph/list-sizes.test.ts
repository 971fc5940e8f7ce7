/**
 * What a `learnt` list's price reads (src/graph/list-sizes.ts): the lengths the gateway saw, by
 * network, by parent, or by the list's place in its document where the price cannot name it.
 */
import { describe, expect, it } from 'vitest';
import { learnt, usually } from '../../src/graph/list-sizes.js';
import { ListLengths, withMargin } from '../../src/reuse/list-lengths.js';

const on = (lengths: ListLengths, scope: string | undefined, place?: string) => ({ scope, lengths, place: () => place });

describe('a list the data decides, as its price reads it', () => {
  it('is priced at its usual length until one of its kind was seen, then as the longest seen, within its most', () => {
    const lengths = new ListLengths();
    const items = usually('test-usual', 5, 40);
    expect(items({}, on(lengths, 'mainnet'))).toBe(5);
    lengths.saw({ kind: 'test-usual', network: 'mainnet' }, 12);
    expect(items({}, on(lengths, 'mainnet'))).toBe(withMargin(12));
    lengths.saw({ kind: 'test-usual', network: 'mainnet' }, 400);
    expect(items({}, on(lengths, 'mainnet'))).toBe(40);
    // A router, which sees no lengths, assumes the usual length.
    expect(items.assumedSize).toBe(5);
  });

  it('is never priced below its usual length, whatever shorter lists were seen (fuzz seed p51)', () => {
    // An amount's assets: after only amounts of no asset were seen, the next one's asset (and the
    // call for its description) was priced at none: made 2 calls, priced at 1.
    const lengths = new ListLengths();
    const items = usually('test-floor', 2, 256);
    lengths.saw({ kind: 'test-floor', network: 'mainnet' }, 0);
    expect(items({}, on(lengths, 'mainnet'))).toBe(2);
    lengths.saw({ kind: 'test-floor', network: undefined }, 0);
    expect(items({}, on(lengths, 'fuji'))).toBe(2);
    const everywhere = learnt({ kind: 'test-floor-any', most: { mainnet: 500, fuji: 500 }, unseen: 5, anyNetwork: true });
    lengths.saw({ kind: 'test-floor-any', network: undefined }, 1);
    expect(everywhere({}, on(lengths, 'mainnet'))).toBe(5);
    // Longer lists are priced as seen, within the most.
    lengths.saw({ kind: 'test-floor', network: 'mainnet' }, 300);
    expect(items({}, on(lengths, 'mainnet'))).toBe(256);
  });

  it('stays at its usual length while no longer list was seen, so that a query answered once is priced the same again (fuzz seed p53)', () => {
    // A vertex's parents, four deep: seen at two, priced at their margin (three) each, the same
    // query went from 178 calls priced to 530, past the budget, with 11 made.
    const lengths = new ListLengths();
    const items = usually('test-usual-held', 2, 128);
    lengths.saw({ kind: 'test-usual-held', network: 'mainnet' }, 2);
    expect(items({}, on(lengths, 'mainnet'))).toBe(2);
    lengths.saw({ kind: 'test-usual-held', network: 'mainnet' }, 1);
    expect(items({}, on(lengths, 'mainnet'))).toBe(2);
    // One longer than usual: priced as seen, with its margin for lists that grow.
    lengths.saw({ kind: 'test-usual-held', network: 'mainnet' }, 3);
    expect(items({}, on(lengths, 'mainnet'))).toBe(withMargin(3));
  });

  it('reads what a parent that says no network held, on a network that saw none of its own', () => {
    const lengths = new ListLengths();
    const items = usually('test-networkless', 5, 1_000);
    // A genesis's accounts: the genesis does not say its network, so its list is noted for none.
    lengths.saw({ kind: 'test-networkless', network: undefined }, 9);
    expect(items({}, on(lengths, 'mainnet'))).toBe(withMargin(9));
    expect(items({}, on(lengths, 'fuji'))).toBe(withMargin(9));
    // What the network saw of its own comes first.
    lengths.saw({ kind: 'test-networkless', network: 'fuji' }, 20);
    expect(items({}, on(lengths, 'fuji'))).toBe(withMargin(20));
  });

  it('prices a list of one parent the price cannot name at its most, then at the longest its place held (fuzz seed p39)', () => {
    const lengths = new ListLengths();
    const items = learnt<{ subnetId?: string }>({
      kind: 'test-set',
      most: { mainnet: 100, fuji: 100 },
      parent: (args) => args.subnetId,
      parentOf: (s: { subnetId: string }) => s.subnetId,
    });
    // One empty set of the kind seen says nothing of the sets below a page of chains.
    lengths.saw({ kind: 'test-set', network: 'mainnet', parent: 'S1' }, 0);
    expect(items({}, on(lengths, 'mainnet', 'doc.vars.12.Blockchain.validators'))).toBe(100);
    // Once the document has run, its place held at most 13.
    lengths.saw({ kind: 'longest', network: undefined, parent: 'doc.vars.12.Blockchain.validators', place: true }, 13);
    expect(items({}, on(lengths, 'mainnet', 'doc.vars.12.Blockchain.validators'))).toBe(withMargin(13));
    // Named by its arguments, it is that parent's.
    expect(items({ subnetId: 'S1' }, on(lengths, 'mainnet'))).toBe(0);
    // A price of no parsed document has no place: the most.
    expect(items({}, on(lengths, 'mainnet'))).toBe(100);
  });
});
