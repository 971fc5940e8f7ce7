/**
 * Global ids: `base64url("<Type>:<network>:<key>")`. The network travels inside the id, so
 * `node(id:)` needs nothing else to fetch the object again.
 */
import { isObjectType, type GraphQLSchema } from 'graphql';
import { badInput } from '../errors.js';
import type { NetworkName } from '../ids.js';

export function encodeGlobalId(typename: string, id: string | number | bigint): string {
  return Buffer.from(`${typename}:${id}`).toString('base64url');
}

const GLOBAL_ID_RE = /^([A-Za-z_]\w*):(.+)$/s;

export function decodeGlobalId(globalId: string): { typename: string; id: string } {
  const match = GLOBAL_ID_RE.exec(Buffer.from(globalId, 'base64url').toString('utf8'));
  if (!match) throw badInput(`"${globalId}" is not a global id of this API: use the \`id\` field of an object.`);
  return { typename: match[1]!, id: match[2]! };
}

/** The most ids one `nodes(ids:)` may ask for. */
export const MAX_NODES = 100;

/** Refuses more ids than `nodes(ids:)` serves. */
export function assertNodeCount(count: number): void {
  if (count > MAX_NODES) throw badInput(`\`nodes\` takes at most ${MAX_NODES} ids (got ${count}); split the request.`, { argument: 'ids' });
}

/** Refuses a typename that is not an object implementing Node, before any loader runs. */
export function assertNodeType(schema: GraphQLSchema, typename: string): void {
  const type = schema.getType(typename);
  if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) {
    throw badInput(`The global id names type "${typename}", which is not a Node type of this API.`);
  }
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
    throw badInput(`The global id holds a malformed key "${key}": ${(error as Error).message}.`);
  }
  return { network, key };
}
