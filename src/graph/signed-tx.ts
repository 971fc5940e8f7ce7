/**
 * Signed transactions submitted through the graph, never keys: the bytes a wallet signed are
 * checked here first (their encoding and size, that they parse as a signed transaction of the
 * chain asked, that the network and blockchain inside them are that chain's), then handed to the
 * network's node (avm.issueTx, platform.issueTx, avax.issueTx). The answer is the transaction's id,
 * its status as a field, and a subscription that follows it until it is accepted or rejected.
 */
import { PRIMARY_CHAIN_IDS, type NetworkName } from '../base/ids.js';
import {
  decodeCb58Bytes,
  MAX_SIGNED_TX_BYTES,
  parseSignedTx,
  SignedTxError,
  type SignedTx,
  type SignedTxChain,
} from '../base/signed-tx.js';
import { decodeHexWithChecksum, encodeHexWithChecksum } from '../base/avax-codec.js';
import { badInput, quote } from '../graphql/errors.js';
import { txStatusFeed, type TxStatusEvent } from '../live/feeds.js';
import type { LiveEvent } from '../live/hub.js';
import { avaxIssueTx } from '../upstreams/node/c-chain-atomic.js';
import { avmIssueTx, isDecided, issuedTxStatus, platformIssueTx, type IssuedTxStatus } from '../upstreams/node/signed-tx.js';
import { builder } from './builder.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { NetworkNameEnum, PrimaryNetworkChainEnum } from './enums.js';
import { toNetwork } from './inputs.js';
import { NetworkRef } from './refs.js';
import { CChainTransactionRef } from './transaction.js';
import { CB58IdScalar } from './scalars.js';
import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import { DROPPED_REASON_BYTES } from './leaf-bytes.js';

type PrimaryChain = 'p-chain' | 'x-chain' | 'c-chain';

const CHAIN: Record<PrimaryChain, SignedTxChain> = { 'x-chain': 'X', 'p-chain': 'P', 'c-chain': 'C' };
const CHAIN_NAME: Record<SignedTxChain, string> = { X: 'X-Chain', P: 'P-Chain', C: 'C-Chain' };
const NETWORK_ID: Record<NetworkName, number> = { mainnet: 1, fuji: 5 };

/**
 * The most cb58 a submission may carry: 16 KiB of bytes, as avalanchego's own cb58 took (base58
 * costs more to decode the longer it is); hex takes up to the mempool's 64 KiB.
 */
const MAX_CB58_BYTES = 16 * 1024;

const SignedTxEncodingEnum = builder.enumType('SignedTxEncoding', {
  description: 'How the signed bytes are written.',
  values: {
    HEX: {
      value: 'hex',
      description: '"0x", the bytes, then the last 4 bytes of their sha256: the node\'s `hex` (what avalanchejs and the SDKs write).',
    },
    CB58: { value: 'cb58', description: 'base58 of the bytes and the same 4-byte checksum (at most 16 KiB of bytes).' },
  } as const,
});

const SignedTxStatusEnum = builder.enumType('SignedTxStatus', {
  description: "Where a submitted transaction stands, whichever chain it is on (`nodeStatus` has the node's own word).",
  values: {
    PROCESSING: { value: 'PROCESSING', description: 'The node has it and it is being decided.' },
    ACCEPTED: { value: 'ACCEPTED', description: 'Accepted (Committed on the P-Chain): final.' },
    REJECTED: { value: 'REJECTED', description: 'Rejected, aborted or dropped: final; it will never be accepted.' },
    UNKNOWN: { value: 'UNKNOWN', description: 'The node has not seen it (yet, or no longer: a dropped transaction may be forgotten).' },
  } as const,
});

