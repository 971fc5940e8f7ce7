/**
 * Leaves longer than a leaf's LEAF_BYTES (src/yoga/cost-estimate.ts) that several parts of the
 * graph answer: keys and signatures of a fixed size, priced at it, and bytes whose length the data
 * decides (a UTXO's, a memo), priced by the longest seen (`learnt` in ./list-sizes.ts) and at their
 * upstream maximum until one was seen. Each figure says where it comes from. Priced as any leaf, such
 * values answered more bytes than they were priced at (issue 29's fuzzer: an atomic transaction's
 * signed bytes, 684 bytes priced at 164; test/fuzz/long-leaves.test.ts finds the others).
 */
import { learnt } from './list-sizes.js';

/** The bytes `n` bytes take in the answer's JSON in hex as the node writes them: quoted, `0x`, two characters a byte, and its 4-byte checksum when `checksum`. */
export const hexJsonBytes = (n: number, checksum = false): number => 2 + 2 + 2 * n + (checksum ? 8 : 0);

/** A BLS public key, compressed (48 bytes, avalanchego utils/crypto/bls PublicKeyLen), in hex: 100 bytes. */
export const BLS_PUBLIC_KEY_BYTES = hexJsonBytes(48);

/** A BLS signature (96 bytes, bls SignatureLen), such as a proof of possession, in hex: 196 bytes. */
export const BLS_SIGNATURE_BYTES = hexJsonBytes(96);

/** A secp256k1 signature with its recovery id (65 bytes, secp256k1 SignatureLen), in hex: 134 bytes. */
export const SECP256K1_SIGNATURE_BYTES = hexJsonBytes(65);

/**
 * avalanchego's mempool takes no transaction over 64 KiB (vms/txs/mempool MaxTxSize): every P- and
 * X-Chain transaction that reaches a block is within it, and so is every output or UTXO it creates.
 */
export const MAX_TX_SIZE = 64 * 1024;

/**
 * A transaction's memo in hex. SyntacticVerify bounds it to 256 bytes (vms/components/avax MaxMemoSize),
 * but the X-Chain's genesis transaction (AVAX's CreateAssetTx) was never verified so: its memo holds
 * the 20-byte Ethereum address of each allocation with an initial amount (genesis/genesis.go), 4,365
 * on mainnet (genesis/genesis_mainnet.json), 87,300 bytes; Fuji's 10 are within 256.
 */
export const TX_MEMO_BYTES = learnt({
  kind: 'tx-memo-bytes',
  most: { mainnet: hexJsonBytes(4_365 * 20), fuji: hexJsonBytes(256) },
  anyNetwork: true,
});

/**
 * Owners an output is priced to have at most in its bytes (UTXO_HEX_BYTES): secp256k1fx bounds none
 * short of the transaction's size, which priced a page of 1,024 UTXOs' bytes past MAX_RESULT_BYTES
 * before one was seen; the Primary Network's multisigs hold a few keys. An assumption, as
 * OWNER_ADDRESSES is (./refs.ts).
 */
const OUTPUT_OWNERS_MOST = 128;

/**
 * A UTXO's or an output's bytes in hex with checksum (the node's `getUTXOs`, the Data API's
 * `utxoBytes`, a stake's outputs): the codec's version, the UTXO's id (32 + 4 bytes) and asset (32),
 * the output's type, a stakeable lock's locktime and type, amount, locktime, threshold and count (40
 * in all), an NFT's group and largest payload (NFT_PAYLOAD: 4 + 4 + 1 KiB) and OUTPUT_OWNERS_MOST
 * addresses of 20 bytes: 3,702 bytes, 7,416 in the answer. Priced as any leaf, one answered 248 bytes.
 */
export const UTXO_HEX_BYTES = learnt({
  kind: 'utxo-hex-bytes',
  most: {
    mainnet: hexJsonBytes(2 + 36 + 32 + 40 + 8 + 1024 + 20 * OUTPUT_OWNERS_MOST, true),
    fuji: hexJsonBytes(2 + 36 + 32 + 40 + 8 + 1024 + 20 * OUTPUT_OWNERS_MOST, true),
  },
  anyNetwork: true,
});

/**
 * An NFT's payload in hex: at most 1 KiB (vms/nftfx MaxPayloadSize), the same on the node's UTXOs
 * and the Data API's.
 */
export const NFT_PAYLOAD_BYTES = hexJsonBytes(1024);

/**
 * The X-Chain's genesis transaction on mainnet, AVAX's CreateAssetTx: one 48-byte output and a
 * 20-byte memo entry for each of the 4,365 allocations with an initial amount
 * (genesis/genesis_mainnet.json), and a KiB for the rest. No mempool bounds it (MAX_TX_SIZE); the
 * node answers it by id as any other (avm.getTx).
 */
export const MAINNET_X_GENESIS_TX_SIZE = 4_365 * (48 + 20) + 1_024;

/**
 * A chain's genesis as its VM encodes it (`encodedGenesis`), priced as hex with checksum, the longest
 * encoding the upstreams use: a chain created by a CreateChainTx carries its genesis within
 * MAX_TX_SIZE. The Primary Network's X-Chain has a larger one on mainnet (its AVAX transaction,
 * MAINNET_X_GENESIS_TX_SIZE), which this does not cover (the sandbox gives it a 64-byte stand-in):
 * priced at it, a page of 60 subnets' chains (3 assumed each) passed MAX_RESULT_BYTES before one was
 * seen. An X-Chain genesis answered whole is priced below its bytes.
 */
export const ENCODED_GENESIS_BYTES = learnt({
  kind: 'encoded-genesis-bytes',
  most: { mainnet: hexJsonBytes(MAX_TX_SIZE, true), fuji: hexJsonBytes(MAX_TX_SIZE, true) },
  anyNetwork: true,
});

/**
 * Text an upstream keeps as its users wrote it (a token's description and links, an NFT's metadata,
 * a chain's endpoints, a webhook's URL, a node's error): no upstream states a bound (the Data API's
 * spec gives these no maxLength), so each field's values are priced as the longest seen of its kind
 * and, until one was seen, at `most`, an assumption written beside the field (TEXT_BYTES). A value
 * past its `most` is priced at it, below its bytes.
 */
export const upstreamText = (kind: string, most: number) =>
  learnt({ kind: `text-${kind}-bytes`, most: { mainnet: most, fuji: most }, anyNetwork: true });

/**
 * The assumed longest of each kind of such text, in the answer's JSON: a URL (browsers and CDNs keep
 * to some 2,000 characters), a description or an error of a few paragraphs, a token's metadata URI
 * (a `data:` URI holds the whole metadata, an SVG image with it), an NFT's metadata as JSON text, a
 * contact address (RFC 5321: 254 characters), a colour or a tag, a decoded method signature.
 */
export const TEXT_BYTES = {
  url: 2_048,
  prose: 8_192,
  tokenUri: 65_536,
  metadataJson: 16_384,
  short: 256,
  signature: 1_024,
} as const;

/** A token's metadata URI (ERC-721 `tokenURI`, ERC-1155 `uri`): a link, or a `data:` URI holding the metadata and its image. */
export const TOKEN_URI_BYTES = upstreamText('token-uri', TEXT_BYTES.tokenUri);

/** Why a node dropped a transaction (platform.getTxStatus): the error of its verification, which names amounts and ids. */
export const DROPPED_REASON_BYTES = upstreamText('dropped-reason', TEXT_BYTES.prose);
