/**
 * Large answers parsed in parts (src/upstreams/json-bytes.ts) against JSON.parse of their text:
 * generated documents in every shape the scan must read (strings full of brackets, commas,
 * quotes and backslashes, multi-byte and escaped characters, nesting, duplicate keys,
 * `__proto__`, whitespace anywhere), and the same documents broken byte by byte. The value, or
 * the error, must be JSON.parse's every time, and the documents built to be cut must be cut.
 * With deferred members, the same once each member left as bytes is parsed in its place.
 */
import { isDeepStrictEqual } from 'node:util';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { type Deferral, LARGE_ANSWER_BYTES, parseInParts, parseJsonBytes } from '../../src/upstreams/json-bytes.js';
import { Rng } from '../fuzz/random.js';

const STRING_PIECES = [
  'a',
  'Z',
  ' ',
  ',',
  '[',
  ']',
  '{',
  '}',
  ':',
  '\\',
  '"',
  '\\"',
  '\n',
  'é',
  '€',
  '𝄞',
  '\u0000',
  '\u2028',
  '\ud800',
  'NodeID-',
  '0x',
];
const WHITESPACE = ['', '', '', ' ', '\n', '\t', '\r\n  '];

function randomString(rng: Rng): string {
  let text = '';
  const n = rng.int(0, 12);
  for (let i = 0; i < n; i++) text += rng.pick(STRING_PIECES);
  return text;
}

function randomValue(rng: Rng, depth: number): unknown {
  const kind = rng.weighted<string>([
    [3, 'string'],
    [2, 'number'],
    [1, 'literal'],
    [depth > 0 ? 2 : 0, 'object'],
    [depth > 0 ? 2 : 0, 'array'],
  ]);
  if (kind === 'string') return randomString(rng);
  if (kind === 'number') return rng.pick([0, -0, 1, -17, 3.25, 1e21, 2 ** 53 + 2, -1.5e-7, rng.int(-1e9, 1e9)]);
  if (kind === 'literal') return rng.pick([true, false, null]);
  if (kind === 'array') return Array.from({ length: rng.int(0, 4) }, () => randomValue(rng, depth - 1));
  const object: Record<string, unknown> = {};
  for (let i = rng.int(0, 4); i > 0; i--) object[rng.chance(0.15) ? DEFERRED_KEY : randomKey(rng)] = randomValue(rng, depth - 1);
  return object;
}

/**
 * A member's name: a random string without a backslash in it, so that no generated document sets
 * V8's trap (`fresh`), for a later name of its own or, in this realm, of the documents after it.
 * Names with escapes (quotes, controls, lone surrogates) stay, and so do backslashes in string
 * values: neither sets it.
 */
function randomKey(rng: Rng): string {
  return randomString(rng).replaceAll('\\', '/');
}

/**
 * `parse` run with the JSON of a realm that has parsed nothing (its values are compared by `sameJson`).
 * Why: V8's JSON.parse (Node 24.21, the tests' runtime and the gateway's; Node 26 as well:
 * nodejs/node#63785) misreads a member name written with an escape once a name holding a
 * backslash was parsed at the same place in an object's shape, by any earlier call in the realm:
 * it compares the escaped name's raw text with the names seen there, so after
 * `JSON.parse('{"\\\\":1}')`, `JSON.parse('{"\\n":1}')` has the key "\\". The reference and the
 * parser under test both go through JSON.parse, and a broken document can name a backslash: in
 * one realm, what each gives would depend on the documents parsed before. Generated documents,
 * unbroken, never do (`randomKey`) and are parsed in this realm.
 */
function fresh<T>(parse: () => T): T {
  const own = globalThis.JSON;
  globalThis.JSON = runInNewContext('JSON') as JSON;
  try {
    return parse();
  } finally {
    globalThis.JSON = own;
  }
}

/** Whether JSON values `a` and `b` are the same, as isDeepStrictEqual would say if their realms' prototypes were one. */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  const plain = (value: object) => {
    const prototype = Object.getPrototypeOf(value) as object | null;
    return prototype !== null && Object.getPrototypeOf(prototype) === null;
  };
  const keys = Object.keys(a);
  const record = (value: object) => value as Record<string, unknown>;
  return plain(a) && plain(b) && isDeepStrictEqual(keys, Object.keys(b)) && keys.every((key) => sameJson(record(a)[key], record(b)[key]));
}

/** The member the deferral tests leave as bytes; also spelled with an escape, which must not be deferred. */
const DEFERRED_KEY = 'genesisData';

