/**
 * The node's info.* through `network { nodeInfo }`: each field against the sandbox node's world
 * and the call it made (path, params), bad arguments refused before any call, and the node's own
 * refusals (an unknown alias or chain) read as null.
 */
import { describe, expect, it } from 'vitest';
import { CORETH_VM_ID, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { SANDBOX_NODE_ID, getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { NODE_VERSION } from '../../sandbox/node/info.js';
import { NOW } from '../../sandbox/node/common.js';
import { getWorld } from '../../sandbox/world/world.js';
import { expectEmptyIdsAsOmitted } from '../helpers/empty-id-lists.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');

/** The node's requests of one method: path and params. */
const calls = (method: string) =>
  h.sandbox.log.filter((r) => r.operation === method).map((r) => ({ path: r.path, params: (r.body as any).params }));

/** The Primary Network validators now, as the sandbox's P-Chain has them. */
const validatorsNow = world.transactions.p.filter(
  (t) =>
    ['AddValidatorTx', 'AddPermissionlessValidatorTx'].includes(t.txType) &&
    (t.subnetId ?? PRIMARY_NETWORK_ID) === PRIMARY_NETWORK_ID &&
    t.startTimestamp! <= NOW &&
    t.endTimestamp! > NOW,
);

describe('nodeInfo', () => {
  it("answers the node's identity, version, network and fees, one call per method", async () => {
    const res = await h.raw<any>(`{ network { nodeInfo {
      nodeId blsPublicKey blsProofOfPossession ip networkId networkName
      version { version databaseVersion gitCommit rpcProtocolVersion vmVersions { vm version } }
      txFee { txFee createAssetTxFee createSubnetTxFee addSubnetDelegatorFee }
    } } }`);
    expect(res.errors).toBeUndefined();
    const info = res.data.network.nodeInfo;
    expect(info).toMatchObject({ nodeId: SANDBOX_NODE_ID, ip: '127.0.0.1:9651', networkId: 1, networkName: 'mainnet' });
    expect(info.blsPublicKey).toMatch(/^0x[0-9a-f]{96}$/);
    expect(info.blsProofOfPossession).toMatch(/^0x[0-9a-f]{192}$/);
    expect(info.version).toMatchObject({ version: NODE_VERSION, rpcProtocolVersion: 42 });
    expect(info.version.vmVersions).toContainEqual({ vm: 'avm', version: 'v1.14.0' });
    expect(info.txFee).toEqual({
      txFee: '1000000',
      createAssetTxFee: '10000000',
      createSubnetTxFee: '1000000000',
      addSubnetDelegatorFee: '1000000',
    });
    // The three fields of info.getNodeID share one call.
    expect(calls('info.getNodeID')).toEqual([{ path: '/mainnet/ext/info', params: {} }]);
    for (const method of ['info.getNodeIP', 'info.getNetworkID', 'info.getNetworkName', 'info.getNodeVersion', 'info.getTxFee'])
      expect(calls(method), method).toHaveLength(1);
  });

  it('reads a chain by alias and whether it is bootstrapped; an unknown one is null', async () => {
    h.sandbox.node.bootstrapping = ['C'];
    const res = await h.raw<any>(`{ network(name: FUJI) { nodeInfo {
      x: blockchainId(alias: "X") c: blockchainId(alias: "C") none: blockchainId(alias: "nope")
      xDone: isBootstrapped(chain: "X") cDone: isBootstrapped(chain: "C") other: isBootstrapped(chain: "nope")
    } } }`);
    expect(res.errors).toBeUndefined();
    const fuji = getWorld('fuji');
    expect(res.data.network.nodeInfo).toEqual({
      x: fuji.chainIds.x,
      c: fuji.chainIds.c,
      none: null,
      xDone: true,
      cDone: false,
      other: null,
    });
    expect(calls('info.getBlockchainID').map((c) => c.params)).toEqual(
      expect.arrayContaining([{ alias: 'X' }, { alias: 'C' }, { alias: 'nope' }]),
    );
    expect(calls('info.isBootstrapped')[0]!.path).toBe('/fuji/ext/info');
  });

  it('lists the peers (the current validators) and filters them by node id', async () => {
    const res = await h.raw<any>(
      `{ network { nodeInfo { peers { nodeId ip publicIp version observedUptime benched trackedSubnets lastSent } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const peers = res.data.network.nodeInfo.peers;
    expect(peers.length).toBe(Math.min(24, validatorsNow.length));
    expect(peers.map((p: any) => p.nodeId)).toEqual(validatorsNow.slice(0, peers.length).map((v) => v.nodeId));
    expect(peers[0]).toMatchObject({ version: NODE_VERSION, benched: [], trackedSubnets: [] });
    const one = peers[1].nodeId;
    h.sandbox.reset();
    const filtered = await h.raw<any>(`query($ids: [NodeID!]) { network { nodeInfo { peers(nodeIds: $ids) { nodeId } } } }`, {
      ids: [one],
    });
    expect(filtered.data.network.nodeInfo.peers).toEqual([{ nodeId: one }]);
    expect(calls('info.peers')).toEqual([{ path: '/mainnet/ext/info', params: { nodeIDs: [one] } }]);
    // An empty list is no filter to the node: every peer, priced as when nodeIds is omitted.
    const query = 'query($ids: [NodeID!]) { network { nodeInfo { peers(nodeIds: $ids) { nodeId } } } }';
    await expectEmptyIdsAsOmitted(h, query, (data) => data.network.nodeInfo.peers);
  });

  it('answers uptime, upgrades, ACP votes, VMs and feature extensions', async () => {
    const res = await h.raw<any>(`{ network { nodeInfo {
      uptime { rewardingStakePercentage weightedAveragePercentage }
      upgrades { name activatesAt value }
      acps { acp supportWeight abstainWeight supporters }
      vms { vmId aliases } fxs { name }
    } } }`);
    expect(res.errors).toBeUndefined();
    const info = res.data.network.nodeInfo;
    expect(info.uptime.rewardingStakePercentage).toBeGreaterThanOrEqual(90);
    expect(info.upgrades).toContainEqual({ name: 'durangoTime', activatesAt: '2024-03-06T16:00:00Z', value: '2024-03-06T16:00:00Z' });
    expect(info.upgrades).toContainEqual({ name: 'apricotPhase4MinPChainHeight', activatesAt: null, value: '793005' });
    const stake = validatorsNow.reduce((s, v) => s + BigInt(v.amountStaked[0]!.amount), 0n);
    expect(info.acps.map((a: any) => a.acp)).toContain(77);
    expect(info.acps[0]).toMatchObject({ supportWeight: '0', abstainWeight: String(stake), supporters: [] });
    expect(info.vms).toContainEqual({ vmId: CORETH_VM_ID, aliases: ['evm'] });
    expect(info.fxs.map((f: any) => f.name).sort()).toEqual(['nftfx', 'propertyfx', 'secp256k1fx']);
    // vms and fxs read one answer.
    expect(calls('info.getVMs')).toHaveLength(1);
    expect(node.network).toBe('mainnet');
  });

  it('refuses a bad alias or node id before calling the node', async () => {
    const res = await h.raw<any>(`{ network { nodeInfo { blockchainId(alias: "") } } }`);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    const bad = await h.raw<any>(`{ network { nodeInfo { peers(nodeIds: ["NodeID-nope"]) { nodeId } } } }`);
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.log.filter((r) => r.service === 'node')).toEqual([]);
  });

  it('says why when the node does not serve /ext/info', async () => {
    h.sandbox.fail({ operation: 'info.getNodeIP', kind: 'status', status: 404 });
    const res = await h.raw<any>(`{ network { nodeInfo { ip } } }`);
    expect(codes(res)).toEqual(['NODE_API_UNAVAILABLE']);
    expect(res.errors![0]!.message).toMatch(/api-info-enabled/);
  });
});
