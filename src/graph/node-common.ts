/**
 * What the node-backed types share: owners, the inputs and outputs both the X- and P-Chain
 * write, node ids given as arguments, and blocks asked by id or height.
 */
import { utxoId } from '../base/avax-codec.js';
import type { NodeUtxo } from '../domain/utxos.js';
import { canonicalAddress } from '../domain/addresses.js';
import { badInput } from '../graphql/errors.js';
import { toSafeInt } from '../upstreams/node/client.js';
import { checkListSize } from './inputs.js';
import { jsonTree, learnt } from './list-sizes.js';
import { hexJsonBytes } from './leaf-bytes.js';
import {
  AddressRef,
  CREDENTIALS,
  OUTPUT_ADDRESSES,
  OWNER_ADDRESSES,
  OutputOwnersRef,
  TransferableInputRef,
  TransferableOutputRef,
  toAddresses,
} from './refs.js';

/** Node ids given to a field, within the list bound; undefined when none were given. */
export function checkNodeIds(nodeIds: readonly string[] | null | undefined): string[] | undefined {
  if (!nodeIds) return undefined;
  checkListSize(nodeIds, 'nodeIds');
  return [...nodeIds];
}

OutputOwnersRef.implement({
  description: 'Who controls something on the P-/X-Chain: `threshold` signatures of `addresses`, after `locktime`.',
  fields: (t) => ({
    locktime: t.field({
      type: 'BigInt',
      description: 'Unix time (s) before which nothing can be done; 0 for none.',
      resolve: (o) => String(o.locktime),
    }),
    threshold: t.int({ description: 'How many of `addresses` must sign.', resolve: (o) => toSafeInt(o.threshold) }),
    addresses: t.field({
      type: [AddressRef],
      price: { items: OWNER_ADDRESSES },
      description: 'The addresses that may sign.',
      resolve: (o) => toAddresses(o.network, o.addresses.map(canonicalAddress)),
    }),
  }),
});

/**
 * What a UTXO read from the node's bytes says of its value and owners, on the X- and the P-Chain
 * alike (avm.getUTXOs, platform.getUTXOs), as the options of its fields: each type writes the
 * fields in its own file (test/helpers/field-placement.ts), `t.field(value.amount)` and so on.
 * `noAmount` says which of the chain's outputs have no amount.
 */
export function nodeUtxoValue(noAmount: string) {
  return {
    amount: {
      type: 'BigInt' as const,
      nullable: true as const,
      description: `The amount, in the smallest unit; null for ${noAmount}.`,
      resolve: (u: NodeUtxo) => u.amount ?? null,
    },
    locktime: {
      type: 'BigInt' as const,
      nullable: true as const,
      description: 'Unix time (s) before which it cannot be spent; 0 for none.',
      resolve: (u: NodeUtxo) => u.locktime ?? null,
    },
    threshold: { nullable: true as const, description: 'Signatures needed to spend it.', resolve: (u: NodeUtxo) => u.threshold ?? null },
    addresses: {
      type: [AddressRef] as [typeof AddressRef],
      price: { items: OUTPUT_ADDRESSES },
      description: 'Addresses that can sign to spend it.',
      resolve: (u: NodeUtxo) => toAddresses(u.network, u.addresses.map(canonicalAddress)),
    },
  };
}

// --- inputs and outputs, as the X- and P-Chain write them in JSON ------------------------------------------

/**
 * An output as the node wrote it: its amount, locktime, threshold and addresses, or a stakeable
 * lock around them, or what another type adds. As large as the largest seen, and at most 32
 * entries and 2 KiB until one was: a multisig's addresses beyond those learn it (a block's hundreds
 * of outputs priced larger each were refused cold, see OUTPUT_ADDRESSES).
 */
const OUTPUT_TREE = jsonTree('output', { entries: 32, bytes: 2_048 });

