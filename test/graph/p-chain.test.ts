/**
 * The P-Chain from the node (src/graph/p-chain.ts): its height and blocks, blockchain statuses,
 * supply, current validators and their delegators within the call budget, the links between the
 * node's validators and the Data API's L1 validators, and the deprecated methods it keeps.
 */
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { derivedId } from '../../sandbox/node/chains/avax.js';
import { getNodeWorld, proposedBlockchainIds } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import { TIMELINE } from '../../sandbox/world/timeline.js';
import { expectEmptyIdsAsOmitted } from '../helpers/empty-id-lists.js';
import { startHarness, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');

describe('P-Chain', () => {
  it('reads its height and blocks by height or id, as JSON and as hex, linked to the Data API transactions', async () => {
    const block = node.platform.blocks.find((b) => node.platform.txs.some((t) => t.id && b.height > 0))!;
    const spender = world.transactions.p.find(
      (t) => Number(t.blockNumber) > 100 && t.consumedUtxos.some((u) => u.createdOnChainId === PRIMARY_NETWORK_ID),
    )!;
    const withTx = node.platform.blocks[Number(spender.blockNumber)]!;
    const res = await h.raw<any>(`{ network { pChain {
      height
      byHeight: block(height: ${withTx.height}) { blockId parentId height time transactions { txId networkId blockchainId inputs { utxoId amount } outputs { amount addresses { address } } unsignedTx credentials { signatures } transaction { txHash txType } } hex }
      byId: block(blockId: "${block.id}") { blockId height }
      none: block(height: 99999999) { blockId }
    } } }`);
    expect(res.errors).toBeUndefined();
    const p = res.data.network.pChain;
    expect(p.height).toBe(String(node.platform.blocks.at(-1)!.height));
    expect(p.byHeight).toMatchObject({ blockId: withTx.id, parentId: withTx.parentId, height: String(withTx.height) });
    expect(Buffer.from(decodeHexWithChecksum(p.byHeight.hex))).toEqual(withTx.bytes);
    expect(p.byHeight.transactions.length).toBeGreaterThan(0);
    for (const tx of p.byHeight.transactions) {
      expect(tx.transaction).toMatchObject({ txHash: tx.txId });
      const data = world.transactions.p.find((t) => t.txHash === tx.txId)!;
      expect([tx.networkId, tx.blockchainId]).toEqual([1, PRIMARY_NETWORK_ID]);
      // The node's inputs are the Data API's consumed UTXOs of this chain.
      const local = data.consumedUtxos.filter((u) => u.createdOnChainId === PRIMARY_NETWORK_ID);
      expect(tx.inputs.map((i: any) => [i.utxoId, i.amount]).sort()).toEqual(local.map((u) => [u.utxoId, u.amount]).sort());
    }
    expect(p.byId).toEqual({ blockId: block.id, height: String(block.height) });
    expect(p.none).toBeNull();
  });

  it('knows every blockchain status: validating, syncing, created, preferred (only proposed) and unknown', async () => {
    const pick = (status: string) => [...node.chains.entries()].find(([, c]) => c.status === status)![0];
    const ids = {
      validating: pick('Validating'),
      syncing: pick('Syncing'),
      created: pick('Created'),
      preferred: proposedBlockchainIds('mainnet')[0]!,
      unknown: derivedId('never proposed'),
    };
    const res = await h.raw<any>(
      `{ network { pChain { ${Object.entries(ids)
        .map(([k, id]) => `${k}: blockchainStatus(blockchainId: "${id}")`)
        .join(' ')} } } }`,
    );
    expect(res.data.network.pChain).toEqual({
      validating: 'VALIDATING',
      syncing: 'SYNCING',
      created: 'CREATED',
      preferred: 'PREFERRED',
      unknown: 'UNKNOWN',
    });
  });

  it("reads the supply: AVAX beyond 2^53 with every digit, an elastic subnet's, none for the others", async () => {
    const elastic = world.transactions.p.find((t) => t.txType === 'TransformSubnetTx');
    const plain = world.subnets.find((s) => s.subnetId !== PRIMARY_NETWORK_ID && s.subnetId !== elastic?.subnetId)!;
    const res = await h.raw<any>(`{ network {
      pChain { avax: currentSupply ${elastic ? `elastic: currentSupply(subnetId: "${elastic.subnetId}")` : ''} }
      plain: subnet(subnetId: "${plain.subnetId}") { supply }
      primary: subnet(subnetId: "${PRIMARY_NETWORK_ID}") { supply }
    } }`);
    expect(res.errors).toBeUndefined();
    // The Primary Network's supply, asked twice, is one call.
    expect(
      h
        .bodies('platform.getCurrentSupply')
        .map((b) => b.params.subnetID ?? 'primary')
        .sort(),
    ).toEqual(['primary', plain.subnetId, ...(elastic ? [elastic.subnetId] : [])].sort());
    const avax = res.data.network.pChain.avax as string;
    expect(BigInt(avax)).toBeGreaterThan(2n ** 53n);
    expect(res.data.network.primary.supply).toBe(avax);
    expect(res.data.network.plain.supply).toBeNull();
    if (elastic) expect(BigInt(res.data.network.pChain.elastic)).toBeGreaterThan(0n);
  });

  it("lists current validators: the Primary Network's with one node's delegators, an L1's, a legacy subnet's", async () => {
    const now = TIMELINE.now;
    const running = (t: (typeof world.transactions.p)[number]) => t.startTimestamp! <= now && t.endTimestamp! > now;
    const staking = world.transactions.p.filter((t) => ['AddValidatorTx', 'AddPermissionlessValidatorTx'].includes(t.txType) && running(t));
    const delegations = world.transactions.p.filter(
      (t) => ['AddDelegatorTx', 'AddPermissionlessDelegatorTx'].includes(t.txType) && running(t),
    );
    const busy = staking.find((v) => delegations.some((d) => d.nodeId === v.nodeId))!;
    const legacy = world.transactions.p.find(
      (t) => t.txType === 'AddSubnetValidatorTx' && running(t) && !world.subnets.find((s) => s.subnetId === t.subnetId)!.isL1,
    )!;
    // Until the gateway has seen the Primary Network's set, it prices it at mainnet's 1,500 validators,
    // a delegators call each, past the call budget (src/graph/p-chain.ts): the listing is read first.
    expect((await h.raw<any>('{ network { pChain { currentValidators { nodeId } } } }')).errors).toBeUndefined();
    const res = await h.raw<any>(`{ network {
      pChain {
        all: currentValidators { txId nodeId weight delegators { txId } }
        one: currentValidators(nodeIds: ["${busy.nodeId}"]) {
          txId nodeId weight startTime endTime potentialReward delegationFee uptime connected delegatorCount delegatorWeight
          signer { publicKey proofOfPossession }
          validationRewardOwner { threshold locktime addresses { address } }
          delegators { txId nodeId weight startTime endTime potentialReward rewardOwner { addresses { address } } }
        }
      }
      legacy: subnet(subnetId: "${legacy.subnetId}") { currentValidators(nodeIds: ["${legacy.nodeId}"]) { txId nodeId startTime endTime weight validationId balance } }
    } }`);
    expect(res.errors).toBeUndefined();
    const p = res.data.network.pChain;
    expect(p.all.map((v: any) => v.txId).sort()).toEqual(staking.map((v) => v.txHash).sort());
    // The node lists delegators only for one node: those of the whole listing were asked for one by one.
    for (const v of p.all) {
      const theirs = delegations.filter((d) => d.nodeId === v.nodeId).map((d) => d.txHash);
      expect(v.delegators.map((d: any) => d.txId).sort()).toEqual(theirs.sort());
    }
    const [one] = p.one;
    const mine = delegations.filter((d) => d.nodeId === busy.nodeId);
    expect(one).toMatchObject({
      txId: busy.txHash,
      weight: busy.amountStaked[0]!.amount,
      startTime: busy.startTimestamp,
      endTime: busy.endTimestamp,
      delegatorCount: String(mine.length),
    });
    expect(one.delegatorWeight).toBe(String(mine.reduce((sum, d) => sum + BigInt(d.amountStaked[0]!.amount), 0n)));
    expect(one.delegators.map((d: any) => d.txId).sort()).toEqual(mine.map((d) => d.txHash).sort());
    expect(one.validationRewardOwner.addresses.map((a: any) => a.address)).toEqual(busy.rewardAddresses);
    expect(typeof one.uptime).toBe('number');
    expect(res.data.network.legacy.currentValidators).toEqual([
      {
        txId: legacy.txHash,
        nodeId: legacy.nodeId,
        startTime: legacy.startTimestamp,
        endTime: legacy.endTimestamp,
        weight: expect.any(String),
        validationId: null,
        balance: null,
      },
    ]);
  });

  it('fetches the delegators a listing of several nodes leaves out: one call per validator that has some, within the budget', async () => {
    const now = TIMELINE.now;
    const running = (t: (typeof world.transactions.p)[number]) => t.startTimestamp! <= now && t.endTimestamp! > now;
    const staking = world.transactions.p.filter((t) => ['AddValidatorTx', 'AddPermissionlessValidatorTx'].includes(t.txType) && running(t));
    const delegations = world.transactions.p.filter(
      (t) => ['AddDelegatorTx', 'AddPermissionlessDelegatorTx'].includes(t.txType) && running(t),
    );
    const busy = staking.filter((v) => delegations.some((d) => d.nodeId === v.nodeId));
    const idle = staking.filter((v) => !busy.includes(v));
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect(idle.length).toBeGreaterThanOrEqual(1);
    const q = `{ network { pChain { currentValidators(nodeIds: ${JSON.stringify(staking.map((v) => v.nodeId))}) {
      nodeId delegatorCount delegators { txId nodeId }
    } } } }`;
    const res = await h.raw<any>(q);
    expect(res.errors).toBeUndefined();
    for (const v of res.data.network.pChain.currentValidators) {
      const theirs = delegations.filter((d) => d.nodeId === v.nodeId);
      expect(v.delegatorCount).toBe(String(theirs.length));
      expect(v.delegators.map((d: any) => d.txId).sort()).toEqual(theirs.map((d) => d.txHash).sort());
      expect(v.delegators.every((d: any) => d.nodeId === v.nodeId)).toBe(true);
    }
    // The listing, then one call naming each busy validator alone; none for a validator without delegators.
    const calls = h.bodies('platform.getCurrentValidators').map((b) => b.params.nodeIDs);
    expect(calls).toHaveLength(1 + busy.length);
    expect(calls.slice(1).sort()).toEqual(busy.map((v) => [v.nodeId]).sort());

    // An L1's validators take no delegations: null, and no call for them.
    const l1 = world.subnets.find((s) => s.isL1 && world.l1Validators.some((v) => v.subnetId === s.subnetId && v.active))!;
    h.sandbox.reset();
    const l1Res = await h.raw<any>(
      `{ network { subnet(subnetId: "${l1.subnetId}") { currentValidators { delegatorCount delegators { txId } } } } }`,
    );
    expect(l1Res.errors).toBeUndefined();
    expect(l1Res.data.network.subnet.currentValidators.every((v: any) => v.delegatorCount === null && v.delegators === null)).toBe(true);
    expect(h.sandbox.count('platform.getCurrentValidators')).toBe(1);
  });

  it("says why when the call budget runs out before a validator's delegators are fetched", async () => {
    const tight = await startHarness(
      { UPSTREAM_CALL_BUDGET: '2', UPSTREAM_RETRIES: '0', DEMAND_CONTROL: 'measure' },
      { sandbox: h.sandbox },
    );
    try {
      const res = await tight.raw<any>('{ network { pChain { currentValidators { nodeId delegatorCount delegators { txId } } } } }');
      const validators = res.data.network.pChain.currentValidators as any[];
      const asked = validators.filter((v) => v.delegatorCount !== '0');
      expect(asked.length).toBeGreaterThanOrEqual(2);
      // The listing took one call of two: one validator got its delegators, the other an error saying why.
      expect(asked.filter((v) => v.delegators === null)).toHaveLength(asked.length - 1);
      expect(res.errors!.map((e) => [e.path?.slice(-1)[0], e.extensions?.code])).toEqual(
        Array.from({ length: asked.length - 1 }, () => ['delegators', 'UPSTREAM_BUDGET_EXCEEDED']),
      );
    } finally {
      await tight.close();
    }
  });

  it('says why when a listed validator has left by the time its delegators are asked for, or the node leaves them out', async () => {
    const q = (alias: string, fields = '') => `{ network { pChain { ${alias}: currentValidators { nodeId delegatorCount ${fields} } } } }`;
    /** A gateway with the listing kept, so that the node's next answer is a one-node one: `answer` for the first of those. */
    async function askWith(answer: (busy: string[]) => unknown) {
      const cached = await startHarness({ CACHE: 'memory', UPSTREAM_RETRIES: '0' }, { sandbox: h.sandbox });
      try {
        const listed = await cached.raw<any>(q('listing'));
        const busy = listed.data.network.pChain.listing.filter((v: any) => v.delegatorCount !== '0').map((v: any) => v.nodeId);
        expect(busy.length).toBeGreaterThanOrEqual(2);
        h.sandbox.fail({ operation: 'platform.getCurrentValidators', kind: 'body', body: { jsonrpc: '2.0', id: 1, result: answer(busy) } });
        return { busy, res: await cached.raw<any>(q('delegated', 'delegators { txId }')) };
      } finally {
        await cached.close();
      }
    }

    const left = await askWith(() => ({ validators: [] }));
    expect(left.res.errors!.map((e) => [e.path?.slice(-1)[0], e.extensions?.code])).toEqual([['delegators', 'NOT_FOUND']]);
    expect(left.res.errors![0]!.message).toMatch(/^NodeID-\S+ is no longer a current validator/);
    const answered = left.res.data.network.pChain.delegated.filter((v: any) => v.delegatorCount !== '0' && v.delegators !== null);
    expect(answered).toHaveLength(left.busy.length - 1);

    // One node asked, and the node's answer has it without the delegators it must then list.
    const bare = await askWith((busy) => ({ validators: busy.map((nodeID) => ({ nodeID, weight: '1', delegatorCount: '1' })) }));
    expect(bare.res.errors!.map((e) => [e.path?.slice(-1)[0], e.extensions?.code])).toEqual([['delegators', 'UPSTREAM_INVALID_RESPONSE']]);
  });

  it('links every L1 validator of a page to its P-Chain entry with one call per subnet', async () => {
    const res = await h.raw<any>(
      `{ network { l1Validators(first: 60) { nodes { validationId subnetId remainingBalance pChainValidator { validationId balance weight l1Validator { validationId } } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data.network.l1Validators.nodes as any[];
    const subnets = new Set(nodes.map((v) => v.subnetId));
    expect(subnets.size).toBeGreaterThan(1);
    expect(h.sandbox.count('platform.getCurrentValidators')).toBe(subnets.size);
    // Back from the P-Chain to the Data API: the validators the page listed, without a call each.
    expect(h.sandbox.count('listL1Validators')).toBe(1);
    for (const call of h.bodies('platform.getCurrentValidators')) {
      const expected = nodes
        .filter((v) => v.subnetId === call.params.subnetID)
        .map((v) => world.l1Validators.find((w) => w.validationId === v.validationId)!.nodeId);
      expect([...call.params.nodeIDs].sort()).toEqual([...new Set(expected)].sort());
    }
    for (const v of nodes) {
      const active = world.l1Validators.find((w) => w.validationId === v.validationId)!.active;
      if (!active) expect(v.pChainValidator).toBeNull();
      else
        expect(v.pChainValidator).toEqual({
          validationId: v.validationId,
          balance: String(v.remainingBalance),
          weight: expect.any(String),
          l1Validator: { validationId: v.validationId },
        });
    }
  });

  it("finds a chain's L1 validators, and a P-Chain validator set's, in one listing of their subnet", async () => {
    const [chainId, chain] = [...node.chains.entries()].find(
      ([, c]) =>
        c.vm === 'subnet-evm' &&
        c.status !== 'Created' &&
        c.subnet.isL1 &&
        world.l1Validators.filter((v) => v.subnetId === c.subnet.subnetId && v.weight > 0).length >= 5,
    )!;
    const subnetId = chain.subnet.subnetId;
    const res = await h.raw<any>(`{ network {
      blockchain(blockchainId: "${chainId}") { validators { validationId l1Validator { validationId nodeId subnetId } } }
      subnet(subnetId: "${subnetId}") { currentValidators { validationId l1Validator { validationId } } }
    } }`);
    expect(res.errors).toBeUndefined();
    const validators = res.data.network.blockchain.validators as any[];
    expect(validators.length).toBeGreaterThanOrEqual(5);
    for (const v of validators) {
      const wire = world.l1Validators.find((w) => w.validationId === v.validationId)!;
      expect(v.l1Validator).toEqual({ validationId: wire.validationId, nodeId: wire.nodeId, subnetId });
    }
    const current = res.data.network.subnet.currentValidators as any[];
    expect(current.length).toBeGreaterThanOrEqual(2);
    for (const v of current) expect(v.l1Validator).toEqual({ validationId: v.validationId });
    // One listing of the subnet, active and inactive, for both sets: not one call per validator.
    expect(h.sandbox.count('listL1Validators')).toBe(1);
    const [listing] = h.sandbox.log.filter((r) => r.operation === 'listL1Validators');
    expect(Object.fromEntries(listing!.query)).toMatchObject({ subnetId, includeInactiveL1Validators: 'true', pageSize: '100' });
  });

  it('keeps the deprecated platform.getBlockchains and platform.getBalance, marked so', async () => {
    const address = world.addresses.find((a) => world.utxos.get(world.chainIds.p)?.some((u) => u.owners.includes(a)))!;
    const res = await h.raw<any>(
      `{ network { pChain { blockchains { blockchainId name subnetId vmId blockchain { blockchainName } } balance(addresses: ["${address}"]) { balances { assetId amount } unlocked { amount } utxoCount } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const chains = world.subnets.flatMap((s) => s.blockchains);
    expect(res.data.network.pChain.blockchains.map((b: any) => b.blockchainId).sort()).toEqual(chains.map((b) => b.blockchainId).sort());
    expect(res.data.network.pChain.blockchains.every((b: any) => b.blockchain?.blockchainName === b.name)).toBe(true);
    const owned = world.utxos.get(world.chainIds.p)!.filter((u) => u.owners.includes(address));
    expect(res.data.network.pChain.balance.utxoCount).toBe(owned.length);
    expect(res.data.network.pChain.balance.balances).toEqual([
      { assetId: world.avaxAssetId, amount: String(owned.reduce((s, u) => s + u.amount, 0n)) },
    ]);
    expect(h.bodies('platform.getBalance')[0].params).toEqual({ addresses: [`P-${address}`] });
  });
});

describe('an empty nodeIds', () => {
  it('is no filter, as the node reads it: the whole set, priced as the whole set', async () => {
    const query = 'query($ids: [NodeID!]) { network { pChain { currentValidators(nodeIds: $ids) { nodeId } } } }';
    await expectEmptyIdsAsOmitted(h, query, (data) => data.network.pChain.currentValidators);
  });
});
