/**
 * What the network's node says about itself and its network (info.*), on a `NodeInfo` object per
 * network (`network { nodeInfo { … } }`). The per-node facts (id, IP, VMs, uptime) are the node
 * the gateway is configured with: a public endpoint refuses them (NODE_API_UNAVAILABLE names why).
 */
import type { NetworkName } from '../base/ids.js';
import { badInput } from '../graphql/errors.js';
import { nullIfMissing, toSafeInt } from '../upstreams/node/client.js';
import {
  infoAcps,
  infoGetBlockchainID,
  infoGetNetworkID,
  infoGetNetworkName,
  infoGetNodeID,
  infoGetNodeIP,
  infoGetNodeVersion,
  infoGetTxFee,
  infoGetVMs,
  infoIsBootstrapped,
  infoPeers,
  infoUpgrades,
  infoUptime,
  type AcpVotes,
  type InfoTxFee,
  type PeerInfo,
} from '../upstreams/node/info.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';
import { checkNodeIds } from './node-common.js';
import { NetworkRef } from './refs.js';
import { NodeIdScalar } from './scalars.js';
import { BLS_PUBLIC_KEY_BYTES, BLS_SIGNATURE_BYTES } from './leaf-bytes.js';

export interface NodeInfoModel {
  network: NetworkName;
}

/** A mainnet node has a few thousand peers: a page of them by default, all of them at most. */
const DEFAULT_PEERS = 100;
const MAX_PEERS = 5_000;
/**
 * Lists the node's version decides (./list-sizes.ts `usually`): priced at their usual size until a
 * longer one was seen on the network, then as the longest seen. The most of each is an assumption:
 * - the VMs it has (info.getVMs, and their versions in info.getNodeVersion), one kind: the three of
 *   the Primary Network and a plugin per VM its subnets run; 256 plugins for the most;
 * - its feature extensions (info.getVMs): avalanchego registers three (secp256k1fx, nftfx,
 *   propertyfx), a VM plugin may bring its own; 256 for the most, as for VMs;
 * - the ACPs it reports votes on (info.acps): the proposals its release knows, a few dozen; the ACP
 *   repository numbers a few hundred, 1,000 for the most;
 * - the upgrades of its schedule (info.upgrades): one per network upgrade and its activation
 *   times, a few dozen; 256 for the most.
 */
const NODE_VMS = usually('nodeVms', 32, 256);
const NODE_FXS = usually('nodeFxs', 32, 256);
const ACPS = usually('nodeAcps', 64, 1_000);
const UPGRADES = usually('nodeUpgrades', 32, 256);

/** An alias or id of a chain, as info.getBlockchainID and info.isBootstrapped take it: 1 to 512 bytes, no spaces. */
function checkChainName(value: string, argument: string): string {
  const bytes = Buffer.byteLength(value);
  if (bytes === 0 || bytes > 512 || /[\s\p{C}]/u.test(value)) {
    throw badInput(
      `\`${argument}\` must be a chain alias (X, P, C, or one admin.aliasChain gave) or a blockchain id: 1 to 512 bytes, no spaces (got ${bytes} bytes).`,
      {
        argument,
      },
    );
  }
  return value;
}

const NodeVersionRef = builder
  .objectRef<{
    version: string;
    databaseVersion: string;
    gitCommit: string;
    rpcProtocolVersion: string | number;
    vmVersions: Record<string, string>;
    /** The node's network, under which the lengths of its lists are kept (./list-sizes.ts). */
    network: NetworkName;
  }>('NodeVersion')
  .implement({
    description: 'What the node runs (info.getNodeVersion).',
    fields: (t) => ({
      version: t.string({ description: 'avalanchego\'s version, e.g. "avalanche/1.14.0".', resolve: (p) => p.version }),
      databaseVersion: t.exposeString('databaseVersion', { description: 'The version of its database.' }),
      gitCommit: t.exposeString('gitCommit', { description: 'The commit it was built from.' }),
      rpcProtocolVersion: t.int({
        description: 'The RPCChainVM protocol version: a VM plugin must speak the same one.',
        resolve: (v) => toSafeInt(v.rpcProtocolVersion),
      }),
      vmVersions: t.field({
        type: [VmVersionRef],
        description: 'Each VM it runs, by name, with its version.',
        price: { items: NODE_VMS },
        resolve: (v) => Object.entries(v.vmVersions).map(([vm, version]) => ({ vm, version })),
      }),
    }),
  });

