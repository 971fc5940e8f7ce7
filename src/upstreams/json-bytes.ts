/**
 * JSON.parse of an answer as it arrived, in bytes, without decoding a large one into one string.
 *
 * Why: V8 keeps a string of 128 KiB or more in its large-object space, on pages mapped for that
 * string alone and unmapped when it dies, so every large answer was decoded into memory the
 * process had never touched. On the VMs the gateway is measured on, a page touched for the first
 * time costs 10 to 20 µs. Decoding and parsing the sandbox's 553 KB subnet listing took 3.5 to
 * 4.0 ms (155 to 188 page faults a call) in a loop, and 3.4 to 8.2 ms inside the gateway, from
 * the last byte of the answer to its value, on the critical path of the nested benchmark query
 * (its subnets' calls wait for it).
 *
 * A large answer's big arrays (the outermost ones, wherever they are: a Data API page is
 * `{ nextPageToken, <items>: [...] }`) are cut into runs of elements by a scan for the commas at
 * their depth outside strings. Each run is decoded and parsed on its own, small enough for the
 * young generation, whose pages are reused; what is left around them (the page token, small
 * members) is parsed with a placeholder where each array was, and the arrays are put in. The
 * same listing, in a loop, interleaved: 2.6 to 3.0 ms and no page fault, against 3.3 to 3.9 ms
 * for JSON.parse of its text.
 *
 * The answer is exactly JSON.parse's: each run of elements, and what surrounds the arrays, goes
 * through JSON.parse, and a document whose parts all parse is valid as a whole. Anything the scan does
 * not expect (a string left open, brackets that do not pair) or a part that does not parse sends
 * the whole text to JSON.parse, which then gives its own answer or its own error. No library
 * parses JSON from bytes at JSON.parse's speed: the streaming parsers are JavaScript tokenizers,
 * several times slower than the decoding they would save.
 *
 * **Deferred members.** A caller can name members (`Deferral`) whose object values, inside the
 * cut arrays, are left as bytes: the Data API's `genesisData`, 437 KB of the 553 KB of the
 * sandbox's hundred subnets, which most queries never read. Each is replaced by a placeholder
 * string before its run is parsed, and reported (`Deferred`) with where it belongs, for the
 * caller to parse when it is read (src/upstreams/transport.ts, after the answer's check). The
 * value is then JSON.parse's of the document without those members; a deferred member that is
 * not JSON fails where it is parsed, not here. A member whose value does not end with the brace
 * that closes it sends the whole text to JSON.parse, as any other surprise of the scan does.
 */
import { randomBytes } from 'node:crypto';

/** Answers below this are decoded whole: their string is an ordinary heap object. */
export const LARGE_ANSWER_BYTES = 128 * 1024;
/** Arrays smaller than this stay in the part parsed whole: cutting them saves nothing. */
const CUT_ARRAY_BYTES = 1024;
/**
 * Elements are parsed in runs of about this many bytes, as one small array each: one JSON.parse
 * call per element would cost more than the decoding it saves when the elements are tiny (an
 * answer of a million numbers).
 */
const RUN_BYTES = 32 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** What stands for a cut array in the part parsed whole: no upstream sends it by chance. */
const PLACEHOLDER = `\u0000cut ${randomBytes(12).toString('hex')} `;
/** What stands for a deferred member in its run, followed by its index. */
const DEFERRED = `\u0000deferred ${randomBytes(12).toString('hex')} `;
/** DEFERRED as the start of a JSON string, to which a member's index and a quote are added. */
const DEFERRED_TEXT = JSON.stringify(DEFERRED).slice(0, -1);

const COLON = 0x3a;
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The index of the byte after the whitespace at `at`. */
function skipSpace(bytes: Buffer, at: number): number {
  while (isSpace(bytes[at])) at++;
  return at;
}

/** A member `parseJsonBytes` left unparsed: its object value is `bytes` from `from` to `to`. */
export interface Deferred {
  holder: Record<string, unknown>;
  key: string;
  bytes: Buffer;
  from: number;
  to: number;
}

/** The members to leave as bytes in a large answer's arrays, and where to report those left. */
export interface Deferral {
  keys: readonly string[];
  found: Deferred[];
}

/**
 * The JSON value of `bytes` (UTF-8, a byte order mark allowed), as JSON.parse of its text gives
 * it; with `defer`, the deferred members of a large answer hold placeholders, listed in `defer.found`.
 */
