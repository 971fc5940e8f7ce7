/**
 * An EVM chain's blocks, transactions and receipts at /ext/bc/<id>/rpc, as coreth and Subnet-EVM
 * answer them (geth's eth_ API): from the world's blocks (../world/evm-blocks.ts), so the node says
 * what the Data API says of the same block or transaction. Something the chain does not have is
 * `null`, not an error; a malformed param is geth's -32602 with its decoder's message.
 */
import type { NodeWorld } from './chains/node-world.js';
import { blocksOf, nodeBlock, nodeReceipt, nodeTransaction, type ChainBlocks, type WorldBlock } from '../world/evm-blocks.js';
import { blockNumberText, GethError, hashText, hexUint64, type BlockRef, type GethMethod } from './geth.js';
import { jsonKind, JsonNumber, type JsonValue } from './json.js';
import type { evmBlockMethods as declared } from '../../src/upstreams/node/evm-blocks.js';

/** A param geth decodes from a JSON string, with encoding/json's message for any other kind. */
const fromString =
  <T>(type: string, decode: (text: string) => T) =>
  (value: JsonValue): T => {
    if (typeof value === 'string') return decode(value);
    // rpc.BlockNumber reads the raw text of a number, and finds no 0x prefix.
    if (type === 'rpc.BlockNumber' && value instanceof JsonNumber) return decode(value.text);
    throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type ${type}`);
  };

const blockNumber = fromString('rpc.BlockNumber', blockNumberText);
const hash = fromString('common.Hash', hashText);
const index = fromString('hexutil.Uint', (text) => {
  const n = hexUint64(text);
  if (n > 0xffffffffn) throw new Error('hex number > 64 bits');
  return Number(n);
});

function bool(value: JsonValue): boolean {
  if (typeof value !== 'boolean') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go value of type bool`);
  return value;
}

/** geth's check of a required positional argument (a non-pointer Go parameter). */
function required(params: unknown[], count: number): void {
  for (let i = 0; i < count; i++) if (params[i] === undefined) throw new GethError(-32602, `missing value for required argument ${i}`);
}

/** The methods, for the chain `blockchainId` of the node's world. */
export function evmBlockMethods(nw: NodeWorld, blockchainId: string): Record<keyof typeof declared, GethMethod> {
  const chain = nw.evm.byBlockchainId.get(blockchainId)!;
  let built: ChainBlocks | undefined;
  const of = () => (built ??= blocksOf(chain, nw.seed));
  const byNumber = (ref: BlockRef): WorldBlock | undefined => {
    const { blocks } = of();
    if ('tag' in ref) return ref.tag === 'earliest' ? blocks[0] : blocks.at(-1);
    return 'number' in ref && ref.number < BigInt(blocks.length) ? blocks[Number(ref.number)] : undefined;
  };
  const byHash = (h: unknown) => of().byHash.get(h as string);
  const txAt = (block: WorldBlock | undefined, i: unknown) => {
    const tx = block?.txs[i as number];
    return tx ? nodeTransaction(chain, tx) : null;
  };
  const blockParams = (i: number, value: JsonValue) => (i === 0 ? blockNumber(value) : bool(value));
  return {
    eth_getBlockByNumber: {
      arity: 2,
      param: blockParams,
      call: (params) => {
        required(params, 2);
        const block = byNumber(params[0] as BlockRef);
        return block ? nodeBlock(block) : null;
      },
    },
    eth_getBlockByHash: {
      arity: 2,
      param: (i, value) => (i === 0 ? hash(value) : bool(value)),
      call: (params) => {
        required(params, 2);
        const block = byHash(params[0]);
        return block ? nodeBlock(block) : null;
      },
    },
    eth_getBlockTransactionCountByNumber: {
      arity: 1,
      param: (_i, value) => blockNumber(value),
      call: (params) => {
        required(params, 1);
        const block = byNumber(params[0] as BlockRef);
        return block ? `0x${block.txs.length.toString(16)}` : null;
      },
    },
    eth_getBlockTransactionCountByHash: {
      arity: 1,
      param: (_i, value) => hash(value),
      call: (params) => {
        required(params, 1);
        const block = byHash(params[0]);
        return block ? `0x${block.txs.length.toString(16)}` : null;
      },
    },
    eth_getTransactionByHash: {
      arity: 1,
      param: (_i, value) => hash(value),
      call: (params) => {
        required(params, 1);
        const tx = of().txByHash.get(params[0] as string);
        return tx ? nodeTransaction(chain, tx) : null;
      },
    },
    eth_getTransactionByBlockNumberAndIndex: {
      arity: 2,
      param: (i, value) => (i === 0 ? blockNumber(value) : index(value)),
      call: (params) => {
        required(params, 2);
        return txAt(byNumber(params[0] as BlockRef), params[1]);
      },
    },
    eth_getTransactionByBlockHashAndIndex: {
      arity: 2,
      param: (i, value) => (i === 0 ? hash(value) : index(value)),
      call: (params) => {
        required(params, 2);
        return txAt(byHash(params[0]), params[1]);
      },
    },
    eth_getTransactionReceipt: {
      arity: 1,
      param: (_i, value) => hash(value),
      call: (params) => {
        required(params, 1);
        const tx = of().txByHash.get(params[0] as string);
        return tx ? nodeReceipt(chain, nw.seed, tx) : null;
      },
    },
  };
}