const VmVersionRef = builder.objectRef<{ vm: string; version: string }>('NodeVmVersion').implement({
  description: 'A VM the node runs and its version.',
  fields: (t) => ({
    vm: t.exposeString('vm', { description: 'The VM\'s name, e.g. "avm", "evm", "platform".' }),
    version: t.string({ description: 'Its version.', resolve: (p) => p.version }),
  }),
});

const NodeVmRef = builder.objectRef<{ vmId: string; aliases: string[] }>('NodeVm').implement({
  description: 'A VM installed on the node (info.getVMs).',
  fields: (t) => ({
    vmId: t.exposeString('vmId', { description: 'The VM id (cb58): what a blockchain names as its `vmId`.' }),
    aliases: t.exposeStringList('aliases', { description: 'Its names, e.g. ["avm"].' }),
  }),
});

const NodeFxRef = builder.objectRef<{ fxId: string; name: string }>('NodeFx').implement({
  description: 'A feature extension the node has (info.getVMs): what outputs and credentials a chain may use.',
  fields: (t) => ({
    fxId: t.exposeString('fxId', { description: 'The feature extension id (cb58).' }),
    name: t.exposeString('name', { description: 'Its name, e.g. "secp256k1fx".' }),
  }),
});

type PeerModel = PeerInfo & { network: NetworkName };

const NodePeerRef = builder.objectRef<PeerModel>('NodePeer').implement({
  description: 'A node this node is connected to (info.peers).',
  fields: (t) => ({
    nodeId: t.string({ description: "The peer's node id (NodeID-…).", resolve: (p) => p.nodeID }),
    ip: t.string({ description: 'The address the connection is with (IP:port).', resolve: (p) => p.ip }),
    publicIp: t.string({
      nullable: true,
      description: 'The address the peer announces for others to reach it (IP:port); null when it announced none.',
      resolve: (p) => p.publicIP || null,
    }),
    version: t.string({ description: 'The avalanchego version the peer runs.', resolve: (p) => p.version }),
    lastSent: t.string({ description: 'When this node last sent to the peer (RFC 3339).', resolve: (p) => p.lastSent }),
    lastReceived: t.string({ description: 'When this node last heard from the peer (RFC 3339).', resolve: (p) => p.lastReceived }),
    observedUptime: t.int({
      description: "This node's Primary Network uptime as the peer observes it, in percent.",
      resolve: (p) => toSafeInt(p.observedUptime),
    }),
    trackedSubnets: t.stringList({
      description: 'The subnets the peer tracks besides the Primary Network.',
      resolve: (p) => p.trackedSubnets ?? [],
    }),
    supportedAcps: t.field({ type: ['Int'], description: 'The ACPs the peer votes for.', resolve: (p) => p.supportedACPs ?? [] }),
    objectedAcps: t.field({ type: ['Int'], description: 'The ACPs the peer votes against.', resolve: (p) => p.objectedACPs ?? [] }),
    benched: t.stringList({
      description: 'The chains (by primary alias) on which this node has benched the peer for not answering in time.',
      resolve: (p) => p.benched ?? [],
    }),
  }),
});

const NodeUptimeRef = builder.objectRef<{ rewardingStakePercentage: string; weightedAveragePercentage: string }>('NodeUptime').implement({
  description: "The node's uptime as the Primary Network's validators observe it (info.uptime): the one reliable source of it.",
  fields: (t) => ({
    rewardingStakePercentage: t.float({
      description: 'The percent of stake that sees the node above the uptime a reward needs.',
      resolve: (u) => Number(u.rewardingStakePercentage),
    }),
    weightedAveragePercentage: t.float({
      description: 'The stake-weighted average of the uptimes observed, in percent.',
      resolve: (u) => Number(u.weightedAveragePercentage),
    }),
  }),
});

