/**
 * Real signed transactions of the sandbox's wallet (sandbox/world/wallet.ts, whose key is public),
 * built and signed with avalanchejs as a wallet would: an X- or P-Chain BaseTx spending one of its
 * UTXOs, and a C-Chain import of one of the atomic UTXOs the X-Chain exported to it.
 */
import { createHash } from 'node:crypto';
import * as avalanchejs from '@avalabs/avalanchejs';
import { cb58Encode, PRIMARY_CHAIN_IDS, type NetworkName } from '../../src/base/ids.js';
import { addressBytes } from '../../sandbox/node/chains/avax.js';
import { SANDBOX_WALLET_KEY, walletAddressBytes } from '../../sandbox/world/wallet.js';
import { getWorld } from '../../sandbox/world/world.js';
import type { SandboxUtxo } from '../../sandbox/world/types.js';
import type { Harness } from './harness.js';

// avalanchejs's declarations re-export without file extensions, which NodeNext resolution does not
// follow: its members are read untyped here (the tests check what they build by parsing it).
const {
  addTxSignatures,
  avaxSerial,
  avmSerial,
  BigIntPr,
  evm,
  Id,
  Int,
  OutputOwners,
  pvmSerial,
  TransferableInput,
  TransferableOutput,
  TransferOutput,
  Address,
  UnsignedTx,
  Utxo,
  secp256k1,
  utils,
} = avalanchejs as any;
type Utxo = any;
type TransferableInput = any;
type UnsignedTxArgs = any;

const NETWORK_ID: Record<NetworkName, number> = { mainnet: 1, fuji: 5 };

export interface Signed {
  hex: string;
  /** The id the node answers: cb58 of the sha256 of the signed bytes. */
  id: string;
  bytes: Uint8Array;
}

/** The wallet's UTXOs spendable on a chain: its own (`createdOn` the chain), or the atomic ones another chain exported to it. */
export function walletUtxos(network: NetworkName, on: 'x' | 'p' | 'c'): SandboxUtxo[] {
  const world = getWorld(network);
  const mine = Buffer.from(walletAddressBytes());
  return (world.utxos.get(world.chainIds[on]) ?? []).filter((u) => u.owners.some((o) => Buffer.from(addressBytes(o)).equals(mine)));
}

function utxoOf(u: SandboxUtxo): Utxo {
  return new Utxo(
    new avaxSerial.UTXOID(Id.fromString(u.txId), new Int(u.outputIndex)),
    Id.fromString(u.assetId),
    new TransferOutput(
      new BigIntPr(u.amount),
      new OutputOwners(
        new BigIntPr(u.locktime),
        new Int(u.threshold),
        u.owners.map((o) => new Address(addressBytes(o))),
      ),
    ),
  );
}

const signed = (bytes: Uint8Array): Signed => ({
  hex: utils.bufferToHex(utils.addChecksum(bytes)),
  id: cb58Encode(createHash('sha256').update(bytes).digest()),
  bytes,
});

/** Signs for the wallet's address with `privateKey` (the wallet's own by default: another key makes a wrong signature). */
async function sign(tx: UnsignedTxArgs, utxos: Utxo[], inputs: TransferableInput[], privateKey = SANDBOX_WALLET_KEY): Promise<Signed> {
  const unsigned = new UnsignedTx(tx, utxos, utils.AddressMaps.fromTransferableInputs(inputs, utxos, 0n, [walletAddressBytes()]));
  const hash = createHash('sha256').update(unsigned.toBytes()).digest();
  const signature = await secp256k1.signHash(hash, utils.hexToBuffer(privateKey));
  for (const [index, subIndex] of unsigned.getSigIndicesForAddress(new Address(walletAddressBytes())))
    unsigned.addSignatureAt(signature, index, subIndex);
  return signed(unsigned.getSignedTx().toBytes());
}

/**
 * A BaseTx on the X- or P-Chain spending `utxo` (the wallet's first there by default): `amount`
 * to a fresh address, the rest but the fee back to the wallet. `key` signs instead of the wallet's.
 */
export async function signedBaseTx(
  network: NetworkName,
  chain: 'X' | 'P',
  options: { utxo?: SandboxUtxo; amount?: bigint; memo?: string; blockchainId?: string; networkId?: number; privateKey?: string } = {},
): Promise<Signed> {
  const on = chain === 'X' ? 'x' : 'p';
  const utxo = options.utxo ?? walletUtxos(network, on)[0]!;
  const amount = options.amount ?? 1_000_000n;
  const fee = 1_000_000n;
  const input = TransferableInput.fromNative(utxo.txId, utxo.outputIndex, utxo.assetId, utxo.amount, [0]);
  const outputs = [
    TransferableOutput.fromNative(utxo.assetId, amount, [new Uint8Array(20).fill(7)]),
    TransferableOutput.fromNative(utxo.assetId, utxo.amount - amount - fee, [walletAddressBytes()]),
  ];
  const base = avaxSerial.BaseTx.fromNative(
    options.networkId ?? NETWORK_ID[network],
    options.blockchainId ?? PRIMARY_CHAIN_IDS[network][on],
    outputs,
    [input],
    new TextEncoder().encode(options.memo ?? ''),
  );
  const tx = chain === 'X' ? new avmSerial.BaseTx(base) : new pvmSerial.BaseTx(base);
  return sign(tx, [utxoOf(utxo)], [input], options.privateKey);
}

/** A C-Chain ImportTx of the wallet's first atomic UTXO from the X-Chain, to an EVM address. */
export async function signedCImport(network: NetworkName, options: { utxo?: SandboxUtxo } = {}): Promise<Signed> {
  const world = getWorld(network);
  const utxo = options.utxo ?? walletUtxos(network, 'c').find((u) => u.createdOn === world.chainIds.x)!;
  const ids = PRIMARY_CHAIN_IDS[network];
  const context = {
    networkID: NETWORK_ID[network],
    hrp: world.hrp,
    xBlockchainID: ids.x,
    pBlockchainID: ids.p,
    cBlockchainID: ids.c,
    avaxAssetID: world.avaxAssetId,
    baseTxFee: 1_000_000n,
    createAssetTxFee: 10_000_000n,
    platformFeeConfig: {} as never,
  };
  const unsigned = evm.newImportTx(
    context,
    utils.hexToBuffer('0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'),
    [walletAddressBytes()],
    [utxoOf(utxo)],
    ids.x,
    10_000n,
  );
  await addTxSignatures({ unsignedTx: unsigned, privateKeys: [utils.hexToBuffer(SANDBOX_WALLET_KEY)] });
  return signed(unsigned.getSignedTx().toBytes());
}

const STATUS = `query($chain: PrimaryNetworkChain!, $txId: CB58Id!) { network { signedTransactionStatus(chain: $chain, txId: $txId) { status nodeStatus decided blockHeight } } }`;

/** Polls the graph's status field until the node has decided (the sandbox node accepts after its `acceptAfterMs`). */
export async function untilDecided(h: Harness, chain: string, txId: string) {
  for (let i = 0; i < 100; i++) {
    const res = await h.raw<any>(STATUS, { chain, txId });
    const status = res.data?.network.signedTransactionStatus;
    if (status?.decided) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${txId} never decided`);
}
