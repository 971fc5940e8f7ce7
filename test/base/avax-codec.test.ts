/**
 * The binary formats the gateway reads, checked against the node's own documented bytes: the
 * avm.getUTXOs example's UTXOs decode to the ids the example names, and encode back to the same
 * bytes (the sandbox node writes UTXOs with the same functions).
 */
import { readFileSync } from 'node:fs';
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  decodeHexWithChecksum,
  decodeUtxo,
  encodeHexWithChecksum,
  encodeNftTransferUtxo,
  encodeTransferUtxo,
} from '../../src/base/avax-codec.js';

const example = JSON.parse(readFileSync(new URL('../contract/examples/node.avm.getUTXOs.json', import.meta.url), 'utf8'));

describe('UTXOs of the avm.getUTXOs example', () => {
  const [first, second] = example.examples as {
    request: any;
    response: { result: { utxos: string[]; endIndex: { address: string; utxo: string } } };
  }[];

  it('decode: the first page ends at its endIndex; owners are the 20 bytes at the end, in bech32', () => {
    for (const page of [first!, second!]) {
      const utxos = page.response.result.utxos.map((hex) => decodeUtxo(decodeHexWithChecksum(hex), 'avax', 'X'));
      // The docs' second page was not captured after the first: its endIndex names no UTXO shown.
      if (page === first) expect(utxos.at(-1)!.utxoId).toBe(page.response.result.endIndex.utxo);
      for (const u of utxos) {
        expect(u).toMatchObject({ outputType: 'secp256k1 transfer', assetId: utxos[0]!.assetId, amount: '1', locktime: '0', threshold: 1 });
        // The docs' UTXOs are not owned by the address their request names: read the owner's bytes.
        const owner = decodeHexWithChecksum(page.response.result.utxos[0]!).slice(-20);
        expect(u.addresses).toEqual([`X-${bech32.encode('avax', bech32.toWords(owner))}`]);
      }
    }
  });

  it('encode back to the same bytes', () => {
    for (const hex of first!.response.result.utxos) {
      const u = decodeUtxo(decodeHexWithChecksum(hex), 'avax', 'X');
      const bytes = encodeTransferUtxo({
        ...u,
        amount: BigInt(u.amount!),
        locktime: BigInt(u.locktime!),
        threshold: u.threshold!,
        addresses: u.addresses,
      });
      expect(encodeHexWithChecksum(bytes)).toBe(hex);
    }
  });

  it('refuse bytes whose checksum or length is wrong', () => {
    const hex = first!.response.result.utxos[0]!;
    expect(() => decodeHexWithChecksum(`${hex.slice(0, -2)}00`)).toThrow(/checksum/);
    const bytes = decodeHexWithChecksum(hex);
    expect(() => decodeUtxo(bytes.subarray(0, bytes.length - 1), 'avax', 'X')).toThrow(/length/);
  });
});

it('an NFT transfer output (type 11) round-trips with its group and payload', () => {
  const u = {
    txId: '2oJCbb8pfdxEHAf9A8CdN4Afj9VSR3xzyzNkf8tDv7aM1sfNFL',
    outputIndex: 3,
    assetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
    groupId: 7,
    payload: Buffer.from('cafe', 'hex'),
    locktime: 0n,
    threshold: 1,
    addresses: ['X-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy'],
  };
  expect(decodeUtxo(encodeNftTransferUtxo(u), 'avax', 'X')).toMatchObject({
    outputType: 'nft transfer',
    txId: u.txId,
    outputIndex: 3,
    groupId: 7,
    payload: '0xcafe',
    locktime: '0',
    threshold: 1,
    addresses: u.addresses,
  });
});
