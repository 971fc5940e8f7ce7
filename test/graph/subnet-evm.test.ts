/**
 * A blockchain's own EVM endpoint through the graph: fee config at any block, chain config with
 * precompile upgrades, active rules and precompiles at any time, validators with uptime; the
 * eth_* calls of one chain batched; nothing asked of chains that cannot answer.
 */
import { describe, expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');

type Upgrade = Record<string, { blockTimestamp: number; disable?: boolean }>;
const upgradesOf = (id: string) =>
  (node.subnetEvm(id)!.chainConfig.upgrades as { precompileUpgrades?: Upgrade[] } | undefined)?.precompileUpgrades ?? [];
const tracked = [...node.chains.entries()].filter(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created');
const [chainId] = tracked.find(([id]) => upgradesOf(id).some((u) => Object.values(u)[0]!.disable))!;
const evm = node.subnetEvm(chainId)!;
const upgrades = upgradesOf(chainId);
const firstUpgrade = Object.values(upgrades[0]!)[0]!.blockTimestamp;
const before = evm.blocks.filter((b) => b.time < firstUpgrade).at(-1)!;
const latest = evm.blocks.at(-1)!;

const fee = (f: { feeConfig: Record<string, number>; lastChangedAt: number }) => ({
  gasLimit: String(f.feeConfig.gasLimit),
  minBaseFee: String(f.feeConfig.minBaseFee),
  targetGas: String(f.feeConfig.targetGas),
  lastChangedAt: String(f.lastChangedAt),
});

describe('Subnet-EVM data on Blockchain', () => {
  it('reads the fee config at the latest block, at a number (decimal or hex) and at a hash, all in one batch', async () => {
    const res = await h.raw<any>(`{ network { blockchain(blockchainId: "${chainId}") {
      latest: feeConfig { gasLimit minBaseFee targetGas lastChangedAt }
      decimal: feeConfig(block: "${before.number}") { gasLimit minBaseFee targetGas lastChangedAt }
      hex: feeConfig(block: "0x${before.number.toString(16)}") { gasLimit }
      hash: feeConfig(block: "${before.hash}") { gasLimit }
    } } }`);
    expect(res.errors).toBeUndefined();
    const b = res.data.network.blockchain;
    expect(b.latest).toEqual(fee(evm.feeConfigAt(latest.number) as any));
    expect(b.decimal).toEqual(fee(evm.feeConfigAt(before.number) as any));
    expect(b.latest).not.toEqual(b.decimal);
    expect([b.hex.gasLimit, b.hash.gasLimit]).toEqual([b.decimal.gasLimit, b.decimal.gasLimit]);
    // decimal and hex are the same block: three distinct calls, one HTTP request.
    expect(h.sandbox.count('batch')).toBe(1);
    expect(
      h
        .bodies('batch')[0]
        .map((c: any) => c.params[0])
        .sort(),
    ).toEqual([`0x${before.number.toString(16)}`, before.hash, 'latest'].sort());
  });

  it('reads the chain config with its precompiles and upgrades, rules and precompiles at two times', async () => {
    const res = await h.raw<any>(`{ network { blockchain(blockchainId: "${chainId}") {
      chainConfig { chainId allowFeeRecipients feeConfig { gasLimit } precompiles { name blockTimestamp } precompileUpgrades { name blockTimestamp disable adminAddresses config } raw }
      before: activeRules(timestamp: ${firstUpgrade - 1}) { ethRules { name active } avalancheRules { name active } precompiles { name timestamp } }
      after: activeRules(timestamp: ${firstUpgrade}) { precompiles { name timestamp } }
      now: activeRules { precompiles { name } }
      precompilesBefore: activePrecompiles(timestamp: ${firstUpgrade - 1}) { name blockTimestamp }
    } } }`);
    expect(res.errors).toBeUndefined();
    const b = res.data.network.blockchain;
    expect(b.chainConfig.chainId).toBe(evm.chainId);
    expect(b.chainConfig.raw).toEqual(evm.chainConfig);
    expect(b.chainConfig.precompileUpgrades.map((u: any) => [u.name, u.blockTimestamp, u.disable])).toEqual(
      upgrades.map((u) => Object.entries(u)[0]!).map(([name, c]) => [name, c.blockTimestamp, c.disable === true]),
    );
    const genesisPrecompiles = Object.keys(evm.chainConfig).filter(
      (k) => k.endsWith('Config') && k !== 'feeConfig' && Object.hasOwn(evm.chainConfig[k] ?? {}, 'blockTimestamp'),
    );
    expect(b.chainConfig.precompiles.map((p: any) => p.name).sort()).toEqual(genesisPrecompiles.sort());

    const rules = evm.rulesAt(firstUpgrade - 1);
    expect(b.before.ethRules).toEqual(Object.entries(rules.ethRules).map(([name, active]) => ({ name, active })));
    expect(b.before.precompiles).toEqual(Object.entries(rules.precompiles).map(([name, p]) => ({ name, timestamp: p.timestamp })));
    expect(b.after.precompiles).not.toEqual(b.before.precompiles);
    expect(b.precompilesBefore.map((p: any) => p.name).sort()).toEqual(Object.keys(evm.activePrecompilesAt(firstUpgrade - 1)).sort());
    // eth_getChainConfig, three eth_getActiveRulesAt, one eth_getActivePrecompilesAt: one batch.
    expect(h.sandbox.counts).toEqual({ listSubnets: 1, batch: 1 });
    expect(
      h
        .bodies('batch')[0]
        .map((c: any) => c.method)
        .sort(),
    ).toEqual(['eth_getActivePrecompilesAt', 'eth_getActiveRulesAt', 'eth_getActiveRulesAt', 'eth_getActiveRulesAt', 'eth_getChainConfig']);
  });

  it('lists the validators with their uptime, all or some', async () => {
    const [chainId, { subnet }] = tracked.find(
      ([, c]) => c.subnet.isL1 && world.l1Validators.some((v) => v.subnetId === c.subnet.subnetId && v.weight > 0),
    )!;
    const res = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${chainId}") { validators { nodeId validationId weight startTimestamp isActive isL1Validator isConnected uptimeSeconds uptimePercentage } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const all = res.data.network.blockchain.validators as any[];
    expect(all.length).toBeGreaterThan(0);
    for (const v of all) {
      expect(v.uptimePercentage).toBeGreaterThanOrEqual(0);
      expect(v.uptimePercentage).toBeLessThanOrEqual(100);
      expect(v.isL1Validator).toBe(subnet.isL1);
    }
    if (subnet.isL1) {
      const current = world.l1Validators.filter((v) => v.subnetId === subnet.subnetId && v.weight > 0);
      expect(all.map((v) => [v.validationId, v.weight, v.isActive]).sort()).toEqual(
        current.map((v) => [v.validationId, String(v.weight), v.active]).sort(),
      );
    }
    const some = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${chainId}") { validators(nodeIds: ["${all[0].nodeId}"]) { validationId } } } }`,
    );
    expect(some.data.network.blockchain.validators).toEqual([{ validationId: all[0].validationId }]);
    // The ids go to the node as its nodeIDs: it answers for those nodes only.
    expect(h.bodies('validators.getCurrentValidators').map((b) => b.params)).toEqual([{}, { nodeIDs: [all[0].nodeId] }]);
    // The node refuses a call naming a node that does not validate the chain: the gateway then
    // asks for all once, and keeps the ones asked for.
    h.sandbox.reset();
    const stranger = world.nodeIds.find((n) => !all.some((v) => v.nodeId === n))!;
    const mixed = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${chainId}") { validators(nodeIds: ["${stranger}", "${all[0].nodeId}", "${stranger}"]) { nodeId } } } }`,
    );
    expect(mixed.errors).toBeUndefined();
    expect(mixed.data.network.blockchain.validators).toEqual([{ nodeId: all[0].nodeId }]);
    expect(h.bodies('validators.getCurrentValidators').map((b) => b.params)).toEqual([{ nodeIDs: [stranger, all[0].nodeId] }, {}]);
    // An empty list asks nothing.
    h.sandbox.reset();
    const none = await h.raw<any>(`{ network { blockchain(blockchainId: "${chainId}") { validators(nodeIds: []) { nodeId } } } }`);
    expect(none.data.network.blockchain.validators).toEqual([]);
    expect(h.sandbox.count('validators.getCurrentValidators')).toBe(0);
  });

  it('asks the C-Chain only what coreth answers, and a custom VM nothing', async () => {
    const custom = [...node.chains.entries()].find(([, c]) => c.vm === 'custom' && c.status !== 'Created')![0];
    const res = await h.raw<any>(`{ network {
      c: blockchain(blockchainId: "${world.chainIds.c}") { feeConfig { gasLimit } activeRules { precompiles { name } } activePrecompiles { name } validators { nodeId } chainConfig { chainId feeConfig { gasLimit } } }
      custom: blockchain(blockchainId: "${custom}") { feeConfig { gasLimit } chainConfig { chainId } activeRules { precompiles { name } } validators { nodeId } }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.c).toEqual({
      feeConfig: null,
      activeRules: null,
      activePrecompiles: null,
      validators: null,
      chainConfig: { chainId: 43114, feeConfig: null },
    });
    expect(res.data.network.custom).toEqual({ feeConfig: null, chainConfig: null, activeRules: null, validators: null });
    expect(h.sandbox.counts).toEqual({ listSubnets: 1, eth_getChainConfig: 1 });
    expect(h.sandbox.log.find((r) => r.operation === 'eth_getChainConfig')!.path).toBe(
      '/mainnet/ext/bc/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5/rpc',
    );
  });

  it('says the node does not track a chain it only knows as created, while its status still answers', async () => {
    const [untracked] = [...node.chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status === 'Created')!;
    const res = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${untracked}") { status feeConfig { gasLimit } validators { nodeId } } } }`,
    );
    expect(res.data.network.blockchain).toEqual({ status: 'CREATED', feeConfig: null, validators: null });
    expect(codes(res)).toEqual(['NODE_API_UNAVAILABLE', 'NODE_API_UNAVAILABLE']);
    expect(res.errors![0]!.message).toMatch(/does not track this blockchain/);
  });

  it("passes a bootstrapping chain's 503 on as unavailable, with the node's words", async () => {
    h.sandbox.node.bootstrapping = [chainId];
    const res = await h.raw<any>(`{ network { blockchain(blockchainId: "${chainId}") { feeConfig { gasLimit } } } }`);
    expect(codes(res)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(res.errors![0]!.extensions).toMatchObject({
      upstream: {
        service: 'node',
        status: 503,
        message: expect.stringContaining('API call rejected because chain is not done bootstrapping'),
      },
    });
  });

  it('sends a block number as geth reads it: 1200, 0x4b0 and 0x04b0 are one call', async () => {
    const res = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${chainId}") { a: feeConfig(block: "12") { gasLimit } b: feeConfig(block: "0xc") { gasLimit } c: feeConfig(block: "0x00c") { gasLimit } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(h.bodies('eth_feeConfig').map((b) => b.params)).toEqual([['0xc']]);
  });

  it('refuses a block that is not a block and a negative time, before any node call', async () => {
    for (const field of [
      'feeConfig(block: "yesterday") { gasLimit }',
      'feeConfig(block: "0x12345678901234567") { gasLimit }',
      'feeConfig(block: "9223372036854775808") { gasLimit }',
      'activeRules(timestamp: -1) { precompiles { name } }',
    ]) {
      const res = await h.raw(`{ network { blockchain(blockchainId: "${chainId}") { ${field} } } }`);
      expect(codes(res), field).toEqual(['BAD_USER_INPUT']);
    }
    expect(Object.keys(h.sandbox.counts)).toEqual(['listSubnets']);
  });
});
