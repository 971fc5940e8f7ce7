/**
 * The example explorer's parts that need no browser: every error code of the gateway has words
 * in it, amounts are written exactly from the gateway's decimal strings, and every page's link
 * leads back to it.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_WORDS, explain } from '../../examples/web/src/errors.js';
import { formatUnits } from '../../examples/web/src/format.js';
import { href, parseRoute, type Route } from '../../examples/web/src/router.js';
import { ErrorCode } from '../../src/graphql/errors.js';

describe('examples/web/src/errors.ts', () => {
  it('has words for every code the gateway gives', () => {
    const missing = Object.values(ErrorCode).filter((code) => !ERROR_WORDS[code]);
    expect(missing).toEqual([]);
  });

  it('names the upstream that failed and when to try again', () => {
    const explained = explain({
      message: 'rate limited',
      extensions: { code: 'UPSTREAM_RATE_LIMITED', upstream: { service: 'data-api' }, retryAfter: 12 },
    });
    expect(explained).toEqual({
      words: 'The Avalanche Data API is getting too many requests right now. Try again in 12 seconds.',
      retry: true,
      code: 'UPSTREAM_RATE_LIMITED',
    });
  });

  it('still says something for a code it does not know', () => {
    expect(explain({ message: 'new', extensions: { code: 'SOMETHING_NEW' } })).toMatchObject({ retry: true, code: 'SOMETHING_NEW' });
  });
});

describe('examples/web/src/format.ts', () => {
  it.each([
    ['520748000000000', 9, '520,748'],
    ['2400000000', 9, '2.4'],
    ['36628333332', 9, '36.628333332'],
    ['1', 18, '0.000000000000000001'],
    ['0', 9, '0'],
    ['-1500', 3, '-1.5'],
    // Wider than a double: every digit stays.
    ['123456789012345678901234567890', 18, '123,456,789,012.34567890123456789'],
  ])('formatUnits(%s, %i) is %s', (amount, denomination, expected) => {
    expect(formatUnits(amount, denomination)).toBe(expected);
  });
});

describe('examples/web/src/router.ts', () => {
  const routes: Exclude<Route, { page: 'not-found' }>[] = [
    { page: 'block', network: 'mainnet', chain: 'P_CHAIN', blockHash: 'SMSBFU2baMtxun6FG5LF2gB3BzweRdqc2NSB2QK9cZhG91F2P' },
    { page: 'asset', network: 'fuji', assetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK' },
    { page: 'validator', network: 'mainnet', nodeId: 'NodeID-NzrX3YRaCqYHoet3ebGN5qEUsyRhucyKb' },
    { page: 'icm-message', network: 'mainnet', messageId: `0x${'f4'.repeat(32)}` },
    { page: 'evm-chain', network: 'mainnet', evmChainId: 394242 },
    { page: 'evm-address', network: 'mainnet', evmChainId: 43114, address: '0x4e464f1640da841c6cb0369b05019b9a4d6791fe' },
    { page: 'evm-transaction', network: 'fuji', evmChainId: 43113, txHash: `0x${'3c'.repeat(32)}` },
    { page: 'evm-block', network: 'mainnet', evmChainId: 43114, blockHash: `0x${'fa'.repeat(32)}` },
  ];

  it.each(routes.map((route) => [route.page, route] as const))('a %s page is found again from its link', (_, route) => {
    expect(parseRoute(href(route))).toEqual(route);
  });

  it.each([
    '#/mainnet/block/c/abc',
    '#/mainnet/validator/avax1abc',
    '#/mainnet/evm/0',
    '#/mainnet/evm/43114/address/0x12',
    '#/mainnet/evm/43114/receipt/0x12',
    '#/mainnet/evm/43114/tx',
  ])('%s is no page', (hash) => {
    expect(parseRoute(hash).page).toBe('not-found');
  });
});
