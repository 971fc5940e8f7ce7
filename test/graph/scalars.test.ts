/**
 * The scalars (src/graph/scalars.ts): an id, node id or address that is not one is refused by
 * its scalar, written in the document or sent as a variable, before any upstream call, with a
 * message that says what is allowed.
 */
import { describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');

describe('rules, refused before any upstream call', () => {
  const a = world.addresses[0]!;
  it.each([
    [
      'a cb58 id with a wrong checksum',
      '{ network { subnet(subnetId: "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByN") { subnetId } } }',
      /wrong cb58 checksum/,
    ],
    [
      'a cb58 id with a forbidden character',
      '{ network { subnet(subnetId: "0oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM") { subnetId } } }',
      /base58 characters/,
    ],
    [
      'a node id without its prefix',
      '{ network { l1Validators(nodeId: "111111111111111111116DBWJs") { nodes { nodeId } } } }',
      /must start with "NodeID-"/,
    ],
    [
      'an address with a bad checksum',
      `{ network { address(address: "${a.slice(0, -1)}${a.endsWith('q') ? 'p' : 'q'}") { address } } }`,
      /is not a valid AvalancheAddress/,
    ],
    ['a path-shaped id', '{ network { blockchain(blockchainId: "../../v1/webhooks") { blockchainId } } }', /is not a valid CB58Id/],
  ])('%s (checked by its scalar)', async (_name, query, message) => {
    const res = await h.raw(query);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });

  it('the same input as a variable', async () => {
    const res = await h.raw('query($id: CB58Id!) { network { subnet(subnetId: $id) { subnetId } } }', { id: 'not-an-id' });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(/^Variable "\$id" got an invalid value; "not-an-id" is not a valid CB58Id/);
    expect(h.sandbox.count()).toBe(0);
  });
});
