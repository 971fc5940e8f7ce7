/**
 * L1 validators (src/graph/l1-validator.ts): the network's list and its filters, and a subnet's
 * list, also of a subnet that is not an L1, with the upstream calls they cost.
 */
import { describe, expect, it } from 'vitest';
import type { NodeID } from '../../examples/scalars.js';
import { getWorld } from '../../sandbox/world/world.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const world = getWorld('mainnet');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
const sent = (operation: string) => h.sandbox.log.filter((r) => r.operation === operation).map((r) => Object.fromEntries(r.query));

const Validators = /* GraphQL */ `
  query FilterL1Validators($validationId: CB58Id, $nodeId: NodeID, $subnetId: CB58Id, $includeInactive: Boolean) {
    network(name: MAINNET) {
      l1Validators(first: 500, validationId: $validationId, nodeId: $nodeId, subnetId: $subnetId, includeInactive: $includeInactive) {
        nodes { validationId nodeId subnetId weight }
      }
    }
  }
`;

describe('l1Validators filters', () => {
  it('by validation id, node id, subnet id and activity', async () => {
    const inactive = world.l1Validators.find((v) => !v.active)!;
    const byId = await h.raw<any>(Validators, { validationId: inactive.validationId });
    expect(byId.data!.network.l1Validators!.nodes).toEqual([]);
    const byIdAll = await h.raw<any>(Validators, { validationId: inactive.validationId, includeInactive: true });
    expect(byIdAll.data!.network.l1Validators!.nodes.map((v: any) => v.validationId)).toEqual([inactive.validationId]);

    const node = world.l1Validators.find((v) => world.l1Validators.filter((w) => w.nodeId === v.nodeId).length > 1)!.nodeId as NodeID;
    const byNode = await h.raw<any>(Validators, { nodeId: node, includeInactive: true });
    expect(byNode.data!.network.l1Validators!.nodes.map((v: any) => v.validationId)).toEqual(
      newestFirst(world.l1Validators.filter((v) => v.nodeId === node)).map((v) => v.validationId),
    );

    const subnet = inactive.subnetId;
    const bySubnet = await h.raw<any>(Validators, { subnetId: subnet });
    expect(bySubnet.data!.network.l1Validators!.nodes.map((v: any) => v.validationId)).toEqual(
      newestFirst(world.l1Validators.filter((v) => v.subnetId === subnet && v.active)).map((v) => v.validationId),
    );
    expect(sent('listL1Validators')).toEqual([
      { pageSize: '100', l1ValidationId: inactive.validationId },
      { pageSize: '100', l1ValidationId: inactive.validationId, includeInactiveL1Validators: 'true' },
      { pageSize: '100', nodeId: node, includeInactiveL1Validators: 'true' },
      { pageSize: '100', subnetId: subnet },
    ]);
  });
});

describe('l1Validators of a subnet that is not an L1', () => {
  it("checks the arguments of a non-L1 subnet's l1Validators as any page's, still without a call", async () => {
    const legacy = world.subnets.find((s) => !s.isL1)!;
    const query = (args: string) =>
      `{ network(name: MAINNET) { subnet(subnetId: "${legacy.subnetId}") { l1Validators(${args}) { nodes { nodeId } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }`;
    const ok = await h.raw<any>(query('first: 3'));
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.network.subnet.l1Validators).toEqual({
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
    const tooMany = await h.raw<any>(query('first: 501'));
    expect(tooMany.errors![0]!.message).toMatch(/`first` must be from 1 to 500 for l1Validators/);
    const backwards = await h.raw<any>(query('last: 2'));
    expect(backwards.errors![0]!.message).toMatch(/pages forward only/);
    const other = await h.raw<any>('{ network(name: MAINNET) { l1Validators(first: 1) { pageInfo { endCursor } } } }');
    const after = other.data!.network.l1Validators.pageInfo.endCursor as string;
    const foreign = await h.raw<any>(query(`first: 3, after: "${after}"`));
    expect(foreign.errors![0]!.message).toMatch(/cursor of a different l1Validators list/);
    expect(h.sandbox.count('listL1Validators')).toBe(1);
  });

  it("gives the Data API's height on a non-L1 subnet's empty l1Validators too: one call for every such subnet, only when selected", async () => {
    const res = await h.raw<any>(
      `{ network(name: MAINNET) { l1Validators(first: 3) { blockHeight } subnets(first: 60) { nodes { isL1 l1Validators(first: 2) { blockHeight } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const height = res.data.network.l1Validators.blockHeight;
    expect(height).toMatch(/^\d+$/);
    const subnets = res.data.network.subnets.nodes as any[];
    expect(subnets.filter((s) => !s.isL1).length).toBeGreaterThan(1);
    for (const s of subnets) expect(s.l1Validators.blockHeight).toBe(height);
    const l1s = subnets.filter((s) => s.isL1).length;
    // One call per L1's page, the network's page, and one (pageSize 1) for all the others.
    expect(h.sandbox.count('listL1Validators')).toBe(l1s + 2);
    const smallest = h.sandbox.log.filter(
      (r) => r.operation === 'listL1Validators' && r.query.some(([k, v]) => k === 'pageSize' && v === '1'),
    );
    expect(smallest.map((r) => r.query)).toEqual([[['pageSize', '1']]]);
  });
});
