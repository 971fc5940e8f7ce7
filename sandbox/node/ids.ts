/**
 * Ids and addresses parsed the way the node's services parse them, failing with their errors:
 * ids.FromString (cb58 via mr-tron/base58), address.Parse (btcutil's bech32) and the address
 * manager's checks of chain and hrp.
 */
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { RpcFailure } from './gorilla.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Decodes cb58 to `size` bytes as ids.FromString / ids.ShortFromString do. */
export function goIdBytes(value: string, size = 32): Uint8Array {
  // cb58.Decode wraps mr-tron/base58's errors in ErrBase58Decoding.
  const base58Error = (reason: string) => new RpcFailure(`base58 decoding error: ${reason}`);
  if (value === '') throw base58Error('zero length string');
  for (const c of value) {
    if (c.codePointAt(0)! > 127) throw base58Error('high-bit set on invalid digit');
    if (!ALPHABET.includes(c)) throw base58Error(`invalid base58 digit ('${c}')`);
  }
  const raw = base58.decode(value);
  if (raw.length < 4) throw new RpcFailure('input string is smaller than the checksum size');
  const payload = raw.subarray(0, raw.length - 4);
  const sum = createHash('sha256').update(payload).digest().subarray(28);
  if (!Buffer.from(sum).equals(Buffer.from(raw.subarray(raw.length - 4)))) throw new RpcFailure('invalid input checksum');
  if (payload.length !== size) throw new RpcFailure(`invalid hash length: expected ${size} bytes but got ${payload.length}`);
  return payload;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

function checksum(hrp: string, data: number[], constant: number): string {
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  return Array.from({ length: 6 }, (_v, i) => CHARSET[(mod >>> (5 * (5 - i))) & 31]).join('');
}

/** btcutil's bech32.Decode, then 5-to-8 bit conversion: the hrp and the payload bytes. */
function goBech32(value: string): { hrp: string; bytes: Uint8Array } {
  if (value.length > 90 || value.length < 8) throw new RpcFailure(`invalid bech32 string length ${value.length}`);
  let lower = false;
  let upper = false;
  for (const c of value) {
    const code = c.charCodeAt(0);
    if (code < 33 || code > 126) throw new RpcFailure(`invalid character in string: '${c}'`);
    lower ||= code >= 97 && code <= 122;
    upper ||= code >= 65 && code <= 90;
    if (lower && upper) throw new RpcFailure('string not all lowercase or all uppercase');
  }
  const bech = value.toLowerCase();
  const one = bech.lastIndexOf('1');
  if (one < 1 || one + 7 > bech.length) throw new RpcFailure(`invalid separator index ${one}`);
  const hrp = bech.slice(0, one);
  const data: number[] = [];
  for (const c of bech.slice(one + 1)) {
    const v = CHARSET.indexOf(c);
    if (v === -1) throw new RpcFailure(`invalid character not part of charset: ${c.charCodeAt(0)}`);
    data.push(v);
  }
  if (polymod([...hrpExpand(hrp), ...data]) !== 1) {
    const payload = data.slice(0, -6);
    throw new RpcFailure(
      `invalid checksum (expected (bech32=${checksum(hrp, payload, 1)}, bech32m=${checksum(hrp, payload, 0x2bc830a3)}), got ${bech.slice(-6)})`,
    );
  }
  // ConvertBits(data, 5, 8, true): leftover bits become one more, zero-padded byte.
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const v of data.slice(0, -6)) {
    acc = ((acc << 5) | v) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (bits > 0) bytes.push((acc << (8 - bits)) & 0xff);
  return { hrp, bytes: Uint8Array.from(bytes) };
}

/**
 * The address manager's ParseLocalAddress: `<chain alias>-<bech32>` whose alias names this chain
 * and whose hrp is the network's; the 20 address bytes.
 */
export function goLocalAddress(
  value: string,
  chain: { id: string; hrp: string; lookup: (alias: string) => string | undefined },
): Uint8Array {
  const dash = value.indexOf('-');
  if (dash === -1) throw new RpcFailure('no separator found in address');
  const alias = value.slice(0, dash);
  const { hrp, bytes } = goBech32(value.slice(dash + 1));
  const chainId = chain.lookup(alias);
  if (chainId === undefined) throw new RpcFailure(`there is no ID with alias: ${alias}`);
  if (hrp !== chain.hrp) throw new RpcFailure(`expected hrp "${chain.hrp}" but got "${hrp}"`);
  if (bytes.length !== 20) throw new RpcFailure(`invalid hash length: expected 20 bytes but got ${bytes.length}`);
  if (chainId !== chain.id) throw new RpcFailure(`expected chainID to be "${chain.id}" but was "${chainId}"`);
  return bytes;
}
