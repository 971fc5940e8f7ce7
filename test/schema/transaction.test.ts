/**
 * Primary Network transaction lists: what the Data API's answer says besides the transactions
 * (its `chainInfo` envelope), on every list that pages through listLatestPrimaryNetworkTransactions.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

describe('the chainInfo envelope of transaction lists', () => {
  it("names the chain and network the Data API answered for, on the network's, an address's and an L1 validator's lists", async () => {
    const fuji = getWorld('fuji');
    const address = [...fuji.txAddresses.values()].flatMap((s) => [...s]).find((a) => a.startsWith('fuji1'))!;
    const validation = fuji.l1Validators[0]!.validationId;
    const res = await h.raw<any>(
      `query($address: AvalancheAddress!, $v: CB58Id!) { network(name: FUJI) {
        x: transactions(chain: X_CHAIN, first: 1) { chainInfo { chainName network } }
        c: transactions(chain: C_CHAIN, first: 1) { chainInfo { chainName network } }
        address(address: $address) { transactions(chain: P_CHAIN, first: 1) { chainInfo { chainName network } } }
        l1Validator(validationId: $v) { transactions(first: 1) { chainInfo { chainName network } } }
      } }`,
      { address, v: validation },
    );
    expect(res.errors).toBeUndefined();
    const n = res.data.network;
    expect(n.x.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'FUJI' });
    expect(n.c.chainInfo).toEqual({ chainName: 'C_CHAIN', network: 'FUJI' });
    expect(n.address.transactions.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'FUJI' });
    expect(n.l1Validator.transactions.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'FUJI' });
    // It is the answer's envelope: no call is added for it.
    expect(h.sandbox.count('listLatestPrimaryNetworkTransactions')).toBe(4);
  });
});
