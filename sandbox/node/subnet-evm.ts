/**
 * The EVM chains: eth_* at /ext/bc/<id>/rpc (fee config, chain config, rules and precompiles at
 * a time; the standard reads and the pool are ./evm-state.ts's) and Subnet-EVM's validators.* at /ext/bc/<id>/validators (with uptimes).
 */
import type { NodeWorld } from './chains/node-world.js';
import { corethChainConfig, type SubnetEvmChain } from './chains/evm.js';
import { blockNumberOrHash, GethError, goUint64, type BlockRef, type GethMethod } from './geth.js';
import { RpcFailure, type ServiceFor } from './gorilla.js';
import type { JsonValue } from './json.js';
import { subnetValidatorWeight } from './chains/platform.js';
import { sha } from '../random.js';
import { NOW, percent } from './common.js';
import type { SandboxLive } from '../live.js';
import { evmStateMethods } from './evm-state.js';
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

const timestampParam = (_i: number, value: JsonValue) => goUint64(value);

export function evmMethods(
  nw: NodeWorld,
  blockchainId: string,
  live?: SandboxLive,
  funded?: () => readonly string[],
): Record<string, GethMethod> {
  const info = nw.chains.get(blockchainId)!;
  // The C-Chain runs coreth, which serves none of Subnet-EVM's fee and rules methods (the gateway
  // does not ask it for them): only the Subnet-EVM chains' table is held to the declared methods.
  if (info.vm === 'coreth') {
    const chainId = info.blockchain.evmChainId!;
    return {
      ...evmStateMethods(nw, blockchainId, live, funded),
      eth_getChainConfig: { arity: 0, call: () => corethChainConfig(nw.network, chainId) },
    };
  }
  const chain = nw.subnetEvm(blockchainId) as SubnetEvmChain;
  const head = chain.blocks.at(-1)!;
  return {
    ...evmStateMethods(nw, blockchainId, live, funded),
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
