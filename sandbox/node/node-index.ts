/**
 * index.* at /ext/index/<chain>/<kind>: the containers each of the five indexes accepted, by position.
 */
import type { Container, IndexName, NodeWorld } from './chains/node-world.js';
import { RpcFailure, type Encoding, type GorillaService } from './gorilla.js';
import { encodeBytes, rfc3339Nano, nanosOf } from './common.js';

export function indexService(nw: NodeWorld, name: IndexName): GorillaService {
  const { containers, byId } = nw.indexes[name];
  const last = containers.length - 1;
  const format = (c: Container, index: number, encoding: Encoding) => ({
    id: c.id,
    bytes: encodeBytes(encoding, c.bytes),
    timestamp: rfc3339Nano(c.time, nanosOf(c.id)),
    encoding,
    index: String(index),
  });
  const indexOf = (id: string) => {
    const index = byId.get(id);
    if (index === undefined) throw new RpcFailure('not found');
    return index;
  };
  return {
    GetLastAccepted: {
      args: { encoding: 'encoding' },
      call: ({ encoding }) => {
        if (last < 0) throw new RpcFailure('no containers have been accepted');
        return format(containers[last]!, last, encoding as Encoding);
      },
    },
    GetContainerByIndex: {
      args: { index: 'uint64', encoding: 'encoding' },
      call: ({ index, encoding }) => {
        if ((index as bigint) > BigInt(last)) throw new RpcFailure(`no container at index ${index}`);
        return format(containers[Number(index)]!, Number(index), encoding as Encoding);
      },
    },
    GetContainerRange: {
      args: { startIndex: 'uint64', numToFetch: 'uint64', encoding: 'encoding' },
      call: ({ startIndex, numToFetch, encoding }) => {
        const n = numToFetch as bigint;
        if (n === 0n || n > 1024n) throw new RpcFailure(`numToFetch must be in [1,1024] but is ${n}`);
        if (last < 0) throw new RpcFailure('no containers have been accepted');
        const start = startIndex as bigint;
        if (start > BigInt(last)) throw new RpcFailure(`start index (${start}) > last accepted index (${last})`);
        const end = Math.min(Number(start + n - 1n), last);
        return { containers: containers.slice(Number(start), end + 1).map((c, i) => format(c, Number(start) + i, encoding as Encoding)) };
      },
    },
    GetIndex: { args: { id: 'id' }, call: ({ id }) => ({ index: String(indexOf(id as string)) }) },
    IsAccepted: { args: { id: 'id' }, call: ({ id }) => ({ isAccepted: byId.has(id as string) }) },
    GetContainerByID: {
      args: { id: 'id', encoding: 'encoding' },
      call: ({ id, encoding }) => {
        const index = indexOf(id as string);
        return format(containers[index]!, index, encoding as Encoding);
      },
    },
  };
}
