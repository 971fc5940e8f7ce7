/**
 * info.* at /ext/info: what a node says about itself and its network (its id, IP and version, the
 * network's id and name, chains by alias, peers, uptime, upgrades, ACP votes, VMs, fees, whether
 * a chain is bootstrapped). Every node serves it unless started with --api-info-enabled=false;
 * the public endpoints answer the network-wide methods and refuse the per-node ones.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import {
  DecimalText,
  GoList,
  Hex,
  Id,
  NodeId,
  NoParams,
  Uint,
  nodeMethods,
  type AnswerOf,
  type Endpoint,
  type NodeClient,
} from './client.js';

/** A time as Go's encoding/json writes a time.Time: RFC 3339, fractions of a second optional. */
const GoTime = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/, { error: 'an RFC 3339 time' });

/** A peer as info.peers writes it (network/peer.Info and its benched chains). */
export const PeerInfo = z.looseObject({
  ip: z.string(),
  publicIP: z.string().optional(),
  nodeID: NodeId,
  version: z.string(),
  lastSent: GoTime,
  lastReceived: GoTime,
  observedUptime: Uint,
  trackedSubnets: GoList(Id).optional(),
  supportedACPs: GoList(z.number().int()).optional(),
  objectedACPs: GoList(z.number().int()).optional(),
  benched: GoList(z.string()),
});
export type PeerInfo = z.infer<typeof PeerInfo>;

/** One ACP's votes among the peers' stake (info.acps). */
export const AcpVotes = z.object({
  supportWeight: Uint,
  supporters: GoList(NodeId),
  objectWeight: Uint,
  objectors: GoList(NodeId),
  abstainWeight: Uint,
});
export type AcpVotes = z.infer<typeof AcpVotes>;

/**
 * The network's upgrade schedule (upgrade.Config): each upgrade's activation time, with the few
 * values that are not times (a P-Chain height, a vertex id, an epoch duration in nanoseconds).
 * Open to the upgrades later versions add.
 */
export const UpgradeConfig = z.record(z.string(), z.union([z.string(), z.number()]));
export type UpgradeConfig = z.infer<typeof UpgradeConfig>;

/** The fees info.getTxFee reports (deprecated since v1.12.2: only the X-Chain's two are still used). */
export const InfoTxFee = z.looseObject({
  txFee: Uint,
  createAssetTxFee: Uint,
  createSubnetTxFee: Uint.optional(),
  transformSubnetTxFee: Uint.optional(),
  createBlockchainTxFee: Uint.optional(),
  addPrimaryNetworkValidatorFee: Uint.optional(),
  addPrimaryNetworkDelegatorFee: Uint.optional(),
  addSubnetValidatorFee: Uint.optional(),
  addSubnetDelegatorFee: Uint.optional(),
});
export type InfoTxFee = z.infer<typeof InfoTxFee>;

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts), the params
 * each takes and the shape of its answer. What a node is and runs (its id, version, VMs, the
 * network and its upgrades) is config; its peers and whether a chain is bootstrapped are the
 * node's health; ACP votes and uptime follow the validator set.
 */