export function parseJsonBytes(bytes: Buffer, defer?: Deferral): unknown {
  const from = bomLength(bytes);
  if (bytes.length - from >= LARGE_ANSWER_BYTES) {
    try {
      const value = parseInParts(bytes, from, defer);
      if (value !== undefined) return value;
    } catch {
      // A part that does not parse: JSON.parse of the whole says what is wrong with it.
    }
    if (defer) defer.found.length = 0;
  }
  return JSON.parse(bytes.toString('utf8', from));
}

/** The text of `bytes` as the answer's text: UTF-8, without a byte order mark. */
export function answerText(bytes: Buffer): string {
  return bytes.toString('utf8', bomLength(bytes));
}

/** 3 when `bytes` begin with a UTF-8 byte order mark, which is not part of the text. */
function bomLength(bytes: Buffer): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** An array being cut: the offsets of its brackets and of the commas that end its runs of elements. */
interface Cut {
  open: number;
  close: number;
  /** The depth of its elements. */
  level: number;
  ends: number[];
  /** Where the run being scanned began. */
  runFrom: number;
  /** How many deferred members' offsets were recorded before it. */
  spansBefore: number;
}

/** The index of the quote that closes the string opened at `open`; -1 when none does. */
function closingQuote(bytes: Buffer, open: number): number {
  let at = open;
  for (;;) {
    at = bytes.indexOf(QUOTE, at + 1);
    if (at === -1) return -1;
    // Escaped when an odd number of backslashes precede it; the opening quote bounds the run.
    let before = at - 1;
    while (bytes[before] === BACKSLASH) before--;
    if ((at - 1 - before) % 2 === 0) return at;
  }
}

/**
 * The value of the JSON text in `bytes` from `from`, its big arrays parsed in runs of elements;
 * undefined (never a JSON value) when it has none to cut or the scan meets what it does not
 * expect. Throws what JSON.parse throws for a part.
 *
 * The arrays cut are the outermost ones, at whatever depth (`{ "data": { "items": [...] } }`
 * as well as a page's `items`): the arrays within them are parsed with their runs.
 */
export function parseInParts(bytes: Buffer, from = 0, defer?: Deferral): unknown {
  const scanned = scan(
    bytes,
    from,
    defer?.keys.map((key) => Buffer.from(key)),
  );
  if (!scanned) return undefined;
  const { cuts, spans } = scanned;
  // The answer without the cut arrays' elements, a placeholder in each.
  let rest = '';
  let after = from;
  for (let i = 0; i < cuts.length; i++) {
    const cut = cuts[i]!;
    rest += bytes.toString('utf8', after, cut.open + 1) + JSON.stringify(PLACEHOLDER + i);
    after = cut.close;
  }
  const value = JSON.parse(rest + bytes.toString('utf8', after)) as unknown;
  // Every element is parsed, those of an array a later duplicate key replaced too, as JSON.parse would.
  const cursor = { span: 0 };
  const arrays = cuts.map((cut) => elementsOf(bytes, cut, spans, cursor));
  const cutOf = (holder: unknown): unknown[] | undefined =>
    Array.isArray(holder) && holder.length === 1 && typeof holder[0] === 'string' && holder[0].startsWith(PLACEHOLDER)
      ? arrays[Number(holder[0].slice(PLACEHOLDER.length))]
      : undefined;
  if (spans.length > 0) placeDeferred(arrays, bytes, spans, defer!);
  const top = cutOf(value);
  if (top) return top;
  // A cut array has no array around it: its placeholder is the value of an object's member. The
  // objects are walked with a stack of their own, as deep as JSON.parse went.
  const objects = [value];
  for (let object = objects.pop(); object !== undefined; object = objects.pop()) {
    if (object === null || typeof object !== 'object' || Array.isArray(object)) continue;
    for (const key of Object.keys(object)) {
      const member = (object as Record<string, unknown>)[key];
      const array = cutOf(member);
      // Defined, not assigned, as JSON.parse makes its members: a `__proto__` member stays an own property.
      if (array) Object.defineProperty(object, key, { value: array, writable: true, enumerable: true, configurable: true });
      else objects.push(member);
    }
  }
  return value;
}

/**
 * The arrays of `bytes` to cut, their runs of elements, and the offsets of the members named by
 * `keys` within them (a pair each: the member's opening brace, and the byte after its closing
 * one); undefined when there is nothing to cut or the scan meets what it does not expect.
 */