/** JSON text of `value` with random whitespace between its tokens. */
function write(rng: Rng, value: unknown): string {
  const ws = () => rng.pick(WHITESPACE);
  const keyText = (key: string) => (key === DEFERRED_KEY && rng.chance(0.2) ? '"genesis\\u0044ata"' : JSON.stringify(key));
  if (Array.isArray(value)) return `[${ws()}${value.map((item) => `${write(rng, item)}${ws()}`).join(`,${ws()}`)}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => `${keyText(key)}${ws()}:${ws()}${write(rng, item)}`);
    return `{${ws()}${members.join(`${ws()},${ws()}`)}${ws()}}`;
  }
  return JSON.stringify(value);
}

/** A large document: a page as the Data API sends one, or a top-level array, or members written as raw text (duplicates, `__proto__`). */
function largeDocument(rng: Rng): string {
  const items = () => {
    const list: unknown[] = [];
    let size = 0;
    const target = rng.int(LARGE_ANSWER_BYTES / 2, LARGE_ANSWER_BYTES * 1.5);
    while (size < target) {
      const item = randomValue(rng, 4);
      list.push(item);
      size += JSON.stringify(item).length + 1;
    }
    return write(rng, list);
  };
  const shape = rng.pick(['page', 'array', 'members', 'nested']);
  if (shape === 'array') return `${rng.pick(WHITESPACE)}${items()}${rng.pick(WHITESPACE)}`;
  if (shape === 'page') return `{"nextPageToken":${JSON.stringify(randomString(rng))},"items":${items()},"small":[1,2,3]}`;
  if (shape === 'nested') return `{"data":{"meta":${write(rng, randomValue(rng, 2))},"inner":{"items":${items()}}},"next":[{"x":1}]}`;
  const members: string[] = [];
  for (let i = rng.int(1, 4); i > 0; i--) {
    const key = rng.pick(['list', 'list', '__proto__', 'other', '', DEFERRED_KEY]);
    members.push(`${JSON.stringify(key)}:${rng.chance(0.6) ? items() : write(rng, randomValue(rng, 2))}`);
  }
  return `{${members.join(',')}}`;
}

/** JSON.parse's value or error for `text`, and parseJsonBytes's for its bytes. */
function both(bytes: Buffer): { expected: { value?: unknown; error?: string }; actual: { value?: unknown; error?: string } } {
  const run = (parse: () => unknown) => {
    try {
      return { value: parse() };
    } catch (error) {
      return { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  };
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return { expected: run(() => fresh(() => JSON.parse(text))), actual: run(() => fresh(() => parseJsonBytes(bytes))) };
}

/** parseJsonBytes with `DEFERRED_KEY` deferred, each deferred member then parsed in its place; or its error. */
function deferring(bytes: Buffer): { value?: unknown; error?: string; found: number; memberErrors: number } {
  const deferral: Deferral = { keys: [DEFERRED_KEY], found: [] };
  let value: unknown;
  try {
    value = parseJsonBytes(bytes, deferral);
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}`, found: deferral.found.length, memberErrors: 0 };
  }
  let memberErrors = 0;
  for (const { holder, key, bytes: from, from: start, to } of deferral.found) {
    expect(from).toBe(bytes);
    expect(String(holder[key]).startsWith('\u0000deferred ')).toBe(true);
    try {
      holder[key] = JSON.parse(bytes.toString('utf8', start, to));
    } catch {
      memberErrors++;
    }
  }
  return { value, found: deferral.found.length, memberErrors };
}