const NetworkUpgradeRef = builder.objectRef<{ name: string; value: string | number }>('NetworkUpgrade').implement({
  description: "One entry of the network's upgrade schedule (info.upgrades): an upgrade's activation time, or a value an upgrade fixed.",
  fields: (t) => ({
    name: t.exposeString('name', {
      description: 'As the node names it, e.g. "durangoTime", "apricotPhase4MinPChainHeight", "graniteEpochDuration".',
    }),
    activatesAt: t.string({
      nullable: true,
      description: 'For an upgrade: when it activates (RFC 3339); 9999-12-01 for one not scheduled yet. Null for an entry that is no time.',
      resolve: (u) => (typeof u.value === 'string' && /^\d{4}-\d\d-\d\dT/.test(u.value) ? u.value : null),
    }),
    value: t.string({
      description: 'The value as the node wrote it (a time, a height, a vertex id, a duration in nanoseconds).',
      resolve: (u) => String(u.value),
    }),
  }),
});

const AcpVotesRef = builder.objectRef<AcpVotes & { acp: number }>('AcpVotes').implement({
  description: "An Avalanche Community Proposal's support among this node's peers, by stake (info.acps).",
  fields: (t) => ({
    acp: t.exposeInt('acp', { description: 'The ACP number, e.g. 77.' }),
    supportWeight: t.field({
      type: 'BigInt',
      description: 'The stake (nAVAX) of the peers that support it.',
      resolve: (a) => String(a.supportWeight),
    }),
    supporters: t.stringList({ description: 'The node ids that support it.', resolve: (a) => a.supporters ?? [] }),
    objectWeight: t.field({
      type: 'BigInt',
      description: 'The stake (nAVAX) of the peers that object to it.',
      resolve: (a) => String(a.objectWeight),
    }),
    objectors: t.stringList({ description: 'The node ids that object to it.', resolve: (a) => a.objectors ?? [] }),
    abstainWeight: t.field({
      type: 'BigInt',
      description: 'The stake (nAVAX) that has not voted.',
      resolve: (a) => String(a.abstainWeight),
    }),
  }),
});

const FEES: readonly [keyof InfoTxFee & string, string][] = [
  ['txFee', "The X-Chain's fee for most transactions."],
  ['createAssetTxFee', "The X-Chain's fee for creating an asset."],
  ['createSubnetTxFee', "No longer used (the P-Chain's fees are dynamic since Etna)."],
  ['transformSubnetTxFee', 'No longer used.'],
  ['createBlockchainTxFee', 'No longer used.'],
  ['addPrimaryNetworkValidatorFee', 'No longer used.'],
  ['addPrimaryNetworkDelegatorFee', 'No longer used.'],
  ['addSubnetValidatorFee', 'No longer used.'],
  ['addSubnetDelegatorFee', 'No longer used.'],
];

const NodeTxFeeRef = builder.objectRef<InfoTxFee>('NodeTxFee').implement({
  description:
    "The static fees the node reports (info.getTxFee, deprecated since avalanchego v1.12.2), in nAVAX. Only the X-Chain's two still apply.",
  fields: (t) =>
    Object.fromEntries(
      FEES.map(([name, description]) => [
        name,
        t.field({ type: 'BigInt', nullable: true, description, resolve: (f) => (f[name] === undefined ? null : String(f[name])) }),
      ]),
    ),
});

/** Fields that read the same answer: one call whichever of them a query selects. */
const NODE_ID = { calls: 1, sharesWith: 'info.getNodeID' } as const;
const VMS_READ = { calls: 1, sharesWith: 'info.getVMs' } as const;