function scan(bytes: Buffer, from: number, keys: readonly Buffer[] | undefined): { cuts: Cut[]; spans: number[] } | undefined {
  const cuts: Cut[] = [];
  let current: Cut | undefined;
  let depth = 0;
  const spans: number[] = [];
  /** The depth of the deferred member being scanned, -1 outside one. */
  let deferredAt = -1;
  for (let at = from; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte === QUOTE) {
      const open = at;
      at = closingQuote(bytes, at);
      if (at === -1) return undefined;
      if (keys && current && deferredAt === -1 && keyAt(bytes, open, at, keys)) {
        const colon = skipSpace(bytes, at + 1);
        const value = bytes[colon] === COLON ? skipSpace(bytes, colon + 1) : -1;
        if (value !== -1 && bytes[value] === OPEN_BRACE) {
          spans.push(value);
          deferredAt = depth;
        }
      }
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
      if (byte === OPEN_BRACKET && !current)
        current = { open: at, close: -1, level: depth, ends: [], runFrom: at, spansBefore: spans.length };
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (current && depth === current.level) {
        if (byte !== CLOSE_BRACKET) return undefined;
        current.close = at;
        if (at - current.open > CUT_ARRAY_BYTES) cuts.push(current);
        // Parsed whole with what surrounds it: its members are not deferred.
        else spans.length = current.spansBefore;
        current = undefined;
      }
      depth--;
      if (depth < 0) return undefined;
      if (depth === deferredAt) {
        // Closed by another bracket than the brace that opened it: not JSON, JSON.parse says why.
        if (byte !== CLOSE_BRACE) return undefined;
        spans.push(at + 1);
        deferredAt = -1;
      }
    } else if (byte === COMMA && current && depth === current.level && at - current.runFrom >= RUN_BYTES) {
      current.ends.push(at);
      current.runFrom = at;
    }
  }
  return depth !== 0 || cuts.length === 0 ? undefined : { cuts, spans };
}

/**
 * The elements of a cut array, parsed run by run, each deferred member in them (from
 * `cursor.span` on) a placeholder. A run between two commas must hold an element: `[1,,2]` is
 * not JSON, though `[]` is.
 */
function elementsOf(bytes: Buffer, cut: Cut, spans: readonly number[], cursor: { span: number }): unknown[] {
  const runs: unknown[][] = [];
  let start = cut.open + 1;
  for (let i = 0; i <= cut.ends.length; i++) {
    const end = i < cut.ends.length ? cut.ends[i]! : cut.close;
    let text = '[';
    let at = start;
    // A deferred member lies within one run: a run ends at a comma between elements.
    for (; cursor.span < spans.length && spans[cursor.span]! < end; cursor.span += 2) {
      text += `${bytes.toString('utf8', at, spans[cursor.span])}${DEFERRED_TEXT}${cursor.span / 2}"`;
      at = spans[cursor.span + 1]!;
    }
    const run = JSON.parse(`${text}${bytes.toString('utf8', at, end)}]`) as unknown[];
    if (run.length === 0 && cut.ends.length > 0) throw new SyntaxError('an empty run of elements');
    runs.push(run);
    start = end + 1;
  }
  return runs.length === 1 ? runs[0]! : ([] as unknown[]).concat(...runs);
}

/**
 * Whether the string from the quote at `open` to the one at `close` is one of `keys`, byte for
 * byte. Asked of every string of the cut arrays: compared here rather than by Buffer#compare,
 * whose call into C++ cost more than the few bytes a key has.
 */
function keyAt(bytes: Buffer, open: number, close: number, keys: readonly Buffer[]): boolean {
  const length = close - open - 1;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (key.length !== length) continue;
    let i = 0;
    while (i < length && bytes[open + 1 + i] === key[i]) i++;
    if (i === length) return true;
  }
  return false;
}

/**
 * Finds the placeholders of the deferred members in the parsed elements and reports each, with
 * the object holding it (the last of duplicate keys wins there, as in JSON.parse).
 */
function placeDeferred(arrays: unknown[][], bytes: Buffer, spans: number[], defer: Deferral): void {
  const stack: unknown[] = [...arrays];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (const element of item) if (element !== null && typeof element === 'object') stack.push(element);
      continue;
    }
    const holder = item as Record<string, unknown>;
    for (const key of Object.keys(holder)) {
      const member = holder[key];
      if (typeof member === 'string') {
        if (member.startsWith(DEFERRED)) {
          const index = 2 * Number(member.slice(DEFERRED.length));
          defer.found.push({ holder, key, bytes, from: spans[index]!, to: spans[index + 1]! });
        }
      } else if (member !== null && typeof member === 'object') stack.push(member);
    }
  }
}
