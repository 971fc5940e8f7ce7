/**
 * The sandbox node's chain APIs, answered from its view of the world (node-data.ts): avm.*,
 * platform.*, index.*, validators.* and the EVM chains' eth_* methods, with the node's results
 * and error strings.
 */
import { bech32 } from '@scure/base';
import { encodeHexWithChecksum } from '../../src/avax-codec.js';
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../src/ids.js';
import type { PChainTransaction } from '../../src/upstreams/data-api.types.js';
import { derivedId } from './avax.js';
import type { NodeBlock, NodeTx } from './avm.js';
import { idBytes, toJson } from './codec.js';
import type { Container, IndexName, NodeWorld } from './data.js';
import { corethChainConfig, type SubnetEvmChain } from './evm.js';
import { GethError, goUint64, type GethMethod } from './geth.js';
import { RpcFailure, type Encoding, type GorillaService } from './gorilla.js';
import { goIdBytes, goLocalAddress } from './ids.js';
import { JsonObject, member, type JsonValue, jsonKind } from './json.js';
import { elasticSupply, subnetValidatorWeight } from './platform.js';
import { CREATE_ASSET_TX_FEE, TIMELINE, TX_FEE } from '../world/timeline.js';
import type { SandboxUtxo } from '../world/types.js';
import { sha } from '../random.js';

/** What the services need of the node beyond the world: its chain aliases (the BCLookup). */
export interface ChainLookup {
  lookup(alias: string): string | undefined;
}

const NOW = TIMELINE.now;
const MAX_PAGE = 1024;

/** formatting.Encode: hex with checksum (hex, hexc), without (hexnc); JSON is no byte encoding. */
function encodeBytes(encoding: Encoding, bytes: Uint8Array): string {
  if (encoding === 'json') throw new RpcFailure('unsupported encoding in method');
  return encoding === 'hexnc' ? `0x${Buffer.from(bytes).toString('hex')}` : encodeHexWithChecksum(bytes);
}

/** time.Time as encoding/json writes it (RFC 3339 with nanoseconds, trailing zeros trimmed), in UTC. */
export function rfc3339Nano(seconds: number, nanos: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  const fraction = nanos === 0 ? '' : `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}`;
  return `${base}${fraction}Z`;
}

/** A stable sub-second part for a time the world only knows to the second. */
export const nanosOf = (label: string) => sha(`nanos:${label}`).readUInt32BE(0) % 1_000_000_000;

function blockById(blocks: Map<string, NodeBlock>, id: string): NodeBlock {
  const b = blocks.get(id);
  if (!b) throw new RpcFailure(`couldn't get block with id ${id}: not found`);
  return b;
}

function blockAt(blocks: NodeBlock[], height: bigint): NodeBlock {
  if (height >= BigInt(blocks.length)) throw new RpcFailure(`couldn't get block at height ${height}: not found`);
  return blocks[Number(height)]!;
}

const blockReply = (b: NodeBlock, encoding: Encoding) => ({
  block: encoding === 'json' ? toJson(b.node) : encodeBytes(encoding, b.bytes),
  encoding,
});

// --- UTXOs (avm.getUTXOs, platform.getUTXOs) --------------------------------------------------

interface UtxoArgs {
  addresses: string[];
  sourceChain: string;
  limit: bigint;
  startIndex: { address: string; utxo: string };
  encoding: Encoding;
}

