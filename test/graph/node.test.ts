/**
 * Relay object identification: every Node type is fetched again by its global id, which
 * carries the network; malformed or foreign ids are refused precisely.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');

const Ids = /* GraphQL */ `
  query NodeIds($address: AvalancheAddress!) {
    network(name: MAINNET) {
      subnets(first: 30) { nodes { id subnetId blockchains { id blockchainId } l1Validators(first: 1) { nodes { id validationId } } } }
      p: transactions(chain: P_CHAIN, first: 1) { nodes { id txHash } }
      x: transactions(chain: X_CHAIN, first: 1) { nodes { id txHash } }
      c: transactions(chain: C_CHAIN, first: 1) { nodes { id txHash } }
      address(address: $address) { id address }
    }
  }
`;

const Refetch = /* GraphQL */ `
  query Refetch($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      id
      ... on Subnet { subnetId network }
      ... on Blockchain { blockchainId blockchainName subnet { subnetId } }
      ... on L1Validator { validationId weight }
      ... on PrimaryNetworkTransaction { txHash chain txType }
      ... on Address { address network }
    }
  }
`;

describe('node(id) and nodes(ids)', () => {
  it('refetches every Node type by the id the graph gave it', async () => {
    const res = await h.raw<any>(Ids, { address: `X-${world.addresses[0]}` });
    const n = res.data!.network;
    const l1 = n.subnets!.nodes.find((s: any) => s.l1Validators!.nodes.length > 0)!;
    const chain = n.subnets!.nodes.find((s: any) => s.blockchains.length > 0)!.blockchains[0]!;
    const wanted = [
      { id: l1.id, __typename: 'Subnet', subnetId: l1.subnetId },
      { id: chain.id, __typename: 'Blockchain', blockchainId: chain.blockchainId },
      { id: l1.l1Validators!.nodes[0]!.id, __typename: 'L1Validator', validationId: l1.l1Validators!.nodes[0]!.validationId },
      { id: n.p!.nodes[0]!.id, __typename: 'PChainTransaction', txHash: n.p!.nodes[0]!.txHash, chain: 'P_CHAIN' },
      { id: n.x!.nodes[0]!.id, __typename: 'XChainTransaction', txHash: n.x!.nodes[0]!.txHash, chain: 'X_CHAIN' },
      { id: n.c!.nodes[0]!.id, __typename: 'CChainAtomicTransaction', txHash: n.c!.nodes[0]!.txHash, chain: 'C_CHAIN' },
      { id: n.address.id, __typename: 'Address', address: world.addresses[0] },
    ];
    h.sandbox.reset();
    const again = await h.raw<any>(Refetch, { ids: wanted.map((w) => w.id) });
    expect(again.errors).toBeUndefined();
    for (const [i, node] of again.data!.nodes.entries()) expect(node).toMatchObject(wanted[i]!);
    // One subnet listing serves the subnet and the blockchain; each transaction one lookup.
    expect(h.sandbox.counts).toEqual({ listSubnets: 1, listL1Validators: 1, getTxByHash: 3 });
  });

  it('node(id) answers one object, and null for an id that no longer resolves', async () => {
    const subnet = world.subnets[5]!;
    const id = Buffer.from(`Subnet:mainnet:${subnet.subnetId}`).toString('base64url');
    const res = await h.raw(`{ node(id: "${id}") { id ... on Subnet { subnetId } } }`);
    expect(res.data).toEqual({ node: { id, subnetId: subnet.subnetId } });
    const unknownTx = Buffer.from(`PChainTransaction:mainnet:${world.transactions.x[0]!.txHash}`).toString('base64url');
    const missing = await h.raw(`{ node(id: "${unknownTx}") { id } }`);
    expect(missing).toMatchObject({ data: { node: null } });
    expect(missing.errors).toBeUndefined();
  });

  it('keeps the network in the id: a Fuji object refetches from Fuji', async () => {
    const fuji = getWorld('fuji');
    const res = await h.raw<{ network: { subnets: { nodes: { id: string }[] } } }>(
      '{ network(name: FUJI) { subnets(first: 1) { nodes { id } } } }',
    );
    const id = res.data!.network.subnets.nodes[0]!.id;
    h.sandbox.reset();
    const again = await h.raw(`{ node(id: "${id}") { ... on Subnet { subnetId network } } }`);
    expect(again.data).toEqual({ node: { subnetId: [...fuji.subnets].reverse()[0]!.subnetId, network: 'FUJI' } });
    expect(h.sandbox.log[0]!.path).toBe('/v1/networks/fuji/subnets');
  });

  // GraphQL coerces a single value given for a list to a list of one; the price read the literal
  // uncoerced and called `flatMap` on a string: a 500 (fuzzer case 29#122).
  it('takes one id written where the list goes as a list of one, and refuses a bad one with BAD_USER_INPUT', async () => {
    const id = Buffer.from(`Address:mainnet:${world.addresses[0]}`).toString('base64url');
    const one = await h.raw(`{ nodes(ids: "${id}") { id ... on Address { address } } }`);
    expect(one.errors).toBeUndefined();
    expect(one.data).toEqual((await h.raw(`{ nodes(ids: ["${id}"]) { id ... on Address { address } } }`)).data);
    expect(one.data).toEqual({ nodes: [{ id, address: world.addresses[0] }] });
    const bad = await h.raw('{ nodes(ids: "not-a-global-id") { id } }');
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
  });

  it('refuses more than 100 ids at once', async () => {
    const id = Buffer.from(`Address:mainnet:${world.addresses[0]}`).toString('base64url');
    const res = await h.raw('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(101).fill(id) });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    // Refused before any id is decoded (src/yoga/input-bounds.ts).
    expect(res.errors![0]!.message).toMatch(/`\$ids` holds 101 items; a list argument of this API takes at most 100/);
  });

  it.each([
    ['not base64 of a global id', 'not-a-global-id', /is not a global id of this API/],
    ['a type that is not a Node', Buffer.from('Utxo:mainnet:x').toString('base64url'), /names type "Utxo", which is not a Node type/],
    ['a type that does not exist', Buffer.from('Wallet:mainnet:x').toString('base64url'), /names type "Wallet"/],
    ['no network', Buffer.from('Subnet:11111111111111111111111111111111LpoYY').toString('base64url'), /does not name a network/],
    ['a malformed key', Buffer.from('Subnet:mainnet:1234').toString('base64url'), /malformed key "1234"/],
  ])('refuses %s', async (_name, id, message) => {
    const res = await h.raw(`{ node(id: "${id}") { id } }`);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });
});
