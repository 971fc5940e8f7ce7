/**
 * An answer's bytes to its JSON value (src/upstreams/json-bytes.ts): JSON.parse of its UTF-8 text,
 * a byte order mark dropped, whatever the answer's size; JSON.parse's error for what is not JSON.
 */
import { describe, expect, it } from 'vitest';
import { answerText, parseJsonBytes } from '../../src/upstreams/json-bytes.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A page as the Data API sends one, of about `bytes` bytes, with text outside ASCII in it. */
function page(bytes: number): string {
  const items = Array.from({ length: Math.ceil(bytes / 120) }, (_, i) => ({
    id: `item-${i}`,
    name: `é€𝄞 ${i} "quoted" \\ [brackets], {braces}`,
    genesisData: { config: { chainId: i }, alloc: { [`0x${i.toString(16)}`]: { balance: '0x1' } } },
  }));
  return JSON.stringify({ nextPageToken: 'next', items });
}

describe('parseJsonBytes', () => {
  it('gives JSON.parse’s value for small and large answers, with or without a byte order mark', () => {
    for (const text of ['{"a":1}', '[]', '"é€𝄞"', page(200 * 1024), page(1024 * 1024)]) {
      expect(parseJsonBytes(Buffer.from(text))).toEqual(JSON.parse(text));
      expect(parseJsonBytes(Buffer.concat([BOM, Buffer.from(text)]))).toEqual(JSON.parse(text));
      expect(answerText(Buffer.concat([BOM, Buffer.from(text)]))).toBe(text);
    }
  });

  it('keeps a `__proto__` member as an own property, and the last of a repeated key, as JSON.parse does', () => {
    const value = parseJsonBytes(Buffer.from('{"__proto__":[1],"a":1,"a":2}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual([1]);
    expect(value.a).toBe(2);
  });

  it('throws JSON.parse’s error for what is not JSON, large or small, a byte order mark alone included', () => {
    const large = page(200 * 1024);
    for (const text of ['', '{"a":', large.slice(0, -1), `${large},`, '\u00ff']) {
      const expected = (() => {
        try {
          JSON.parse(text);
        } catch (error) {
          return (error as Error).message;
        }
        throw new Error(`${text.slice(0, 20)} parses`);
      })();
      expect(() => parseJsonBytes(Buffer.from(text))).toThrow(expected);
      expect(() => parseJsonBytes(Buffer.concat([BOM, Buffer.from(text)]))).toThrow(expected);
    }
  });
});