function getUtxos(
  nw: NodeWorld,
  node: ChainLookup,
  chain: 'X' | 'P',
  args: UtxoArgs,
  encodeError: (id: string, encoding: Encoding) => string,
) {
  const chainId = chain === 'X' ? nw.world.chainIds.x : nw.world.chainIds.p;
  if (args.addresses.length === 0) throw new RpcFailure('no addresses provided');
  if (args.addresses.length > MAX_PAGE)
    throw new RpcFailure(`number of addresses given, ${args.addresses.length}, exceeds maximum, ${MAX_PAGE}`);
  let source = chainId;
  if (args.sourceChain !== '') {
    const found = node.lookup(args.sourceChain);
    if (!found)
      throw new RpcFailure(`problem parsing source chainID "${args.sourceChain}": there is no ID with alias: ${args.sourceChain}`);
    source = found;
  }
  const addresses = new Set(args.addresses.map((a) => Buffer.from(parseAddress(nw, node, chain, a)).toString('hex')));
  let lastAddr = '00'.repeat(20);
  let lastUtxo = '00'.repeat(32);
  if (args.startIndex.address !== '' || args.startIndex.utxo !== '') {
    try {
      lastAddr = Buffer.from(parseAddress(nw, node, chain, args.startIndex.address)).toString('hex');
    } catch (error) {
      throw new RpcFailure(`couldn't parse start index address "${args.startIndex.address}": ${(error as Error).message}`);
    }
    try {
      lastUtxo = Buffer.from(goIdBytes(args.startIndex.utxo)).toString('hex');
    } catch (error) {
      throw new RpcFailure(`couldn't parse start index utxo: ${(error as Error).message}`);
    }
  }
  let limit = Number(args.limit);
  if (limit <= 0 || limit > MAX_PAGE) limit = MAX_PAGE;

  // avax.GetPaginatedUTXOs: addresses in byte order from the start address, each one's UTXO ids
  // in byte order after the start UTXO; the end index is the last address and UTXO looked at.
  const set = nw.utxos(chainId, source);
  const searchSize = limit;
  const seen = new Set<string>();
  const found: SandboxUtxo[] = [];
  outer: for (const addr of [...addresses].sort()) {
    if (addr < lastAddr) continue;
    const start = addr === lastAddr ? lastUtxo : '00'.repeat(32);
    lastAddr = addr;
    const ids = (set.byAddress.get(addr) ?? []).filter((u) => idHex(u.id) > start).slice(0, searchSize);
    for (const u of ids) {
      lastUtxo = idHex(u.id);
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      found.push(u);
      if (--limit <= 0) break outer;
    }
  }
  const utxos = found.map((u) => {
    try {
      return encodeBytes(args.encoding, nw.utxoBytes(u));
    } catch (error) {
      throw new RpcFailure(`${encodeError(u.id, args.encoding)}: ${(error as Error).message}`);
    }
  });
  return {
    numFetched: String(found.length),
    utxos,
    endIndex: {
      address: `${chain}-${bech32.encode(nw.world.hrp, bech32.toWords(Buffer.from(lastAddr, 'hex')))}`,
      utxo: cb58Encode(Buffer.from(lastUtxo, 'hex')),
    },
    encoding: args.encoding,
  };
}

const idHex = (id: string) => idBytes(id).toString('hex');

function parseAddress(nw: NodeWorld, node: ChainLookup, chain: 'X' | 'P', address: string): Uint8Array {
  try {
    return goLocalAddress(address, {
      id: chain === 'X' ? nw.world.chainIds.x : nw.world.chainIds.p,
      hrp: nw.world.hrp,
      lookup: (a) => node.lookup(a),
    });
  } catch (error) {
    throw new RpcFailure(`couldn't parse address "${address}": ${(error as Error).message}`);
  }
}

/** Regular UTXOs (created on the chain) of one address, as the address index holds them. */
function utxosOf(nw: NodeWorld, chainId: string, address: Uint8Array): SandboxUtxo[] {
  return nw.utxos(chainId, chainId).byAddress.get(Buffer.from(address).toString('hex')) ?? [];
}

const txReply = (tx: NodeTx, encoding: Encoding) => ({
  tx: encoding === 'json' ? toJson(tx.node) : encodeBytes(encoding, tx.bytes),
  encoding,
});

// --- avm ---------------------------------------------------------------------------------------

