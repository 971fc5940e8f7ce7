/**
 * The search box's classifier: what a string may be, from its shape alone.
 */
import { describe, expect, it } from 'vitest';
import { cb58Encode, formatBech32Address, formatNodeId } from '../../src/base/ids.js';
import { classify, MAX_SEARCH_LENGTH, namePrefixOf } from '../../src/domain/search.js';

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const id = cb58Encode(bytes(32, 7));
const address = formatBech32Address('avax', bytes(20, 3));

describe('classify', () => {
  it.each([
    [`0x${'aB'.repeat(20)}`, [{ kind: 'evm-address', address: `0x${'ab'.repeat(20)}` }]],
    [`0x${'Cd'.repeat(32)}`, [{ kind: 'hash', hash: `0x${'cd'.repeat(32)}` }]],
    ['cd'.repeat(32), [{ kind: 'hash', hash: `0x${'cd'.repeat(32)}` }]],
    [id, [{ kind: 'id', id }]],
    ['11111111111111111111111111111111LpoYY', [{ kind: 'id', id: '11111111111111111111111111111111LpoYY' }]],
    [formatNodeId(bytes(20, 9)), [{ kind: 'node-id', nodeId: formatNodeId(bytes(20, 9)) }]],
    [address, [{ kind: 'address', network: 'mainnet', chain: undefined, address }]],
    [`X-${address}`, [{ kind: 'address', network: 'mainnet', chain: 'X', address }]],
    [
      `P-${formatBech32Address('fuji', bytes(20, 3))}`,
      [{ kind: 'address', network: 'fuji', chain: 'P', address: formatBech32Address('fuji', bytes(20, 3)) }],
    ],
    ['43114', [{ kind: 'number', value: 43114n }]],
    ['0', [{ kind: 'number', value: 0n }]],
    ['Dexalot', [{ kind: 'name', prefix: 'dexalot' }]],
    ['beam l1', [{ kind: 'name', prefix: 'beam l1' }]],
  ])('%s', (text, shapes) => {
    expect(classify(text)).toEqual(shapes);
  });

  it.each([
    ['', 'empty'],
    ['a', 'one letter'],
    ['0x12', 'short hex'],
    [`0x${'ab'.repeat(21)}`, 'hex of neither 20 nor 32 bytes'],
    [`${id.slice(0, -1)}${id.endsWith('z') ? 'y' : 'z'}`, 'a cb58 id with a wrong checksum'],
    ['NodeID-abc', 'a node id that is not cb58 of 20 bytes'],
    [`${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`, 'a bech32 address with a wrong checksum'],
    [formatBech32Address('custom', bytes(20, 3)), 'a bech32 address of no network the gateway serves'],
    ['18446744073709551616', 'a number past uint64'],
    ['007', 'a number with leading zeros'],
    ['<script>', 'punctuation'],
    ['hello world!', 'punctuation in a name'],
    ['a'.repeat(65), 'a name longer than any the registry holds'],
  ])('%j has no shape (%s)', (text) => {
    expect(classify(text)).toEqual([]);
  });

  it('decides any string up to the bound quickly, whatever it holds', () => {
    const started = performance.now();
    for (const c of ['1', 'z', '0', 'x', ' ', '-', '\u0000']) classify(c.repeat(MAX_SEARCH_LENGTH));
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('namePrefixOf', () => {
  it('ignores case and runs of spaces', () => {
    expect(namePrefixOf('Beam  L1', 'beam l')).toBe(true);
    expect(namePrefixOf('Beam', 'dfk')).toBe(false);
  });
});