export const infoMethods = nodeMethods({
  'info.acps': { freshness: 'validators', params: () => NoParams, answer: () => z.object({ acps: z.record(z.string(), AcpVotes) }) },
  'info.getBlockchainID': {
    freshness: 'config',
    params: () => z.object({ alias: z.string() }),
    answer: () => z.object({ blockchainID: Id }),
  },
  'info.getNetworkID': { freshness: 'config', params: () => NoParams, answer: () => z.object({ networkID: Uint }) },
  'info.getNetworkName': { freshness: 'config', params: () => NoParams, answer: () => z.object({ networkName: z.string() }) },
  'info.getNodeID': {
    freshness: 'config',
    params: () => NoParams,
    // nodePOP is null on a node without a BLS key (older versions).
    answer: () => z.object({ nodeID: NodeId, nodePOP: z.object({ publicKey: Hex, proofOfPossession: Hex }).nullable().optional() }),
  },
  'info.getNodeIP': { freshness: 'config', params: () => NoParams, answer: () => z.object({ ip: z.string() }) },
  'info.getNodeVersion': {
    freshness: 'config',
    params: () => NoParams,
    answer: () =>
      z.looseObject({
        version: z.string(),
        databaseVersion: z.string(),
        rpcProtocolVersion: Uint,
        gitCommit: z.string(),
        vmVersions: z.record(z.string(), z.string()),
      }),
  },
  'info.getTxFee': { freshness: 'config', params: () => NoParams, answer: () => InfoTxFee },
  'info.getVMs': {
    freshness: 'config',
    params: () => NoParams,
    answer: () => z.object({ vms: z.record(z.string(), z.array(z.string())), fxs: z.record(z.string(), z.string()).optional() }),
  },
  'info.isBootstrapped': {
    freshness: 'health',
    params: () => z.object({ chain: z.string() }),
    answer: () => z.object({ isBootstrapped: z.boolean() }),
  },
  'info.peers': {
    freshness: 'health',
    params: () => z.object({ nodeIDs: z.array(z.string()).optional() }),
    answer: () => z.object({ numPeers: Uint, peers: GoList(PeerInfo) }),
  },
  'info.upgrades': { freshness: 'config', params: () => NoParams, answer: () => UpgradeConfig },
  'info.uptime': {
    freshness: 'validators',
    params: () => NoParams,
    answer: () => z.object({ rewardingStakePercentage: DecimalText, weightedAveragePercentage: DecimalText }),
  },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof infoMethods> {}
}

const INFO: Endpoint = { api: 'info', path: '/ext/info' };

/** info.acps: each ACP's votes among the node's peers, by ACP number. */
export function infoAcps(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.acps'>> {
  return client.call(network, INFO, 'info.acps', {});
}

/** info.getBlockchainID: the id of the chain an alias names (`X`, `P`, `C`, or one given by admin.aliasChain). */
export function infoGetBlockchainID(
  client: NodeClient,
  network: NetworkName,
  params: { alias: string },
): Promise<AnswerOf<'info.getBlockchainID'>> {
  return client.call(network, INFO, 'info.getBlockchainID', params);
}

/** info.getNetworkID: 1 on mainnet, 5 on Fuji. */
export function infoGetNetworkID(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getNetworkID'>> {
  return client.call(network, INFO, 'info.getNetworkID', {});
}

/** info.getNetworkName: `mainnet`, `fuji`, `local`, or `network-<id>`. */
export function infoGetNetworkName(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getNetworkName'>> {
  return client.call(network, INFO, 'info.getNetworkName', {});
}

/** info.getNodeID: the node's id and its BLS key with proof of possession. Per node: public endpoints refuse it. */
export function infoGetNodeID(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getNodeID'>> {
  return client.call(network, INFO, 'info.getNodeID', {});
}

/** info.getNodeIP: the IP and port the node tells its peers. Per node. */
export function infoGetNodeIP(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getNodeIP'>> {
  return client.call(network, INFO, 'info.getNodeIP', {});
}

/** info.getNodeVersion: avalanchego's version, its database's, its commit and each VM's version. */
export function infoGetNodeVersion(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getNodeVersion'>> {
  return client.call(network, INFO, 'info.getNodeVersion', {});
}

/** info.getTxFee (deprecated since v1.12.2): the static fees, of which the X-Chain's are still used. */
export function infoGetTxFee(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getTxFee'>> {
  return client.call(network, INFO, 'info.getTxFee', {});
}

/** info.getVMs: the VMs the node has, by VM id with their aliases, and its feature extensions. Per node. */
export function infoGetVMs(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.getVMs'>> {
  return client.call(network, INFO, 'info.getVMs', {});
}

/** info.isBootstrapped: whether the chain (id or alias) is done bootstrapping; an error for a chain the node does not know. */
export function infoIsBootstrapped(
  client: NodeClient,
  network: NetworkName,
  params: { chain: string },
): Promise<AnswerOf<'info.isBootstrapped'>> {
  return client.call(network, INFO, 'info.isBootstrapped', params);
}

/** info.peers: the peers the node is connected to, or those of `nodeIDs` it is connected to. */
export function infoPeers(client: NodeClient, network: NetworkName, params: { nodeIDs?: string[] }): Promise<AnswerOf<'info.peers'>> {
  return client.call(network, INFO, 'info.peers', params);
}

/** info.upgrades: the network's upgrade schedule as the node runs it. */
export function infoUpgrades(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.upgrades'>> {
  return client.call(network, INFO, 'info.upgrades', {});
}

/** info.uptime: the node's uptime as the Primary Network's stake observes it, in percent. Per node. */
export function infoUptime(client: NodeClient, network: NetworkName): Promise<AnswerOf<'info.uptime'>> {
  return client.call(network, INFO, 'info.uptime', {});
}