export function avmService(nw: NodeWorld, node: ChainLookup): GorillaService {
  const { world, avm } = nw;
  const x = world.chainIds.x;
  const lookupAsset = (asset: string): string => {
    if (asset === 'AVAX') return world.avaxAssetId;
    try {
      return cb58Encode(goIdBytes(asset));
    } catch {
      throw new RpcFailure(`asset '${asset}' not found`);
    }
  };
  /** The secp256k1 UTXOs a balance counts: held alone and unlocked, unless partial holdings are asked for. */
  const spendable = (address: string, includePartial: boolean) => {
    let owner: Uint8Array;
    try {
      owner = parseAddress(nw, node, 'X', address);
    } catch (error) {
      throw new RpcFailure(`problem parsing address '${address}': ${(error as Error).message}`);
    }
    return utxosOf(nw, x, owner).filter(
      (u) => u.groupId === undefined && (includePartial || (u.owners.length === 1 && u.locktime <= BigInt(NOW))),
    );
  };
  const nilId = (txID: string) => {
    if (txID === PRIMARY_NETWORK_ID) throw new RpcFailure('nil transaction ID');
  };

  return {
    GetHeight: { args: {}, call: () => ({ height: String(avm.blocks.at(-1)!.height) }) },
    GetBlock: {
      args: { blockID: 'id', encoding: 'encoding' },
      call: ({ blockID, encoding }) => blockReply(blockById(avm.blockById, blockID as string), encoding as Encoding),
    },
    GetBlockByHeight: {
      args: { height: 'uint64', encoding: 'encoding' },
      call: ({ height, encoding }) => blockReply(blockAt(avm.blocks, height as bigint), encoding as Encoding),
    },
    GetTx: {
      args: { txID: 'id', encoding: 'encoding' },
      call: ({ txID, encoding }) => {
        nilId(txID as string);
        const tx = avm.txById.get(txID as string);
        if (!tx) throw new RpcFailure('not found');
        return txReply(tx, encoding as Encoding);
      },
    },
    GetTxStatus: {
      args: { txID: 'id' },
      call: ({ txID }) => {
        nilId(txID as string);
        return { status: avm.txById.has(txID as string) ? 'Accepted' : 'Unknown' };
      },
    },
    GetTxFee: { args: {}, call: () => ({ txFee: String(TX_FEE), createAssetTxFee: String(CREATE_ASSET_TX_FEE) }) },
    GetAssetDescription: {
      args: { assetID: 'string' },
      call: ({ assetID }) => {
        const id = lookupAsset(assetID as string);
        const asset = world.assets.get(id);
        if (!asset) {
          if (avm.txById.has(id)) throw new RpcFailure("transaction doesn't create an asset");
          throw new RpcFailure('not found');
        }
        return { assetID: id, name: asset.name, symbol: asset.symbol, denomination: String(asset.denomination) };
      },
    },
    GetUTXOs: {
      args: {
        addresses: 'strings',
        sourceChain: 'string',
        limit: 'uint32',
        startIndex: { address: 'string', utxo: 'string' },
        encoding: 'encoding',
      },
      call: (args) => getUtxos(nw, node, 'X', args as unknown as UtxoArgs, (id) => `couldn't encode UTXO ${id} as string`),
    },
    GetBalance: {
      args: { address: 'string', assetID: 'string', includePartial: 'bool' },
      call: ({ address, assetID, includePartial }) => {
        const utxos = spendable(address as string, includePartial as boolean);
        const id = lookupAsset(assetID as string);
        const mine = utxos.filter((u) => u.assetId === id);
        return {
          balance: String(mine.reduce((s, u) => s + u.amount, 0n)),
          utxoIDs: mine.map((u) => ({ txID: u.txId, outputIndex: u.outputIndex })),
        };
      },
    },
    GetAllBalances: {
      args: { address: 'string', includePartial: 'bool' },
      call: ({ address, includePartial }) => {
        const totals = new Map<string, bigint>();
        for (const u of spendable(address as string, includePartial as boolean))
          totals.set(u.assetId, (totals.get(u.assetId) ?? 0n) + u.amount);
        return {
          balances: [...totals].map(([asset, balance]) => ({
            asset: asset === world.avaxAssetId ? 'AVAX' : asset,
            balance: String(balance),
          })),
        };
      },
    },
  };
}

// --- platform ----------------------------------------------------------------------------------

const owner = (addresses: readonly string[], threshold = 1) => ({
  locktime: '0',
  threshold: String(threshold),
  addresses: addresses.map((a) => `P-${a}`),
});
const percent = (label: string, low: number) => Math.fround(low + (sha(label).readUInt16BE(0) % Math.round((100 - low) * 100)) / 100);