/** The signed bytes of `text`, refused precisely when they are not a signed transaction of `chain` on `network`. */
export function checkSignedTx(
  network: NetworkName,
  chain: SignedTxChain,
  text: string,
  encoding: 'hex' | 'cb58',
): { tx: SignedTx; hex: string } {
  const limit = encoding === 'hex' ? MAX_SIGNED_TX_BYTES : MAX_CB58_BYTES;
  // Each byte takes 2 hex digits, or at most 1.37 base58 digits (and 4 for the checksum): a longer text is refused before it is read.
  const maxLength = encoding === 'hex' ? 2 + (limit + 4) * 2 : Math.ceil((limit + 4) * 1.37) + 1;
  if (text.length > maxLength)
    throw badInput(
      `\`signedTx\` is ${text.length} characters: a ${encoding === 'hex' ? 'hex' : 'cb58'} transaction has at most ${maxLength} (${limit} bytes).`,
      {
        argument: 'signedTx',
      },
    );
  let bytes: Uint8Array;
  try {
    if (encoding === 'hex') {
      if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(text)) throw new SignedTxError('hex is "0x" and an even number of hex digits');
      bytes = decodeHexWithChecksum(text);
    } else {
      bytes = decodeCb58Bytes(text);
    }
  } catch (error) {
    throw badInput(`\`signedTx\` is not ${encoding === 'hex' ? 'hex with its 4-byte checksum' : 'cb58'}: ${(error as Error).message}.`, {
      argument: 'signedTx',
    });
  }
  let tx: SignedTx;
  try {
    tx = parseSignedTx(bytes, chain);
  } catch (error) {
    if (!(error instanceof SignedTxError)) throw error;
    throw badInput(`\`signedTx\` is not a signed ${CHAIN_NAME[chain]} transaction: ${error.message}.`, { argument: 'signedTx' });
  }
  if (tx.networkId !== NETWORK_ID[network]) {
    throw badInput(
      `\`signedTx\` was signed for network id ${tx.networkId}, not ${network} (${NETWORK_ID[network]}): submit it to its own network, or sign it again for this one.`,
      { argument: 'signedTx' },
    );
  }
  const expected = PRIMARY_CHAIN_IDS[network][chain.toLowerCase() as 'x' | 'p' | 'c'];
  if (tx.blockchainId !== expected) {
    throw badInput(
      `\`signedTx\` names blockchain ${quote(tx.blockchainId)}, not the ${network} ${CHAIN_NAME[chain]} (${expected}): \`chain\` must be the chain it was built for.`,
      { argument: 'chain' },
    );
  }
  return { tx, hex: encodeHexWithChecksum(bytes) };
}

interface SubmittedModel {
  network: NetworkName;
  chain: SignedTxChain;
  txId: string;
  type?: string;
  size?: number;
}

type StatusModel = IssuedTxStatus & { network: NetworkName; chain: SignedTxChain; txId: string };

const CHAIN_VALUE: Record<SignedTxChain, PrimaryChain> = { X: 'x-chain', P: 'p-chain', C: 'c-chain' };

const SignedTxStatusRef = builder.objectRef<StatusModel>('SignedTransactionStatus').implement({
  description: "A submitted transaction's status on its chain, as the node reports it.",
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its chain and transaction id',
        'it is a status read at one moment; `signedTransactionStatus` events carry the same id, so the status on screen updates in place.',
      ),
      resolve: (s) => entityId('SignedTransactionStatus', s.network, `${s.chain}:${s.txId}`),
    }),
    txId: t.exposeString('txId', { description: 'The transaction id (cb58).' }),
    chain: t.field({ type: PrimaryNetworkChainEnum, description: 'The chain it was submitted to.', resolve: (s) => CHAIN_VALUE[s.chain] }),
    status: t.field({
      type: SignedTxStatusEnum,
      description: 'Where it stands: PROCESSING until ACCEPTED or REJECTED, both final.',
      resolve: (s) => s.status,
    }),
    decided: t.boolean({ description: 'Whether the status is final (ACCEPTED or REJECTED).', resolve: (s) => isDecided(s.status) }),
    nodeStatus: t.exposeString('nodeStatus', {
      description:
        "The node's own word: Accepted, Processing, Rejected or Unknown (X-Chain); Committed, Processing, Aborted, Dropped or Unknown (P-Chain); Accepted, Processing, Dropped or Unknown (C-Chain atomic).",
    }),
    reason: t.string({
      nullable: true,
      description: 'Why the P-Chain dropped it, when it did.',
      price: { bytes: DROPPED_REASON_BYTES },
      resolve: (s) => s.reason ?? null,
    }),
    blockHeight: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'For a C-Chain atomic transaction once accepted: the height of the C-Chain block that holds it.',
      resolve: (s) => s.blockHeight ?? null,
    }),
  }),
});

const statusOf = async (node: Parameters<typeof issuedTxStatus>[0], m: SubmittedModel): Promise<StatusModel> => ({
  ...(await issuedTxStatus(node, m.network, m.chain, m.txId)),
  network: m.network,
  chain: m.chain,
  txId: m.txId,
});

const SubmittedTxRef = builder.objectRef<SubmittedModel>('SubmittedTransaction').implement({
  description: 'A signed transaction the node took: its id, and its status to follow (or the `signedTransactionStatus` subscription).',
  fields: (t) => ({
    txId: t.exposeString('txId', { description: 'The transaction id (cb58), as the node answered it: the sha256 of the signed bytes.' }),
    chain: t.field({ type: PrimaryNetworkChainEnum, description: 'The chain it was submitted to.', resolve: (s) => CHAIN_VALUE[s.chain] }),
    type: t.string({
      nullable: true,
      description: 'Its type as the chain names it (BaseTx, ImportTx, ExportTx, AddPermissionlessValidatorTx…), read from the bytes.',
      resolve: (s) => s.type ?? null,
    }),
    size: t.int({ nullable: true, description: 'Its size in bytes.', resolve: (s) => s.size ?? null }),
    status: t.field({
      type: SignedTxStatusRef,
      description: 'Its status now: one more call (avm.getTxStatus, platform.getTxStatus or avax.getAtomicTxStatus).',
      price: { calls: 1, reaches: ['avm.getTxStatus', 'platform.getTxStatus', 'avax.getAtomicTxStatus'] },
      resolve: (s, _args, ctx) => statusOf(ctx.node, s),
    }),
  }),
});