TransferableOutputRef.implement({
  description: 'An output of an X- or P-Chain transaction: an amount of an asset locked to addresses.',
  fields: (t) => ({
    assetId: t.exposeString('assetID', { description: 'The asset id.' }),
    fxId: t.exposeString('fxID', { description: 'The feature extension that defines the output, e.g. secp256k1fx.' }),
    amount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The amount, in the smallest unit; null for outputs without one (NFTs, mint rights).',
      resolve: (o) => (o.output.amount === undefined ? null : String(o.output.amount)),
    }),
    locktime: t.field({
      type: 'BigInt',
      description: 'Unix time (s) before which it cannot be spent; 0 for none.',
      resolve: (o) => String(o.output.locktime ?? 0),
    }),
    threshold: t.int({ description: 'Signatures needed to spend it.', resolve: (o) => toSafeInt(o.output.threshold ?? 0) }),
    addresses: t.field({
      type: [AddressRef],
      price: { items: OUTPUT_ADDRESSES },
      description: 'Addresses that can sign to spend it.',
      resolve: (o) => toAddresses(o.network, (o.output.addresses ?? []).map(canonicalAddress)),
    }),
    output: t.expose('output', {
      type: 'JSON',
      price: OUTPUT_TREE,
      description: 'The output as the node wrote it, with any fields its type adds (e.g. `groupID`, `payload`, a stakeable lock).',
    }),
  }),
});

TransferableInputRef.implement({
  description: 'An input of an X- or P-Chain transaction: a UTXO it spends.',
  fields: (t) => ({
    txId: t.exposeString('txID', { description: 'The transaction that created the spent UTXO.' }),
    outputIndex: t.exposeInt('outputIndex', { description: "The UTXO's index among that transaction's outputs." }),
    utxoId: t.string({
      description: 'The id of the spent UTXO (derived from `txId` and `outputIndex`).',
      resolve: (i) => utxoId(i.txID, i.outputIndex),
    }),
    assetId: t.exposeString('assetID', { description: 'The asset id.' }),
    fxId: t.exposeString('fxID', { description: 'The feature extension that defines the input.' }),
    amount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The amount spent, in the smallest unit.',
      resolve: (i) => (i.input.amount === undefined ? null : String(i.input.amount)),
    }),
    // One per signature its credential holds (the spent output's threshold): priced as those (CREDENTIALS).
    signatureIndices: t.field({
      type: ['Int'],
      description: "Which of the UTXO's addresses signed, by index.",
      price: { items: CREDENTIALS },
      resolve: (i) => (i.input.signatureIndices ?? []).map(Number),
    }),
  }),
});

// --- blocks asked by id or by height ----------------------------------------------------------------

/** The key of a block id by height: a decimal height without leading zeros, as `height` writes it. */
export function checkHeightKey(key: string): void {
  if (!/^(0|[1-9]\d{0,19})$/.test(key) || BigInt(key) > 0xffff_ffff_ffff_ffffn)
    throw new Error('expected a block height (a decimal uint64)');
}

export interface BlockAsk {
  blockId?: string;
  height?: string;
}

/** Exactly one of `blockId` and `height`, as a block field takes them. */
export function checkBlockAsk(blockId: string | null | undefined, height: string | null | undefined): BlockAsk {
  if ((blockId == null) === (height == null))
    throw badInput('`block` takes exactly one of `blockId` and `height`.', { argument: 'blockId' });
  return blockId != null ? { blockId } : { height: height! };
}

export const BLOCK_ID_DESCRIPTION =
  "The block id (cb58). A node whose JSON omits it costs one more call: the id is the sha256 of the block's bytes.";

/**
 * The entries of a P- or X-Chain transaction's `unsignedTx` tree (keys at every level): at most 300
 * priced for each, a realistic maximum rather than the longest seen, so a tree larger than those a
 * request saw before is still within its price (the sandbox's largest hold 126 on the P-Chain and
 * 77 on the X-Chain, a delegation some 60; an input or output adds about 10, so 300 covers a
 * transaction of some 25 of them).
 */
export const UNSIGNED_TX_ENTRIES = 300;

/**
 * The bytes of that tree, as the largest seen (with a margin), and until one was seen at
 * UNSIGNED_TX_ENTRIES entries of 128 bytes each (a key and an id or an address, the longest values
 * but the memo, with their quotes) and a memo of 256 bytes (MaxMemoSize) in hex: an assumption, as
 * its entries are. Priced as any leaf, a P-Chain transaction's tree answered 1,142 bytes priced at
 * 96 (test/fuzz/long-leaves.test.ts).
 */
export const UNSIGNED_TX_BYTES = learnt({
  kind: 'unsigned-tx-bytes',
  most: { mainnet: UNSIGNED_TX_ENTRIES * 128 + hexJsonBytes(256), fuji: UNSIGNED_TX_ENTRIES * 128 + hexJsonBytes(256) },
  anyNetwork: true,
});
