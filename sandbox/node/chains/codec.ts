/**
 * avalanchego's linear codec, for the sandbox node's transactions, blocks and vertices. Each
 * value is described once as a tree of typed fields; the tree gives both the codec bytes (what
 * `hex` encoding returns) and the JSON the node writes for `json` encoding, so the two always
 * say the same thing.
 */
import { cb58Decode } from '../../../src/base/ids.js';

export type CodecNode =
  /** An unsigned integer of 1, 4 or 8 bytes, a JSON number. */
  | { k: 'int'; size: 1 | 4 | 8; v: bigint }
  /** A 32-byte id, JSON as its cb58 form. */
  | { k: 'id'; v: string }
  /** Bytes of a fixed size (no length prefix), with their JSON form. */
  | { k: 'fixed'; v: Uint8Array; json: unknown }
  /** Bytes with a 4-byte length prefix, JSON as 0x hex. */
  | { k: 'bytes'; v: Uint8Array }
  /** A string with a 2-byte length prefix. */
  | { k: 'str'; v: string }
  /** A slice: a 4-byte count then the items. */
  | { k: 'list'; items: CodecNode[] }
  /** Fields in codec order; unnamed ones are embedded structs whose JSON fields are merged in. */
  | { k: 'struct'; fields: Field[]; json?: unknown }
  /** An interface value: its 4-byte type id, then the value. */
  | { k: 'iface'; typeId: number; v: CodecNode }
  /** A JSON-only member (e.g. a tx's `id`), absent from the bytes. */
  | { k: 'json'; v: unknown };

export interface Field {
  name?: string;
  node: CodecNode;
}

export const u8 = (v: number | bigint): CodecNode => ({ k: 'int', size: 1, v: BigInt(v) });
export const u32 = (v: number | bigint): CodecNode => ({ k: 'int', size: 4, v: BigInt(v) });
export const u64 = (v: number | bigint): CodecNode => ({ k: 'int', size: 8, v: BigInt(v) });
export const id = (v: string): CodecNode => ({ k: 'id', v });
export const fixed = (v: Uint8Array, json: unknown): CodecNode => ({ k: 'fixed', v, json });
export const bytes = (v: Uint8Array): CodecNode => ({ k: 'bytes', v });
export const str = (v: string): CodecNode => ({ k: 'str', v });
export const list = (items: CodecNode[]): CodecNode => ({ k: 'list', items });
export const iface = (typeId: number, v: CodecNode): CodecNode => ({ k: 'iface', typeId, v });
export const jsonOnly = (v: unknown): CodecNode => ({ k: 'json', v });

/** A struct from named fields (in codec order); `...embedded` entries merge their JSON. */
export function struct(fields: (Field | [string, CodecNode])[], json?: unknown): CodecNode {
  return { k: 'struct', fields: fields.map((f) => (Array.isArray(f) ? { name: f[0], node: f[1] } : f)), json };
}

export const embed = (node: CodecNode): Field => ({ node });

export const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

const idCache = new Map<string, Buffer>();

/**
 * The 32 bytes of a cb58 id the world minted, checksum checked, memoised: the same ids come back
 * in every transaction that spends or names them, and base58 is slow to decode.
 */
export function idBytes(id: string): Buffer {
  let bytes = idCache.get(id);
  if (!bytes) idCache.set(id, (bytes = Buffer.from(cb58Decode(id, 32))));
  return bytes;
}

function writeInto(node: CodecNode, out: Buffer[]) {
  switch (node.k) {
    case 'int': {
      const b = Buffer.alloc(node.size);
      if (node.size === 8) b.writeBigUInt64BE(node.v);
      else b.writeUIntBE(Number(node.v), 0, node.size);
      out.push(b);
      return;
    }
    case 'id':
      out.push(idBytes(node.v));
      return;
    case 'fixed':
      out.push(Buffer.from(node.v));
      return;
    case 'bytes': {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(node.v.length);
      out.push(len, Buffer.from(node.v));
      return;
    }
    case 'str': {
      const s = Buffer.from(node.v, 'utf8');
      const len = Buffer.alloc(2);
      len.writeUInt16BE(s.length);
      out.push(len, s);
      return;
    }
    case 'list': {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(node.items.length);
      out.push(len);
      for (const item of node.items) writeInto(item, out);
      return;
    }
    case 'struct':
      for (const f of node.fields) writeInto(f.node, out);
      return;
    case 'iface': {
      const t = Buffer.alloc(4);
      t.writeUInt32BE(node.typeId);
      out.push(t);
      writeInto(node.v, out);
      return;
    }
    case 'json':
      return;
  }
}

/** The codec bytes of a value, without the codec version. */
function encodeBody(node: CodecNode): Buffer {
  const out: Buffer[] = [];
  writeInto(node, out);
  return Buffer.concat(out);
}

/** The codec bytes of a value as marshalled: codec version 0, then the value. */
export function encode(node: CodecNode): Buffer {
  return Buffer.concat([Buffer.alloc(2), encodeBody(node)]);
}

/** The JSON the node writes for a value. */
export function toJson(node: CodecNode): unknown {
  switch (node.k) {
    case 'int':
      return node.v;
    case 'id':
      return node.v;
    case 'fixed':
      return node.json;
    case 'bytes':
      return hex(node.v);
    case 'str':
      return node.v;
    case 'list':
      return node.items.map(toJson);
    case 'iface':
      return toJson(node.v);
    case 'json':
      return node.v;
    case 'struct': {
      if (node.json !== undefined) return node.json;
      const out: Record<string, unknown> = {};
      for (const f of node.fields) {
        if (f.name) out[f.name] = toJson(f.node);
        else Object.assign(out, toJson(f.node) as Record<string, unknown>);
      }
      return out;
    }
  }
}
