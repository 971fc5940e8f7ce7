/**
 * info.* at /ext/info: the sandbox node about itself (its id, a stand-in BLS key, its IP and
 * version, its VMs) and its network (id, name, upgrade schedule as avalanchego's upgrade.go has
 * it, chains by alias, ACP votes), its peers (the Primary Network's current validators) and its
 * uptime, with the node's errors.
 */
import { CORETH_VM_ID, PRIMARY_NETWORK_ID, SUBNET_EVM_VM_ID, type NetworkName } from '../../src/base/ids.js';
import { NETWORK_ID, NFT_FX_ID, SECP_FX_ID } from './chains/avax.js';
import { SANDBOX_NODE_ID, type NodeWorld } from './chains/node-world.js';
import { NOW, percent, rfc3339Nano } from './common.js';
import { RpcFailure, type GorillaService } from './gorilla.js';
import { VM_PLUGINS, type NodeNetworkState } from './state.js';
import { CREATE_ASSET_TX_FEE, TX_FEE } from '../world/timeline.js';
import { sha } from '../random.js';

export const AVM_VM_ID = 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq';
export const PLATFORM_VM_ID = 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT';
const PROPERTY_FX_ID = 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy';
export const NODE_VERSION = 'avalanche/1.14.0';

/** avalanchego's upgrade.go schedules (Mainnet, Fuji); Helicon unscheduled. */
const UPGRADES: Record<NetworkName, Record<string, string | number>> = {
  mainnet: {
    apricotPhase1Time: '2021-03-31T14:00:00Z',
    apricotPhase2Time: '2021-05-10T11:00:00Z',
    apricotPhase3Time: '2021-08-24T14:00:00Z',
    apricotPhase4Time: '2021-09-22T21:00:00Z',
    apricotPhase4MinPChainHeight: 793005,
    apricotPhase5Time: '2021-12-02T18:00:00Z',
    apricotPhasePre6Time: '2022-09-05T01:30:00Z',
    apricotPhase6Time: '2022-09-06T20:00:00Z',
    apricotPhasePost6Time: '2022-09-07T03:00:00Z',
    banffTime: '2022-10-18T16:00:00Z',
    cortinaTime: '2023-04-25T15:00:00Z',
    cortinaXChainStopVertexID: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
    durangoTime: '2024-03-06T16:00:00Z',
    etnaTime: '2024-12-16T17:00:00Z',
    fortunaTime: '2025-04-08T15:00:00Z',
    graniteTime: '2025-11-19T16:00:00Z',
    graniteEpochDuration: 300_000_000_000,
    heliconTime: '9999-12-01T00:00:00Z',
  },
  fuji: {
    apricotPhase1Time: '2021-03-26T14:00:00Z',
    apricotPhase2Time: '2021-05-05T14:00:00Z',
    apricotPhase3Time: '2021-08-16T19:00:00Z',
    apricotPhase4Time: '2021-09-16T21:00:00Z',
    apricotPhase4MinPChainHeight: 47437,
    apricotPhase5Time: '2021-11-24T15:00:00Z',
    apricotPhasePre6Time: '2022-09-06T20:00:00Z',
    apricotPhase6Time: '2022-09-06T20:00:00Z',
    apricotPhasePost6Time: '2022-09-07T06:00:00Z',
    banffTime: '2022-10-03T14:00:00Z',
    cortinaTime: '2023-04-06T15:00:00Z',
    cortinaXChainStopVertexID: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ',
    durangoTime: '2024-02-13T16:00:00Z',
    etnaTime: '2024-11-25T16:00:00Z',
    fortunaTime: '2025-03-13T15:00:00Z',
    graniteTime: '2025-10-29T15:00:00Z',
    graniteEpochDuration: 300_000_000_000,
    heliconTime: '9999-12-01T00:00:00Z',
  },
};

export const GRANITE_EPOCH_SECONDS = 300;

/** When Granite (and with it proposervm epochs) activated on the network, in Unix seconds. */
export const graniteTime = (network: NetworkName) => Date.parse(UPGRADES[network].graniteTime as string) / 1000;

/** The ACPs a v1.14 node reports votes on. */
const ACPS = [23, 24, 25, 30, 31, 41, 62, 77, 103, 118, 125, 131, 151, 176];

/** The most peers the sandbox node is connected to: the first current validators. */
const PEERS = 24;

/** The Primary Network validators now, as the P-Chain's current validator set holds them: (node id, stake). */
function currentValidators(nw: NodeWorld): { nodeId: string; weight: bigint }[] {
  return nw.world.transactions.p
    .filter(
      (t) =>
        (t.txType === 'AddValidatorTx' || t.txType === 'AddPermissionlessValidatorTx') &&
        (t.subnetId ?? PRIMARY_NETWORK_ID) === PRIMARY_NETWORK_ID &&
        t.startTimestamp! <= NOW &&
        t.endTimestamp! > NOW,
    )
    .map((t) => ({ nodeId: t.nodeId!, weight: BigInt(t.amountStaked[0]?.amount ?? 0) }));
}

