/**
 * A wallet whose key is public: the "ewoq" key avalanchego's local networks fund, holding AVAX on
 * the X- and P-Chain and atomic UTXOs exported to the C-Chain, so a test (or anyone trying the
 * sandbox) can sign real transactions the sandbox node verifies and accepts. Added after the
 * history and without the Rng, like `manyUtxos`: nothing else in the world moves.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/ripemd160';
import { sha256 } from '@noble/hashes/sha256';
import { formatBech32Address } from '../../src/base/ids.js';
import type { Builder, Tx } from './builder.js';
import { NANO } from './timeline.js';

/** The private key (hex): avalanchego's well-known local-network key, PrivateKey-ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN. */
export const SANDBOX_WALLET_KEY = '56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';

/** The key's 20-byte address: ripemd160(sha256(compressed public key)), as secp256k1fx derives it. */
export function walletAddressBytes(): Uint8Array {
  return ripemd160(sha256(secp256k1.getPublicKey(SANDBOX_WALLET_KEY, true)));
}

/** The wallet's UTXOs: three on the X-Chain and two on the P-Chain from genesis, and two the X-Chain exported to the C-Chain. */
export function sandboxWallet(b: Builder, genesis: { x: Tx; p: Tx }): string {
  const address = formatBech32Address(b.hrp, walletAddressBytes());
  for (const amount of [100n, 250n, 1_000n])
    b.output(genesis.x, { spendOn: b.ids.x, addresses: [address], assetId: b.avax, amount: amount * NANO, mint: true });
  for (const amount of [500n, 2_000n])
    b.output(genesis.p, { spendOn: b.ids.p, addresses: [address], assetId: b.avax, amount: amount * NANO });
  for (const amount of [10n, 20n]) b.output(genesis.x, { spendOn: b.ids.c, addresses: [address], assetId: b.avax, amount: amount * NANO });
  return address;
}