const chainArg = {
  type: PrimaryNetworkChainEnum,
  required: true,
  description: 'The chain the transaction is for: X_CHAIN, P_CHAIN, or C_CHAIN for an atomic import or export.',
} as const;

builder.mutationField('submitSignedTransaction', (t) =>
  t.field({
    type: SubmittedTxRef,
    description:
      "Hands a transaction a wallet signed to the network's node (avm.issueTx, platform.issueTx or avax.issueTx): never a key. The bytes are checked first (encoding, at most 64 KiB, that they parse as a signed transaction of `chain`, that the network and blockchain in them are that chain's): BAD_USER_INPUT says what is wrong, and the node is not called. The node's own refusal (a spent input, a wrong signature) is UPSTREAM_RPC_ERROR with its message; a node whose API is not reachable is NODE_API_UNAVAILABLE or UPSTREAM_UNAVAILABLE. Submitting the same bytes again answers the same id. Rate-limited like every request, at one call.",
    args: {
      network: t.arg({ type: NetworkNameEnum, required: true, description: 'The network to submit to.' }),
      chain: t.arg(chainArg),
      signedTx: t.arg.string({ required: true, description: "The signed transaction's bytes, in `encoding`." }),
      encoding: t.arg({
        type: SignedTxEncodingEnum,
        required: true,
        defaultValue: 'hex',
        description: 'How `signedTx` is written: HEX (default) or CB58.',
      }),
    },
    price: { calls: 1, reaches: ['avm.issueTx', 'platform.issueTx', 'avax.issueTx'] },
    resolve: async (_root, args, ctx) => {
      const network = toNetwork(args.network);
      const chain = CHAIN[args.chain];
      const { tx, hex } = checkSignedTx(network, chain, args.signedTx, args.encoding);
      const issue = chain === 'X' ? avmIssueTx : chain === 'P' ? platformIssueTx : avaxIssueTx;
      const { txID } = await issue(ctx.node, network, { tx: hex });
      return { network, chain, txId: txID, type: tx.type, size: tx.size };
    },
  }),
);

builder.objectField(NetworkRef, 'signedTransactionStatus', (t) =>
  t.field({
    type: SignedTxStatusRef,
    description: 'The status of a transaction on the X- or P-Chain, or of a C-Chain atomic transaction, as the node reports it: one call.',
    args: {
      chain: t.arg(chainArg),
      txId: t.arg({
        type: CB58IdScalar,
        required: true,
        description: 'The transaction id (cb58), as `submitSignedTransaction` answered it.',
      }),
    },
    price: { calls: 1, reaches: ['avm.getTxStatus', 'platform.getTxStatus', 'avax.getAtomicTxStatus'] },
    resolve: (network, { chain, txId }, ctx) => statusOf(ctx.node, { network: network.name, chain: CHAIN[chain], txId }),
  }),
);

/** The events of a status feed up to the first that is decided: the subscription ends there, leaving its topic. */
async function* untilDecided(events: AsyncIterable<LiveEvent<TxStatusEvent>>): AsyncGenerator<LiveEvent<TxStatusEvent>> {
  for await (const event of events) {
    yield event;
    if (event.data && isDecided(event.data.status)) return;
  }
}

builder.subscriptionField('signedTransactionStatus', (t) =>
  t.field({
    type: SignedTxStatusRef,
    description: `A transaction's status as it is decided: its status when the subscription starts, then each change, and the subscription completes after ACCEPTED or REJECTED. ${POLL_NOTE}`,
    args: {
      ...networkArg,
      chain: t.arg(chainArg),
      txId: t.arg({
        type: CB58IdScalar,
        required: true,
        description: 'The transaction id (cb58), as `submitSignedTransaction` answered it.',
      }),
    },
    subscribe: (_root, { network, chain, txId }, ctx) => untilDecided(openFeed(ctx, txStatusFeed(toNetwork(network), CHAIN[chain], txId))),
    resolve: (event) => eventValue(event, (e): StatusModel => e),
  }),
);

builder.objectField(CChainTransactionRef, 'nodeStatus', (t) =>
  t.field({
    type: SignedTxStatusRef,
    description:
      "This atomic transaction's status as the network's node reports it (avax.getAtomicTxStatus), with the C-Chain height that holds it: the node's word, where the Data API shows what it indexed.",
    price: { calls: 1, reaches: ['avm.getTxStatus', 'platform.getTxStatus', 'avax.getAtomicTxStatus'] },
    resolve: (tx, _args, ctx) => statusOf(ctx.node, { network: tx.network, chain: 'C', txId: tx.txHash }),
  }),
);