/** Staking transactions still running at the world's "now". */
function current(txs: PChainTransaction[], types: readonly string[]): PChainTransaction[] {
  return txs.filter((t) => types.includes(t.txType) && t.startTimestamp! <= NOW && t.endTimestamp! > NOW);
}

export function platformService(nw: NodeWorld, node: ChainLookup): GorillaService {
  const { world, platform } = nw;
  const p = world.chainIds.p;
  const txs = world.transactions.p;
  const validators = current(txs, ['AddValidatorTx', 'AddPermissionlessValidatorTx']).sort(
    (a, b) => a.endTimestamp! - b.endTimestamp! || (a.txHash < b.txHash ? -1 : 1),
  );
  const delegators = current(txs, ['AddDelegatorTx', 'AddPermissionlessDelegatorTx']);
  const transforms = new Map(txs.filter((t) => t.txType === 'TransformSubnetTx').map((t) => [t.subnetId!, t]));
  const height = () => String(platform.blocks.at(-1)!.height);
  const minNonce = (validationId: string) =>
    txs.filter((t) => t.txType === 'SetL1ValidatorWeightTx' && world.txValidationIds.get(t.txHash)?.has(validationId)).length;
  const l1Validator = (v: (typeof world.l1Validators)[number]) => ({
    nodeID: v.nodeId,
    startTime: String(v.creationTimestamp),
    weight: String(v.weight),
    validationID: v.validationId,
    publicKey: v.blsCredentials.publicKey,
    remainingBalanceOwner: owner(v.remainingBalanceOwner.addresses, v.remainingBalanceOwner.threshold),
    deactivationOwner: owner(v.deactivationOwner.addresses, v.deactivationOwner.threshold),
    minNonce: String(minNonce(v.validationId)),
    balance: String(v.active ? v.remainingBalance : 0),
  });

  const primaryValidators = (nodeIDs: Set<string>) => {
    const one = nodeIDs.size === 1;
    return validators
      .filter((v) => nodeIDs.size === 0 || nodeIDs.has(v.nodeId!))
      .map((v) => {
        const mine = delegators.filter((d) => d.nodeId === v.nodeId);
        const staker = (t: PChainTransaction) => ({
          txID: t.txHash,
          startTime: String(t.startTimestamp),
          endTime: String(t.endTimestamp),
          weight: t.amountStaked[0]!.amount,
          nodeID: t.nodeId!,
        });
        const bls = v.txType === 'AddPermissionlessValidatorTx' ? v.blsCredentials : undefined;
        return {
          ...staker(v),
          validationRewardOwner: owner(v.rewardAddresses ?? []),
          delegationRewardOwner: owner(v.rewardAddresses ?? []),
          potentialReward: v.estimatedReward ?? '0',
          delegationFee: Number(v.delegationFeePercent ?? '2').toFixed(4),
          uptime: percent(`uptime:${v.txHash}`, 90).toFixed(4),
          connected: sha(`connected:${v.nodeId}`)[0]! % 10 !== 0,
          ...(bls ? { signer: { publicKey: bls.publicKey, proofOfPossession: bls.proofOfPossession } } : {}),
          delegatorCount: String(mine.length),
          delegatorWeight: String(mine.reduce((s, d) => s + BigInt(d.amountStaked[0]!.amount), 0n)),
          ...(one
            ? {
                delegators: mine.map((d) => ({
                  ...staker(d),
                  rewardOwner: owner(d.rewardAddresses ?? []),
                  potentialReward: d.estimatedReward ?? '0',
                })),
              }
            : {}),
        };
      });
  };

  return {
    GetHeight: { args: {}, call: () => ({ height: height() }) },
    GetBlock: {
      args: { blockID: 'id', encoding: 'encoding' },
      call: ({ blockID, encoding }) => blockReply(blockById(platform.blockById, blockID as string), encoding as Encoding),
    },
    GetBlockByHeight: {
      args: { height: 'uint64', encoding: 'encoding' },
      call: ({ height: h, encoding }) => blockReply(blockAt(platform.blocks, h as bigint), encoding as Encoding),
    },
    GetTx: {
      args: { txID: 'id', encoding: 'encoding' },
      call: ({ txID, encoding }) => {
        const tx = platform.txById.get(txID as string);
        if (!tx) throw new RpcFailure("couldn't get tx: not found");
        return txReply(tx, encoding as Encoding);
      },
    },
    GetTxStatus: { args: { txID: 'id' }, call: ({ txID }) => ({ status: platform.txById.has(txID as string) ? 'Committed' : 'Unknown' }) },
    GetBlockchains: {
      args: {},
      call: () => ({
        blockchains: [
          ...world.subnets.filter((s) => s.subnetId !== PRIMARY_NETWORK_ID),
          ...world.subnets.filter((s) => s.subnetId === PRIMARY_NETWORK_ID),
        ].flatMap((s) => s.blockchains.map((b) => ({ id: b.blockchainId, name: b.blockchainName, subnetID: b.subnetId, vmID: b.vmId }))),
      }),
    },
    GetBlockchainStatus: {
      args: { blockchainID: 'string' },
      call: ({ blockchainID }) => {
        const value = blockchainID as string;
        if (value === '') throw new RpcFailure("argument 'blockchainID' not given");
        const aliased = node.lookup(value);
        if (aliased) return { status: nw.chains.get(aliased)?.status === 'Syncing' ? 'Syncing' : 'Validating' };
        let id: string;
        try {
          id = cb58Encode(goIdBytes(value));
        } catch (error) {
          throw new RpcFailure(`problem parsing blockchainID "${value}": ${(error as Error).message}`);
        }
        if (nw.chains.has(id)) return { status: 'Created' };
        return { status: nw.proposed.includes(id) ? 'Preferred' : 'Unknown' };
      },
    },
    GetCurrentSupply: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        let supply: bigint;
        if (subnetID === PRIMARY_NETWORK_ID) {
          supply = 360_000_000n * 1_000_000_000n + world.rewards.reduce((s, r) => s + BigInt(r.reward.amount), 0n);
        } else {
          const transform = transforms.get(subnetID as string);
          if (!transform) throw new RpcFailure('fetching current supply failed: not found');
          supply = elasticSupply(transform.txHash).initial;
        }
        return { supply: String(supply), height: height() };
      },
    },
    GetCurrentValidators: {
      args: { subnetID: 'id', nodeIDs: 'nodeIds' },
      call: ({ subnetID, nodeIDs }) => {
        const wanted = new Set(nodeIDs as string[]);
        const pick = (id: string) => wanted.size === 0 || wanted.has(id);
        const subnet = world.subnets.find((s) => s.subnetId === subnetID);
        if (subnetID === PRIMARY_NETWORK_ID) return { validators: primaryValidators(wanted) };
        if (subnet?.isL1)
          return { validators: world.l1Validators.filter((v) => v.subnetId === subnetID && v.active && pick(v.nodeId)).map(l1Validator) };
        const staking = nw.subnetValidators.filter((t) => t.subnetId === subnetID && pick(t.nodeId!));
        return {
          validators: staking
            .sort((a, b) => a.endTimestamp! - b.endTimestamp!)
            .map((t) => ({
              txID: t.txHash,
              startTime: String(t.startTimestamp),
              endTime: String(t.endTimestamp),
              weight: String(subnetValidatorWeight(t.txHash)),
              nodeID: t.nodeId!,
            })),
        };
      },
    },
    GetL1Validator: {
      args: { validationID: 'id' },
      call: ({ validationID }) => {
        const v = world.l1Validators.find((l) => l.validationId === validationID && l.weight > 0);
        if (!v) throw new RpcFailure(`fetching L1 validator "${validationID}" failed: not found`);
        return { ...l1Validator(v), subnetID: v.subnetId, height: height() };
      },
    },
    GetSubnet: {
      args: { subnetID: 'id' },
      call: ({ subnetID }) => {
        if (subnetID === PRIMARY_NETWORK_ID) throw new RpcFailure("the primary network isn't a subnet");
        const subnet = world.subnets.find((s) => s.subnetId === subnetID);
        if (!subnet) throw new RpcFailure('not found');
        const transform = transforms.get(subnet.subnetId);
        const manager = subnet.l1ValidatorManagerDetails;
        return {
          isPermissioned: !transform && !subnet.isL1,
          controlKeys: subnet.subnetOwnershipInfo.addresses.map((a) => `P-${a}`),
          threshold: String(subnet.subnetOwnershipInfo.threshold),
          locktime: String(subnet.subnetOwnershipInfo.locktime),
          subnetTransformationTxID: transform?.txHash ?? PRIMARY_NETWORK_ID,
          conversionID: manager ? derivedId(`conversion:${subnet.l1ConversionTransactionHash}`) : PRIMARY_NETWORK_ID,
          managerChainID: manager?.blockchainId ?? PRIMARY_NETWORK_ID,
          managerAddress: manager ? manager.contractAddress.toLowerCase() : null,
        };
      },
    },
    GetBalance: {
      args: { addresses: 'strings' },
      call: ({ addresses }) => {
        const seen = new Map<string, SandboxUtxo>();
        for (const a of addresses as string[]) for (const u of utxosOf(nw, p, parseAddress(nw, node, 'P', a))) seen.set(u.id, u);
        const unlockeds = new Map<string, bigint>();
        const lockedNotStakeables = new Map<string, bigint>();
        for (const u of seen.values()) {
          const into = u.locktime <= BigInt(NOW) ? unlockeds : lockedNotStakeables;
          into.set(u.assetId, (into.get(u.assetId) ?? 0n) + u.amount);
        }
        const balances = new Map(unlockeds);
        for (const [k, v] of lockedNotStakeables) balances.set(k, (balances.get(k) ?? 0n) + v);
        const json = (m: Map<string, bigint>) =>
          Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, String(v)]));
        const avax = (m: Map<string, bigint>) => String(m.get(world.avaxAssetId) ?? 0n);
        return {
          balance: avax(balances),
          unlocked: avax(unlockeds),
          lockedStakeable: '0',
          lockedNotStakeable: avax(lockedNotStakeables),
          balances: json(balances),
          unlockeds: json(unlockeds),
          lockedStakeables: {},
          lockedNotStakeables: json(lockedNotStakeables),
          utxoIDs: seen.size > 0 ? [...seen.values()].map((u) => ({ txID: u.txId, outputIndex: u.outputIndex })) : null,
        };
      },
    },
    GetUTXOs: {
      args: {
        addresses: 'strings',
        sourceChain: 'string',
        limit: 'uint32',
        startIndex: { address: 'string', utxo: 'string' },
        encoding: 'encoding',
      },
      call: (args) => getUtxos(nw, node, 'P', args as unknown as UtxoArgs, (id, encoding) => `couldn't encode UTXO ${id} as ${encoding}`),
    },
  };
}