const NodeInfoRef = builder.objectRef<NodeInfoModel>('NodeInfo').implement({
  description:
    "The node the gateway reads this network through (info.*). Facts about the network (its id, name, upgrades, chains) are the same on every node; facts about the node (id, IP, VMs, peers, uptime) are the configured node's, and a public endpoint refuses them with NODE_API_UNAVAILABLE.",
  fields: (t) => ({
    nodeId: t.string({
      description: "The node's id (NodeID-…), from info.getNodeID.",
      price: { ...NODE_ID, reaches: ['info.getNodeID'] },
      resolve: async (n, _args, ctx) => (await infoGetNodeID(ctx.node, n.network)).nodeID,
    }),
    blsPublicKey: t.string({
      nullable: true,
      description:
        "The node's BLS public key (48 bytes, hex), which it registers to validate; null on a node without one (info.getNodeID).",
      price: { ...NODE_ID, bytes: BLS_PUBLIC_KEY_BYTES, reaches: ['info.getNodeID'] },
      resolve: async (n, _args, ctx) => (await infoGetNodeID(ctx.node, n.network)).nodePOP?.publicKey ?? null,
    }),
    blsProofOfPossession: t.string({
      nullable: true,
      description: 'The signature (96 bytes, hex) that proves the node holds its BLS key (info.getNodeID).',
      price: { ...NODE_ID, bytes: BLS_SIGNATURE_BYTES, reaches: ['info.getNodeID'] },
      resolve: async (n, _args, ctx) => (await infoGetNodeID(ctx.node, n.network)).nodePOP?.proofOfPossession ?? null,
    }),
    ip: t.string({
      description: 'The IP and port the node tells its peers (info.getNodeIP).',
      price: { calls: 1, reaches: ['info.getNodeIP'] },
      resolve: async (n, _args, ctx) => (await infoGetNodeIP(ctx.node, n.network)).ip,
    }),
    version: t.field({
      type: NodeVersionRef,
      description: "What the node runs: avalanchego's version, its database's, its commit and each VM's (info.getNodeVersion).",
      price: { calls: 1, reaches: ['info.getNodeVersion'] },
      resolve: async (n, _args, ctx) => ({ ...(await infoGetNodeVersion(ctx.node, n.network)), network: n.network }),
    }),
    networkId: t.int({
      description: 'The network id the node is on: 1 for mainnet, 5 for Fuji (info.getNetworkID).',
      price: { calls: 1, reaches: ['info.getNetworkID'] },
      resolve: async (n, _args, ctx) => toSafeInt((await infoGetNetworkID(ctx.node, n.network)).networkID),
    }),
    networkName: t.string({
      description: 'The name of the network the node is on: "mainnet", "fuji", "local" or "network-<id>" (info.getNetworkName).',
      price: { calls: 1, reaches: ['info.getNetworkName'] },
      resolve: async (n, _args, ctx) => (await infoGetNetworkName(ctx.node, n.network)).networkName,
    }),
    blockchainId: t.string({
      nullable: true,
      description:
        'The id of the chain an alias names on this node (info.getBlockchainID): X, P and C everywhere, and any alias admin.aliasChain gave. Null when the node knows no such alias.',
      args: { alias: t.arg.string({ required: true, description: 'The alias, e.g. "X", or a blockchain id.' }) },
      price: { calls: 1, reaches: ['info.getBlockchainID'] },
      resolve: async (n, { alias }, ctx) =>
        (
          await nullIfMissing(
            infoGetBlockchainID(ctx.node, n.network, { alias: checkChainName(alias, 'alias') }),
            /there is no ID with alias/,
          )
        )?.blockchainID ?? null,
    }),
    isBootstrapped: t.boolean({
      nullable: true,
      description:
        'Whether the node is done bootstrapping a chain (info.isBootstrapped): until then its API for that chain refuses calls. Null when the node runs no such chain.',
      args: { chain: t.arg.string({ required: true, description: 'The chain: its alias (X, P, C) or blockchain id.' }) },
      price: { calls: 1, reaches: ['info.isBootstrapped'] },
      resolve: async (n, { chain }, ctx) =>
        (
          await nullIfMissing(
            infoIsBootstrapped(ctx.node, n.network, { chain: checkChainName(chain, 'chain') }),
            /there is no chain with alias/,
          )
        )?.isBootstrapped ?? null,
    }),
    peers: t.field({
      type: [NodePeerRef],
      description: `The nodes this node is connected to (info.peers), in the node's order, or those of \`nodeIds\` it is connected to (a node it is not connected to is left out). The node answers all in one call; \`first\` (1 to ${MAX_PEERS}, default ${DEFAULT_PEERS}) bounds what is returned.`,
      args: {
        nodeIds: t.arg({
          type: [NodeIdScalar],
          description: 'Only these peers (at most 100); omitted or empty: every peer (the node reads an empty list as no filter).',
        }),
        first: t.arg.int({ defaultValue: DEFAULT_PEERS, description: `How many peers to return: 1 to ${MAX_PEERS}.` }),
      },
      price: {
        calls: 1,
        // An empty list is no filter to the node: every peer, as when it is omitted.
        items: ({ nodeIds, first }) => Math.min(first ?? DEFAULT_PEERS, nodeIds?.length || MAX_PEERS),
        reaches: ['info.peers'],
      },
      resolve: async (n, { nodeIds, first }, ctx) => {
        const count = first ?? DEFAULT_PEERS;
        if (!Number.isInteger(count) || count < 1 || count > MAX_PEERS)
          throw badInput(`\`first\` must be 1 to ${MAX_PEERS} (got ${count}).`, { argument: 'first' });
        const wanted = checkNodeIds(nodeIds);
        const res = await infoPeers(ctx.node, n.network, wanted ? { nodeIDs: wanted } : {});
        return (res.peers ?? []).slice(0, count).map((p) => ({ ...p, network: n.network }));
      },
    }),
    uptime: t.field({
      type: NodeUptimeRef,
      description: "The node's uptime as the Primary Network observes it (info.uptime); an error on a node that is not a validator.",
      price: { calls: 1, reaches: ['info.uptime'] },
      resolve: (n, _args, ctx) => infoUptime(ctx.node, n.network),
    }),
    upgrades: t.field({
      type: [NetworkUpgradeRef],
      description: "The network's upgrade schedule as the node runs it (info.upgrades), in the node's order.",
      price: { calls: 1, items: UPGRADES, reaches: ['info.upgrades'] },
      resolve: async (n, _args, ctx) => Object.entries(await infoUpgrades(ctx.node, n.network)).map(([name, value]) => ({ name, value })),
    }),
    acps: t.field({
      type: [AcpVotesRef],
      description: "Each Avalanche Community Proposal's support among the node's peers, by stake (info.acps), by ACP number.",
      price: { calls: 1, items: ACPS, reaches: ['info.acps'] },
      resolve: async (n, _args, ctx) =>
        Object.entries((await infoAcps(ctx.node, n.network)).acps)
          .map(([acp, votes]) => ({ ...votes, acp: Number(acp) }))
          .sort((a, b) => a.acp - b.acp),
    }),
    vms: t.field({
      type: [NodeVmRef],
      description: 'The VMs installed on the node, with their aliases (info.getVMs).',
      price: { ...VMS_READ, items: NODE_VMS, reaches: ['info.getVMs'] },
      resolve: async (n, _args, ctx) =>
        Object.entries((await infoGetVMs(ctx.node, n.network)).vms).map(([vmId, aliases]) => ({ vmId, aliases })),
    }),
    fxs: t.field({
      type: [NodeFxRef],
      description: 'The feature extensions the node has (info.getVMs): secp256k1fx, nftfx, propertyfx.',
      price: { ...VMS_READ, items: NODE_FXS, reaches: ['info.getVMs'] },
      resolve: async (n, _args, ctx) =>
        Object.entries((await infoGetVMs(ctx.node, n.network)).fxs ?? {}).map(([fxId, name]) => ({ fxId, name })),
    }),
    txFee: t.field({
      type: NodeTxFeeRef,
      description:
        "The static fees the node reports (info.getTxFee, deprecated since v1.12.2: `xChain { txFee }` reads the X-Chain's own).",
      price: { calls: 1, reaches: ['info.getTxFee'] },
      resolve: (n, _args, ctx) => infoGetTxFee(ctx.node, n.network),
    }),
  }),
});

builder.objectField(NetworkRef, 'nodeInfo', (t) =>
  t.field({
    type: NodeInfoRef,
    description:
      "The node this network is read through, and what it says of itself and the network (info.*). Each field is one call, answered from the gateway's cache while fresh.",
    resolve: (network) => ({ network: network.name }),
  }),
);
