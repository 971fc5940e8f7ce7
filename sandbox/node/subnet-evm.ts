/**
 * The EVM chains: eth_* at /ext/bc/<id>/rpc (fee config, chain config, rules and precompiles at
 * a time) and Subnet-EVM's validators.* at /ext/bc/<id>/validators (with uptimes).
 */
import type { NodeWorld } from './chains/node-world.js';
import { corethChainConfig, type SubnetEvmChain } from './chains/evm.js';
import { GethError, goUint64, type GethMethod } from './geth.js';
import { RpcFailure, type ServiceFor } from './gorilla.js';
import { JsonObject, member, type JsonValue, jsonKind } from './json.js';
import { subnetValidatorWeight } from './chains/platform.js';
import { sha } from '../random.js';
import { NOW, percent } from './common.js';
import type { SandboxLive } from '../live.js';
import type { NODE_METHODS } from '../../src/upstreams/operations.js';

/**
 * A Subnet-EVM chain's methods: one for every `eth_*` method the gateway's clients declare
 * (NODE_METHODS), or this fails to compile; eth_chainId and the like besides, which it does not.
 */
type SubnetEvmMethods = Record<string, GethMethod> & Record<Extract<keyof typeof NODE_METHODS, `eth_${string}`>, GethMethod>;

export function validatorsService(nw: NodeWorld, blockchainId: string): ServiceFor<'validators'> {
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

export function evmMethods(nw: NodeWorld, blockchainId: string, live?: SandboxLive): Record<string, GethMethod> {
  const info = nw.chains.get(blockchainId)!;
  // The C-Chain runs coreth, which serves none of Subnet-EVM's fee and rules methods (the gateway
  // does not ask it for them): only the Subnet-EVM chains' table is held to the declared methods.
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
        const at = chain.feeConfigAt(number);
        // The live clock raises the latest fee config's minimum base fee now and then (../live.ts).
        const changes = live?.feeChanges() ?? 0;
        if (changes === 0 || !('tag' in r) || r.tag === 'earliest') return at;
        return {
          feeConfig: { ...at.feeConfig, minBaseFee: Number(at.feeConfig.minBaseFee) + changes * 1_000_000_000 },
          lastChangedAt: head.number,
        };
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
  } satisfies SubnetEvmMethods;
}