// --- index -------------------------------------------------------------------------------------

export function indexService(nw: NodeWorld, name: IndexName): GorillaService {
  const { containers, byId } = nw.indexes[name];
  const last = containers.length - 1;
  const format = (c: Container, index: number, encoding: Encoding) => ({
    id: c.id,
    bytes: encodeBytes(encoding, c.bytes),
    timestamp: rfc3339Nano(c.time, nanosOf(c.id)),
    encoding,
    index: String(index),
  });
  const indexOf = (id: string) => {
    const index = byId.get(id);
    if (index === undefined) throw new RpcFailure('not found');
    return index;
  };
  return {
    GetLastAccepted: {
      args: { encoding: 'encoding' },
      call: ({ encoding }) => {
        if (last < 0) throw new RpcFailure('no containers have been accepted');
        return format(containers[last]!, last, encoding as Encoding);
      },
    },
    GetContainerByIndex: {
      args: { index: 'uint64', encoding: 'encoding' },
      call: ({ index, encoding }) => {
        if ((index as bigint) > BigInt(last)) throw new RpcFailure(`no container at index ${index}`);
        return format(containers[Number(index)]!, Number(index), encoding as Encoding);
      },
    },
    GetContainerRange: {
      args: { startIndex: 'uint64', numToFetch: 'uint64', encoding: 'encoding' },
      call: ({ startIndex, numToFetch, encoding }) => {
        const n = numToFetch as bigint;
        if (n === 0n || n > 1024n) throw new RpcFailure(`numToFetch must be in [1,1024] but is ${n}`);
        if (last < 0) throw new RpcFailure('no containers have been accepted');
        const start = startIndex as bigint;
        if (start > BigInt(last)) throw new RpcFailure(`start index (${start}) > last accepted index (${last})`);
        const end = Math.min(Number(start + n - 1n), last);
        return { containers: containers.slice(Number(start), end + 1).map((c, i) => format(c, Number(start) + i, encoding as Encoding)) };
      },
    },
    GetIndex: { args: { id: 'id' }, call: ({ id }) => ({ index: String(indexOf(id as string)) }) },
    IsAccepted: { args: { id: 'id' }, call: ({ id }) => ({ isAccepted: byId.has(id as string) }) },
    GetContainerByID: {
      args: { id: 'id', encoding: 'encoding' },
      call: ({ id, encoding }) => {
        const index = indexOf(id as string);
        return format(containers[index]!, index, encoding as Encoding);
      },
    },
  };
}

