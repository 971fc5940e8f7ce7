/**
 * The example explorer's parts that need no browser: every error code of the gateway has words
 * in it, and amounts are written exactly from the gateway's decimal strings.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_WORDS, explain } from '../../examples/web/src/errors.js';
import { formatUnits } from '../../examples/web/src/format.js';
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
