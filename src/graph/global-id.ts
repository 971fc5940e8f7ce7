/**
 * Global ids: `base64url("<Type>:<network>:<key>")`. The network travels inside the id, so
 * `node(id:)` needs nothing else to fetch the object again.
 */
import { GraphQLError, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { badInput, ErrorCode, quote } from '../graphql/errors.js';
import { decodeCanonicalBase64url, type NetworkName } from '../base/ids.js';

/**
 * The longest global id the gateway writes. The longest key of any type is a collectible held,
 * `<chain id>:<holder>:<contract>:<token id>`: 16 digits, two 42-character addresses and a uint256's
 * 78 digits, 181 characters; under the longest type name with an id (27 characters) and a network,
 * 217 characters, 290 in base64url. `encodeGlobalId` writes none longer (a key past its shape is
 * the upstream's fault), so an id's bytes are known before the answer is built: demand control
 * prices every `ID` at GLOBAL_ID_BYTES (src/yoga/cost-estimate.ts), not as a 96-byte leaf.
 */
export const MAX_WRITTEN_GLOBAL_ID_LENGTH = 320;

/** The most bytes a global id takes in an answer's JSON: its characters (base64url needs no escapes) and its quotes. */
export const GLOBAL_ID_BYTES = MAX_WRITTEN_GLOBAL_ID_LENGTH + 2;

export function encodeGlobalId(typename: string, id: string | number | bigint): string {
  const encoded = Buffer.from(`${typename}:${id}`).toString('base64url');
  if (encoded.length > MAX_WRITTEN_GLOBAL_ID_LENGTH)
    throw new GraphQLError(
      `A ${typename}'s key from the upstream is longer than any key of its kind (its global id would be ${encoded.length} characters, past ${MAX_WRITTEN_GLOBAL_ID_LENGTH}).`,
      { extensions: { code: ErrorCode.UPSTREAM_INVALID_RESPONSE } },
    );
  return encoded;
}

/**
 * The longest global id accepted: the longest any type writes (an EvmAddress, about 110
 * characters) with room to spare. Checked before the id is decoded.
 */
export const MAX_GLOBAL_ID_LENGTH = 256;

/** `<Type>:<network>:<key>`, all visible ASCII: no key of this API has spaces, controls or bidi marks. */
const GLOBAL_ID_RE = /^([A-Za-z_]\w*):([\x21-\x7e]+)$/;

/**
 * What a global id names, or why it names nothing, without throwing: a price reads the ids of
 * thousands of lookups in one document (`n1: node(id: …) n2: …`), and an error made for each id
 * that does not decode (its stack captured) was most of the time pricing took.
 */
export function readGlobalId(globalId: string): { typename: string; id: string } | { refused: string } {
  if (globalId.length > MAX_GLOBAL_ID_LENGTH)
    return { refused: `it is ${globalId.length} characters long, and a global id has at most ${MAX_GLOBAL_ID_LENGTH}` };
  const text = decodeCanonicalBase64url(globalId);
  if (text === undefined)
    return {
      refused: 'it is not base64url as this API writes it (A-Z, a-z, 0-9, "-" and "_", without padding, spaces or other characters)',
    };
  const match = GLOBAL_ID_RE.exec(text);
  if (!match) return { refused: 'it does not decode to a type and a key of visible ASCII characters' };
  return { typename: match[1]!, id: match[2]! };
}

/** Decodes a global id strictly: only the exact text `encodeGlobalId` writes is accepted. */
export function decodeGlobalId(globalId: string): { typename: string; id: string } {
  const read = readGlobalId(globalId);
  if ('refused' in read)
    throw badInput(`${quote(globalId)} is not a global id of this API: ${read.refused}. Use the \`id\` field of an object.`);
  return read;
}

/** The most ids one `nodes(ids:)` may ask for. */
export const MAX_NODES = 100;

/** Refuses more ids than `nodes(ids:)` serves. */
export function assertNodeCount(count: number): void {
  if (count > MAX_NODES) throw badInput(`\`nodes\` takes at most ${MAX_NODES} ids (got ${count}); split the request.`, { argument: 'ids' });
}

/** The object types implementing Node, by schema (the schema is built once; a reload keeps it). */
const nodeTypeNames = new WeakMap<GraphQLSchema, string>();

/**
 * Refuses a typename that is not an object implementing Node, before any loader runs: the message
 * lists the types `node(id:)` fetches. An entity whose `id` only keys caches says why in its description.
 */
export function assertNodeType(schema: GraphQLSchema, typename: string): void {
  const type = schema.getType(typename);
  if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) {
    let names = nodeTypeNames.get(schema);
    if (names === undefined) {
      const node = schema.getType('Node');
      names = isInterfaceType(node)
        ? schema
            .getPossibleTypes(node)
            .map((t) => t.name)
            .sort()
            .join(', ')
        : '';
      nodeTypeNames.set(schema, names);
    }
    const keyed =
      isObjectType(type) && type.getFields().id ? ': its `id` keys caches, and its description says why it cannot be fetched again' : '';
    throw badInput(`The global id names type "${typename}", which is not a Node type of this API${keyed}. \`node(id:)\` fetches ${names}.`);
  }
}

/**
 * The global id of an entity, Node or not: `<Type>:<network>:<key>`, the key being what names the
 * object upstream. Types whose objects `node(id:)` cannot fetch again still get one, so a
 * normalised cache (Apollo, Graphcache, Relay) keys them and a subscription's event merges into
 * the lists already holding them.
 */
export function entityId(typename: string, network: NetworkName, key: string): string {
  return encodeGlobalId(typename, nodeKey(network, key));
}

/**
 * The global id of an entity of the operator's Data API account (a webhook, a request of its log):
 * `<Type>:account:<key>`. The account spans both networks, so no network names it.
 */
export function accountEntityId(typename: string, key: string): string {
  return encodeGlobalId(typename, `account:${key}`);
}

/** The description of the `id` of an entity that `node(id:)` cannot fetch again, with the reason. */
export function keyOnlyIdDescription(formedFrom: string, why: string): string {
  return `Global id (${formedFrom}, with the network): a stable key for client caches. \`node(id:)\` cannot fetch it again: ${why}`;
}

/** The key part of a node id: `<network>:<key>`. */
export function nodeKey(network: NetworkName, key: string): string {
  return `${network}:${key}`;
}

export function parseNodeKey(id: string, check: (key: string) => void): { network: NetworkName; key: string } {
  const colon = id.indexOf(':');
  const network = id.slice(0, colon);
  const key = id.slice(colon + 1);
  if (colon === -1 || (network !== 'mainnet' && network !== 'fuji')) {
    throw badInput('The global id does not name a network (mainnet or fuji): use the `id` field of an object.');
  }
  try {
    check(key);
  } catch (error) {
    throw badInput(`The global id holds a malformed key ${quote(key)}: ${(error as Error).message}.`);
  }
  return { network, key };
}