// --- validators (Subnet-EVM's /validators) -----------------------------------------------------------

export function validatorsService(nw: NodeWorld, blockchainId: string): GorillaService {
  const { world } = nw;
  const subnet = nw.chains.get(blockchainId)!.subnet;
  const uptime = (validationId: string, start: number) => {
    const pct = Math.round(percent(`evm-uptime:${validationId}`, 95) * 100) / 100;
    return {
      isConnected: sha(`evm-connected:${validationId}`)[0]! % 8 !== 0,
      uptimeSeconds: Math.floor(((NOW - start) * pct) / 100),
      uptimePercentage: pct,
    };
  };
  const all = subnet.isL1
    ? world.l1Validators
        .filter((v) => v.subnetId === subnet.subnetId && v.weight > 0)
        .map((v) => ({
          validationID: v.validationId,
          nodeID: v.nodeId,
          weight: v.weight,
          startTimestamp: v.creationTimestamp,
          isActive: v.active,
          isL1Validator: true,
        }))
    : nw.subnetValidators
        .filter((t) => t.subnetId === subnet.subnetId)
        .map((t) => ({
          validationID: t.txHash,
          nodeID: t.nodeId!,
          weight: subnetValidatorWeight(t.txHash),
          startTimestamp: t.startTimestamp!,
          isActive: true,
          isL1Validator: false,
        }));
  return {
    GetCurrentValidators: {
      args: { nodeIDs: 'nodeIds' },
      call: ({ nodeIDs }) => {
        let chosen = all;
        if ((nodeIDs as string[]).length > 0) {
          chosen = [];
          for (const nodeID of new Set(nodeIDs as string[])) {
            const v = all.find((a) => a.nodeID === nodeID);
            if (!v) throw new RpcFailure(`couldn't find validator with node ID ${nodeID}`);
            chosen.push(v);
          }
        }
        return {
          validators: chosen.map((v) => {
            const u = uptime(v.validationID, v.startTimestamp);
            return { ...v, isConnected: u.isConnected, uptimeSeconds: u.uptimeSeconds, uptimePercentage: u.uptimePercentage };
          }),
        };
      },
    },
  };
}