describe('parseJsonBytes', () => {
  it('gives JSON.parse’s value for generated large documents, and cuts every one that has a big array', () => {
    const rng = new Rng('json-bytes');
    let cut = 0;
    for (let i = 0; i < 60; i++) {
      const text = largeDocument(rng);
      const bytes = Buffer.from(text);
      const expected = JSON.parse(text) as unknown;
      const inParts = parseInParts(bytes);
      if (inParts !== undefined) {
        cut++;
        expect(isDeepStrictEqual(inParts, expected), `document ${i}`).toBe(true);
      }
      expect(isDeepStrictEqual(parseJsonBytes(bytes), expected), `document ${i}`).toBe(true);
      // A document of more than LARGE_ANSWER_BYTES whose bulk is one array is always cut.
      if (bytes.length >= LARGE_ANSWER_BYTES && /^\s*\[|"items":\s*\[/.test(text)) expect(inParts, `document ${i}`).not.toBe(undefined);
    }
    expect(cut).toBeGreaterThan(30);
  });

  it('gives JSON.parse’s value or JSON.parse’s error for the same documents broken byte by byte', () => {
    const rng = new Rng('json-bytes-broken');
    const broken = ['', '"', '\\', ',', '[', ']', '{', '}', ':', ' ', '\u00ff', 'x'];
    let errors = 0;
    for (let i = 0; i < 40; i++) {
      const bytes = Buffer.from(largeDocument(rng));
      for (let j = 0; j < 5; j++) {
        const at = rng.int(0, bytes.length - 1);
        const mutated = rng.chance(0.2)
          ? bytes.subarray(0, at)
          : Buffer.concat([bytes.subarray(0, at), Buffer.from(rng.pick(broken)), bytes.subarray(at + rng.int(0, 2))]);
        const { expected, actual } = both(mutated);
        if (expected.error) errors++;
        expect(actual.error, `document ${i}, mutation ${j}`).toBe(expected.error);
        expect(sameJson(actual.value, expected.value), `document ${i}, mutation ${j}`).toBe(true);
      }
    }
    expect(errors).toBeGreaterThan(100);
  });

  it('keeps the value JSON.parse keeps for a repeated key, and a `__proto__` member as an own property', () => {
    const list = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: `item-${i}` })));
    expect((parseJsonBytes(Buffer.from(`{"a":${list},"a":1}`)) as { a: unknown }).a).toBe(1);
    expect((parseJsonBytes(Buffer.from(`{"a":1,"a":${list}}`)) as { a: unknown[] }).a).toHaveLength(20_000);
    const withProto = parseJsonBytes(Buffer.from(`{"__proto__":${list}}`)) as Record<string, unknown[]>;
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
    expect(Object.hasOwn(withProto, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(withProto, '__proto__')?.value).toHaveLength(20_000);
  });

  it('parses tiny elements in runs, not one call each: a large array of numbers costs a few dozen JSON.parse calls', () => {
    const numbers = Array.from({ length: 300_000 }, (_, i) => i % 7);
    const bytes = Buffer.from(JSON.stringify({ numbers }));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect((parseInParts(bytes) as { numbers: number[] }).numbers).toEqual(numbers);
      expect(parse.mock.calls.length).toBeLessThan(bytes.length / (16 * 1024));
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses what JSON.parse refuses where a run of elements ends: an empty element, a trailing comma', () => {
    const big = JSON.stringify('x'.repeat(50 * 1024));
    for (const text of [
      `[${big},,${big},${big}]`,
      `[${big}, ,${big},${big}]`,
      `{"a":[${big},${big},${big},]}`,
      `[${big},${big},${big},\n]`,
    ]) {
      expect(text.length).toBeGreaterThanOrEqual(LARGE_ANSWER_BYTES);
      const { expected, actual } = both(Buffer.from(text));
      expect(expected.error).toBeDefined();
      expect(actual.error).toBe(expected.error);
    }
  });

  it('drops a UTF-8 byte order mark, on a large answer as on a small one', () => {
    const large = JSON.stringify({ items: Array.from({ length: 40_000 }, (_, i) => i) });
    for (const text of [large, '{"a":1}']) {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
      expect(parseJsonBytes(bytes)).toEqual(JSON.parse(text));
    }
  });

  it('cuts a big array however deep it lies, and walks deep objects without recursion', () => {
    const list = Array.from({ length: 20_000 }, (_, i) => ({ id: `item-${i}` }));
    let text = JSON.stringify({ items: list });
    for (let i = 0; i < 50_000; i++) text = `{"d":${text}}`;
    const value = parseInParts(Buffer.from(text));
    expect(value).not.toBe(undefined);
    let inner = value as { d?: unknown; items?: unknown };
    for (let i = 0; i < 50_000; i++) inner = inner.d as typeof inner;
    expect(inner.items).toEqual(list);
  });

  it('leaves what it cannot cut to JSON.parse: a scalar, an object without a big array, an empty big array', () => {
    const padding = 'x'.repeat(LARGE_ANSWER_BYTES);
    for (const text of [JSON.stringify(padding), JSON.stringify({ a: padding })]) expect(parseInParts(Buffer.from(text))).toBe(undefined);
    for (const text of [JSON.stringify(padding), JSON.stringify({ a: padding }), `[${' '.repeat(LARGE_ANSWER_BYTES)}]`]) {
      expect(parseJsonBytes(Buffer.from(text))).toEqual(JSON.parse(text));
    }
  });

  it('with deferred members: JSON.parse’s value once each is parsed in its place, for generated documents', () => {
    const rng = new Rng('json-bytes-deferred');
    let found = 0;
    for (let i = 0; i < 60; i++) {
      const text = largeDocument(rng);
      const result = deferring(Buffer.from(text));
      expect(result.error, `document ${i}`).toBe(undefined);
      expect(result.memberErrors, `document ${i}`).toBe(0);
      expect(isDeepStrictEqual(result.value, JSON.parse(text)), `document ${i}`).toBe(true);
      found += result.found;
    }
    // Deferred where they lie in a cut array: most of the generated members.
    expect(found).toBeGreaterThan(1000);
  });

  it('with deferred members, broken documents: JSON.parse’s value, JSON.parse’s error, or a member that does not parse', () => {
    const rng = new Rng('json-bytes-deferred-broken');
    const broken = ['', '"', '\\', ',', '[', ']', '{', '}', ':', ' ', 'x'];
    const outcomes = { same: 0, sameError: 0, memberError: 0 };
    for (let i = 0; i < 40; i++) {
      const bytes = Buffer.from(largeDocument(rng));
      for (let j = 0; j < 5; j++) {
        // Broken inside a deferred member half of the time: after a `"genesisData":{`.
        const members = [...bytes.toString('latin1').matchAll(/"genesisData"\s*:\s*\{/g)];
        const at =
          members.length > 0 && rng.chance(0.5)
            ? rng.pick(members).index! + members[0]![0].length + rng.int(0, 20)
            : rng.int(0, bytes.length - 1);
        const mutated = Buffer.concat([bytes.subarray(0, at), Buffer.from(rng.pick(broken)), bytes.subarray(at + rng.int(0, 2))]);
        const { expected } = both(mutated);
        const actual = fresh(() => deferring(mutated));
        if (!expected.error) {
          expect(actual.error, `document ${i}, mutation ${j}`).toBe(undefined);
          expect(actual.memberErrors, `document ${i}, mutation ${j}`).toBe(0);
          expect(sameJson(actual.value, expected.value), `document ${i}, mutation ${j}`).toBe(true);
          outcomes.same++;
        } else if (actual.error) {
          expect(actual.error, `document ${i}, mutation ${j}`).toBe(expected.error);
          outcomes.sameError++;
        } else {
          // What JSON.parse refuses is confined to a member: reading it fails, the rest answers.
          expect(actual.memberErrors, `document ${i}, mutation ${j}`).toBeGreaterThan(0);
          outcomes.memberError++;
        }
      }
    }
    expect(outcomes.same).toBeGreaterThan(10);
    expect(outcomes.sameError).toBeGreaterThan(10);
    expect(outcomes.memberError).toBeGreaterThan(10);
  });

  it('defers only an object member in a cut array, closed by its own brace', () => {
    const filler = Array.from({ length: 10_000 }, (_, i) => ({ id: `item-${i}` }));
    const member = { config: { chainId: 1 }, alloc: { '0x01': { balance: '0x1' } } };
    const cases: [string, number][] = [
      // In a cut array's element, at any depth: deferred.
      [JSON.stringify({ items: [...filler, { genesisData: member }] }), 1],
      [JSON.stringify({ items: [...filler, { a: [{ b: { genesisData: member } }] }] }), 1],
      // A string, a number, null: parsed as they are.
      [JSON.stringify({ items: [...filler, { genesisData: '0xabc' }, { genesisData: 5 }, { genesisData: null }] }), 0],
      // Outside the cut arrays, or in a small array: parsed with what surrounds it.
      [JSON.stringify({ genesisData: member, items: filler }), 0],
      [JSON.stringify({ items: filler, small: [{ genesisData: member }] }), 0],
      // Within a deferred member, the same key is part of it.
      [JSON.stringify({ items: [...filler, { genesisData: { genesisData: member } }] }), 1],
      // The key as text, or escaped: not a member named so in the bytes.
      [`${JSON.stringify({ items: [...filler, { text: '"genesisData":{}' }] }).slice(0, -2)},{"genesis\\u0044ata":{"a":1}}]}`, 0],
    ];
    for (const [text, deferred] of cases) {
      const result = deferring(Buffer.from(text));
      expect(result.found, text.slice(-120)).toBe(deferred);
      expect(result.value).toEqual(JSON.parse(text));
    }
    // Opened by a brace and closed by a bracket: the whole text goes to JSON.parse, and its error.
    const crossed = `${JSON.stringify({ items: filler }).slice(0, -2)},{"genesisData":{"a":[1}]}]}`;
    expect(deferring(Buffer.from(crossed)).error).toBe(both(Buffer.from(crossed)).expected.error);
  });

  it('defers the last of a repeated member, as JSON.parse keeps the last', () => {
    const filler = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ id: `item-${i}` }))).slice(1, -1);
    const text = `{"items":[${filler},{"genesisData":{"first":1},"genesisData":{"last":2}},{"genesisData":{"first":1},"genesisData":3}]}`;
    const result = deferring(Buffer.from(text));
    expect(result.value).toEqual(JSON.parse(text));
    expect(result.found).toBe(1);
  });
});
