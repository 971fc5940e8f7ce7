/**
 * index.* at /ext/index/<chain>/<kind>: the containers each of the five indexes accepted, by position.
 */
import type { Container, IndexName, NodeWorld } from './chains/node-world.js';
import { RpcFailure, type Encoding, type ServiceFor } from './gorilla.js';
import { encodeBytes, rfc3339Nano, nanosOf } from './common.js';
import type { SandboxLive } from '../live.js';

/** The indexes of blocks the P- and X-Chain make as the clock goes (the C-Chain's are containers of bytes). */
const MADE: Partial<Record<IndexName, 'P' | 'X'>> = { 'P/block': 'P', 'X/block': 'X' };

/** The index of the world, with the containers the live clock has added since (../live.ts). */
function growing(nw: NodeWorld, name: IndexName, live: SandboxLive | undefined) {
  const { containers: base, byId: baseIds } = nw.indexes[name];
  const extra = new Map<number, Container>();
  const extraIds = new Map<string, number>();
  const lastTime = base.at(-1)?.time ?? 0;
  const at = (i: number): Container | undefined => {
    if (i < base.length) return base[i];
    if (!live || i >= base.length + live.extraContainers(name)) return undefined;
    let c = extra.get(i);
    if (!c) {
      const chain = MADE[name];
      c = chain ? nw.madeBlock(chain, i - base.length) : live.container(nw.network, name, i - base.length, lastTime);
      extra.set(i, c);
      extraIds.set(c.id, i);
    }
    return c;
  };
  return {
    last: () => base.length - 1 + (live?.extraContainers(name) ?? 0),
    at,
    indexOf: (id: string) => {
      const chain = MADE[name];
      if (!chain || !live) return baseIds.get(id) ?? extraIds.get(id);
      const n = nw.madeBlockNumber(chain, id, live.extraContainers(name));
      return baseIds.get(id) ?? (n === undefined ? undefined : base.length + n);
    },
    slice: (start: number, end: number) => Array.from({ length: end - start }, (_, k) => at(start + k)!),
  };
}

export function indexService(nw: NodeWorld, name: IndexName, live?: SandboxLive): ServiceFor<'index'> {
  const index = growing(nw, name, live);
  const format = (c: Container, index: number, encoding: Encoding) => ({
    id: c.id,
    bytes: encodeBytes(encoding, c.bytes),
    timestamp: rfc3339Nano(c.time, nanosOf(c.id)),
    encoding,
    index: String(index),
  });
  const indexOf = (id: string) => {
    const position = index.indexOf(id);
    if (position === undefined) throw new RpcFailure('not found');
    return position;
  };
  return {
    GetLastAccepted: {
      args: { encoding: 'encoding' },
      call: ({ encoding }) => {
        const last = index.last();
        if (last < 0) throw new RpcFailure('no containers have been accepted');
        return format(index.at(last)!, last, encoding as Encoding);
      },
    },
    GetContainerByIndex: {
      args: { index: 'uint64', encoding: 'encoding' },
      call: ({ index: position, encoding }) => {
        if ((position as bigint) > BigInt(index.last())) throw new RpcFailure(`no container at index ${position}`);
        return format(index.at(Number(position))!, Number(position), encoding as Encoding);
      },
    },
    GetContainerRange: {
      args: { startIndex: 'uint64', numToFetch: 'uint64', encoding: 'encoding' },
      call: ({ startIndex, numToFetch, encoding }) => {
        const n = numToFetch as bigint;
        const last = index.last();
        if (n === 0n || n > 1024n) throw new RpcFailure(`numToFetch must be in [1,1024] but is ${n}`);
        if (last < 0) throw new RpcFailure('no containers have been accepted');
        const start = startIndex as bigint;
        if (start > BigInt(last)) throw new RpcFailure(`start index (${start}) > last accepted index (${last})`);
        const end = Math.min(Number(start + n - 1n), last);
        return { containers: index.slice(Number(start), end + 1).map((c, i) => format(c, Number(start) + i, encoding as Encoding)) };
      },
    },
    GetIndex: { args: { id: 'id' }, call: ({ id }) => ({ index: String(indexOf(id as string)) }) },
    IsAccepted: { args: { id: 'id' }, call: ({ id }) => ({ isAccepted: index.indexOf(id as string) !== undefined }) },
    GetContainerByID: {
      args: { id: 'id', encoding: 'encoding' },
      call: ({ id, encoding }) => {
        const position = indexOf(id as string);
        return format(index.at(position)!, position, encoding as Encoding);
      },
    },
  };
}