// --- eth_* (the EVM chains' /rpc) ------------------------------------------------------------

/** hexutil.DecodeUint64, with go-ethereum's error texts. */
function hexUint64(input: string): bigint {
  if (input === '') throw new Error('empty hex string');
  if (!/^0[xX]/.test(input)) throw new Error('hex string without 0x prefix');
  const digits = input.slice(2);
  if (digits === '') throw new Error('hex string "0x"');
  if (digits.length > 1 && digits[0] === '0') throw new Error('hex number with leading zero digits');
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new Error('invalid hex string');
  if (digits.length > 16) throw new Error('hex number > 64 bits');
  return BigInt(`0x${digits}`);
}

type BlockRef = { tag: 'latest' | 'earliest' } | { number: bigint } | { hash: string } | { none: true };
const TAGS: Record<string, 'latest' | 'earliest'> = {
  latest: 'latest',
  pending: 'latest',
  accepted: 'latest',
  finalized: 'latest',
  safe: 'latest',
  earliest: 'earliest',
};

function blockNumberText(input: string): BlockRef {
  if (TAGS[input]) return { tag: TAGS[input]! };
  const n = hexUint64(input);
  if (n > (1n << 63n) - 1n) throw new Error('block number larger than int64');
  return { number: n };
}

/** rpc.BlockNumberOrHash's UnmarshalJSON. */
function blockNumberOrHash(value: JsonValue): BlockRef {
  if (value instanceof JsonObject) {
    const number = member(value, 'blockNumber');
    const hash = member(value, 'blockHash');
    if (number && number.value !== null && hash && hash.value !== null)
      throw new Error('cannot specify both BlockHash and BlockNumber, choose one or the other');
    if (number && number.value !== null) return blockNumberText(number.raw.trim().replace(/^"(.*)"$/, '$1'));
    if (hash && hash.value !== null) {
      if (typeof hash.value !== 'string')
        throw new Error(`json: cannot unmarshal ${jsonKind(hash.value)} into Go value of type common.Hash`);
      return { hash: hashText(hash.value) };
    }
    return { none: true };
  }
  if (typeof value !== 'string') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type string`);
  if (TAGS[value]) return { tag: TAGS[value]! };
  if (value.length === 66) return { hash: hashText(value) };
  const n = hexUint64(value);
  if (n > (1n << 63n) - 1n) throw new Error('blocknumber too high');
  return { number: n };
}

function hashText(value: string): string {
  if (!/^0[xX]/.test(value)) throw new Error('hex string without 0x prefix');
  if (!/^0[xX][0-9a-fA-F]*$/.test(value)) throw new Error('invalid hex string');
  if (value.length !== 66) throw new Error(`hex string has length ${value.length - 2}, want 64 for common.Hash`);
  return value.toLowerCase();
}

const timestampParam = (_i: number, value: JsonValue) => goUint64(value);
const hexQuantity = (n: bigint | number) => `0x${n.toString(16)}`;

export function evmMethods(nw: NodeWorld, blockchainId: string): Record<string, GethMethod> {
  const info = nw.chains.get(blockchainId)!;
  if (info.vm === 'coreth') {
    const chainId = info.blockchain.evmChainId!;
    return {
      eth_chainId: { arity: 0, call: () => hexQuantity(chainId) },
      eth_blockNumber: { arity: 0, call: () => hexQuantity(nw.cBlocks.length - 1) },
      eth_getChainConfig: { arity: 0, call: () => corethChainConfig(nw.network, chainId) },
    };
  }
  const chain = nw.subnetEvm(blockchainId) as SubnetEvmChain;
  const head = chain.blocks.at(-1)!;
  return {
    eth_chainId: { arity: 0, call: () => hexQuantity(chain.chainId) },
    eth_blockNumber: { arity: 0, call: () => hexQuantity(head.number) },
    eth_getChainConfig: { arity: 0, call: () => chain.chainConfig },
    eth_feeConfig: {
      arity: 1,
      param: (_i, value) => blockNumberOrHash(value),
      call: ([ref]) => {
        const r = (ref ?? { tag: 'latest' }) as BlockRef;
        let number: number;
        if ('tag' in r) number = r.tag === 'earliest' ? 0 : head.number;
        else if ('number' in r) {
          if (r.number > BigInt(head.number)) throw new GethError(-32000, 'cannot query unfinalized data');
          number = Number(r.number);
        } else if ('hash' in r) {
          const b = chain.blockByHash.get(r.hash);
          if (!b) throw new GethError(-32000, 'header for hash not found');
          number = b.number;
        } else {
          throw new GethError(-32000, 'invalid arguments; neither block nor hash specified');
        }
        return chain.feeConfigAt(number);
      },
    },
    eth_getActiveRulesAt: {
      arity: 1,
      param: timestampParam,
      call: ([ts]) => chain.rulesAt(ts === undefined ? head.time : Number(ts as bigint)),
    },
    eth_getActivePrecompilesAt: {
      arity: 1,
      param: timestampParam,
      call: ([ts]) => chain.activePrecompilesAt(ts === undefined ? head.time : Number(ts as bigint)),
    },
  };
}