/** The info service of a network's node; `bootstrapping` is the chains the knobs keep bootstrapping. */
export function infoService(state: NodeNetworkState, bootstrapping: () => ReadonlySet<string>): GorillaService {
  const nw = state.data;
  const network = nw.network;
  const validators = currentValidators(nw);
  const totalStake = validators.reduce((sum, v) => sum + v.weight, 0n);
  const hex = (label: string, bytes: number) =>
    `0x${Buffer.concat([sha(`${label}:a`), sha(`${label}:b`), sha(`${label}:c`)])
      .subarray(0, bytes)
      .toString('hex')}`;
  const peer = (nodeId: string, i: number) => {
    const ip = `10.${(i >> 8) & 255}.${i & 255}.${(sha(nodeId)[0]! % 250) + 1}:9651`;
    return {
      ip,
      publicIP: ip,
      nodeID: nodeId,
      version: NODE_VERSION,
      upgradeTime: 0,
      lastSent: rfc3339Nano(NOW - (i % 3), 0),
      lastReceived: rfc3339Nano(NOW - (i % 5), 0),
      observedUptime: String(Math.floor(percent(`uptime:${nodeId}`, 80))),
      trackedSubnets: [],
      supportedACPs: [],
      objectedACPs: [],
      benched: [],
    };
  };
  const peers = validators.slice(0, PEERS).map((v, i) => peer(v.nodeId, i));
  const chainOf = (alias: string): string => {
    const id = state.lookup(alias);
    if (!id) throw new RpcFailure(`there is no ID with alias: ${alias}`);
    return id;
  };
  return {
    GetNodeVersion: {
      args: {},
      call: () => ({
        version: NODE_VERSION,
        databaseVersion: 'v1.4.5',
        rpcProtocolVersion: '42',
        gitCommit: sha('sandbox git commit').subarray(0, 20).toString('hex'),
        vmVersions: { avm: 'v1.14.0', evm: 'v0.15.4', platform: 'v1.14.0', 'subnet-evm': 'v0.8.0' },
      }),
    },
    GetNodeID: {
      args: {},
      // A stand-in for the node's BLS key: the sizes of a real one, not a key.
      call: () => ({
        nodeID: SANDBOX_NODE_ID,
        nodePOP: { publicKey: hex('sandbox bls key', 48), proofOfPossession: hex('sandbox bls pop', 96) },
      }),
    },
    GetNodeIP: { args: {}, call: () => ({ ip: '127.0.0.1:9651' }) },
    GetNetworkID: { args: {}, call: () => ({ networkID: String(NETWORK_ID[network]) }) },
    GetNetworkName: { args: {}, call: () => ({ networkName: network }) },
    GetBlockchainID: { args: { alias: 'string' }, call: ({ alias }) => ({ blockchainID: chainOf(alias as string) }) },
    Peers: {
      args: { nodeIDs: 'nodeIds' },
      call: ({ nodeIDs }) => {
        const wanted = new Set(nodeIDs as string[]);
        const list = wanted.size === 0 ? peers : peers.filter((p) => wanted.has(p.nodeID));
        return { numPeers: String(list.length), peers: list };
      },
    },
    IsBootstrapped: {
      args: { chain: 'string' },
      call: ({ chain }) => {
        if (chain === '') throw new RpcFailure("argument 'chain' not given");
        const id = state.lookup(chain as string);
        if (!id) throw new RpcFailure(`there is no chain with alias/ID '${chain}'`);
        return { isBootstrapped: !bootstrapping().has(id) };
      },
    },
    Upgrades: { args: {}, call: () => UPGRADES[network] },
    Uptime: {
      args: {},
      call: () => ({
        rewardingStakePercentage: percent(`rewarding:${SANDBOX_NODE_ID}`, 90).toFixed(4),
        weightedAveragePercentage: percent(`weighted:${SANDBOX_NODE_ID}`, 85).toFixed(4),
      }),
    },
    Acps: {
      args: {},
      call: () => ({
        acps: Object.fromEntries(
          ACPS.map((acp) => [
            String(acp),
            { supportWeight: '0', supporters: [], objectWeight: '0', objectors: [], abstainWeight: String(totalStake) },
          ]),
        ),
      }),
    },
    GetTxFee: {
      args: {},
      call: () => ({
        txFee: String(TX_FEE),
        createAssetTxFee: String(CREATE_ASSET_TX_FEE),
        createSubnetTxFee: '1000000000',
        transformSubnetTxFee: '10000000000',
        createBlockchainTxFee: '1000000000',
        addPrimaryNetworkValidatorFee: '0',
        addPrimaryNetworkDelegatorFee: '0',
        addSubnetValidatorFee: '1000000',
        addSubnetDelegatorFee: '1000000',
      }),
    },
    GetVMs: {
      args: {},
      call: () => ({
        vms: {
          [AVM_VM_ID]: ['avm'],
          [CORETH_VM_ID]: ['evm'],
          [PLATFORM_VM_ID]: ['platform'],
          [SUBNET_EVM_VM_ID]: ['subnet-evm'],
          // The plugins are the node's only once admin.loadVMs loaded them.
          ...(state.vmsLoaded ? Object.fromEntries(VM_PLUGINS.map((p) => [p.id, p.aliases])) : {}),
        },
        fxs: { [SECP_FX_ID]: 'secp256k1fx', [NFT_FX_ID]: 'nftfx', [PROPERTY_FX_ID]: 'propertyfx' },
      }),
    },
  };
}
