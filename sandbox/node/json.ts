/**
 * JSON the way the node's Go code reads and writes it. The node's answers depend on details
 * JSON.parse hides: a request body is read as one value (what follows it is ignored), syntax
 * errors have encoding/json's wording, object keys match struct fields case-insensitively, ids
 * are echoed as their raw text, and numbers must keep their digits (uint64 fields and amounts
 * go past 2^53). Written JSON escapes <, > and & as Go's encoder does.
 */

/** A number as written in the request: Go decides per field whether its text fits. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** An object with its keys in order, duplicates kept (Go assigns them in turn, the last wins). */
export class JsonObject {
  /** `raws[i]` is the source text of `entries[i]`'s value. */
  constructor(
    readonly entries: [string, JsonValue][],
    readonly raws: string[] = [],
  ) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | JsonObject;

/** A parsed value with the source text it came from, for echoing ids and params verbatim. */
export interface Parsed {
  value: JsonValue;
  raw: string;
}

/** A syntax error or a premature end, with encoding/json's message. */
export class JsonSyntaxError extends Error {}

const WS = new Set([' ', '\t', '\n', '\r']);

/** Go's quoteChar: how encoding/json names a byte in a syntax error. */
function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  const escapes: Record<string, string> = {
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\b': '\\b',
    '\f': '\\f',
    '\x07': '\\a',
    '\v': '\\v',
    '\\': '\\\\',
  };
  if (escapes[c]) return `'${escapes[c]}'`;
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, '0')}'`;
  return `'${c}'`;
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  fail(context: string): never {
    if (this.at >= this.text.length) throw new JsonSyntaxError('unexpected EOF');
    throw new JsonSyntaxError(`invalid character ${quoteChar(this.text[this.at]!)} ${context}`);
  }

  skip() {
    while (this.at < this.text.length && WS.has(this.text[this.at]!)) this.at++;
  }

  value(): JsonValue {
    this.skip();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (c === word[0]) {
        for (let i = 1; i < word.length; i++) {
          this.at++;
          if (this.text[this.at] !== word[i]) this.fail(`in literal ${word} (expecting ${quoteChar(word[i]!)})`);
        }
        this.at++;
        return value;
      }
    }
    return this.fail('looking for beginning of value');
  }

  object(): JsonObject {
    this.at++;
    const entries: [string, JsonValue][] = [];
    const raws: string[] = [];
    this.skip();
    if (this.text[this.at] === '}') {
      this.at++;
      return new JsonObject(entries, raws);
    }
    for (;;) {
      this.skip();
      if (this.text[this.at] !== '"') this.fail('looking for beginning of object key string');
      const key = this.string();
      this.skip();
      if (this.text[this.at] !== ':') this.fail('after object key');
      this.at++;
      this.skip();
      const start = this.at;
      entries.push([key, this.value()]);
      raws.push(this.text.slice(start, this.at));
      this.skip();
      const c = this.text[this.at];
      if (c === ',') {
        this.at++;
        continue;
      }
      if (c === '}') {
        this.at++;
        return new JsonObject(entries, raws);
      }
      this.fail('after object key:value pair');
    }
  }

  array(): JsonValue[] {
    this.at++;
    const items: JsonValue[] = [];
    this.skip();
    if (this.text[this.at] === ']') {
      this.at++;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.skip();
      const c = this.text[this.at];
      if (c === ',') {
        this.at++;
        continue;
      }
      if (c === ']') {
        this.at++;
        return items;
      }
      this.fail('after array element');
    }
  }

  string(): string {
    this.at++;
    let out = '';
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) this.fail('');
      if (c === '"') {
        this.at++;
        return out;
      }
      if (c < ' ') this.fail('in string literal');
      if (c === '\\') {
        this.at++;
        const e = this.text[this.at];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && simple[e] !== undefined) {
          out += simple[e];
          this.at++;
        } else if (e === 'u') {
          const hex = this.text.slice(this.at + 1, this.at + 5);
          for (let i = 0; i < 4; i++) {
            this.at++;
            if (!/[0-9a-fA-F]/.test(this.text[this.at] ?? '')) this.fail('in \\u hexadecimal character escape');
          }
          out += String.fromCharCode(Number.parseInt(hex, 16));
          this.at++;
        } else {
          this.fail('in string escape code');
        }
        continue;
      }
      out += c;
      this.at++;
    }
  }

  number(): JsonNumber {
    const start = this.at;
    const digit = () => {
      const c = this.text[this.at];
      return c !== undefined && c >= '0' && c <= '9';
    };
    if (this.text[this.at] === '-') {
      this.at++;
      if (!digit()) this.fail('in numeric literal');
    }
    if (this.text[this.at] === '0') this.at++;
    else while (digit()) this.at++;
    if (this.text[this.at] === '.') {
      this.at++;
      if (!digit()) this.fail('after decimal point in numeric literal');
      while (digit()) this.at++;
    }
    if (this.text[this.at] === 'e' || this.text[this.at] === 'E') {
      this.at++;
      if (this.text[this.at] === '+' || this.text[this.at] === '-') this.at++;
      if (!digit()) this.fail('in exponent of numeric literal');
      while (digit()) this.at++;
    }
    return new JsonNumber(this.text.slice(start, this.at));
  }
}

/**
 * Reads the first JSON value of `text` as a json.Decoder does: "EOF" for an empty body,
 * "unexpected EOF" for a truncated one, and whatever follows the value is not looked at.
 */
export function decodeFirst(text: string): Parsed {
  const reader = new Reader(text);
  reader.skip();
  if (reader.at >= text.length) throw new JsonSyntaxError('EOF');
  const start = reader.at;
  const value = reader.value();
  return { value, raw: text.slice(start, reader.at) };
}

/** The member Go assigns to a struct field: exact or case-insensitive key match, the last one wins. */
export function member(object: JsonObject, name: string): { value: JsonValue; raw: string } | undefined {
  let found: { value: JsonValue; raw: string } | undefined;
  const lower = name.toLowerCase();
  object.entries.forEach(([key, value], i) => {
    if (key === name || key.toLowerCase() === lower) found = { value, raw: object.raws[i] ?? '' };
  });
  return found;
}

export function field(object: JsonObject, name: string): JsonValue | undefined {
  return member(object, name)?.value;
}

/** The kind of a JSON value as encoding/json names it in type errors. */
export function jsonKind(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'string';
  if (value instanceof JsonNumber) return 'number';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

/** Raw JSON text as json.Compact leaves it (whitespace outside strings dropped), HTML-escaped like any written JSON. */
export function compact(raw: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += raw[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!WS.has(c)) {
      out += c;
    }
  }
  return escapeHtml(out);
}

function escapeHtml(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Already-encoded JSON, written as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

function write(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot encode ${value} as JSON`);
    return String(value);
  }
  if (typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonNumber) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== undefined) parts.push(`${JSON.stringify(k)}:${write(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * Encodes like Go's json.Encoder: bigints as their digits, undefined members left out, keys in
 * the order given, <, > and & escaped. No trailing newline: callers add the Encoder's.
 */
export function goJson(value: unknown): string {
  return escapeHtml(write(value));
}

/** Go's %q for a string: a double-quoted Go literal. */
export function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += c;
  }
  return `${out}"`;
}
