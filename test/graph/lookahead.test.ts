/**
 * Lookahead (src/graph/lookahead.ts): a page of subnets starts its L1s' validator calls before
 * its subnets' fields are completed, for the l1Validators selections execution will run, and
 * only those, without calling anything twice.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { type GraphQLField, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graph/index.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

/** How many subnets of a page are L1s. */
const l1sOf = (page: { nodes: { isL1: boolean }[] }) => page.nodes.filter((s) => s.isL1).length;

describe('lookahead below a page of subnets', () => {
  it("starts every L1's validator call before the first subnet's fields are completed", async () => {
    const subnetType = schema.getType('Subnet');
    if (!isObjectType(subnetType)) throw new Error('no Subnet type');
    const blockchains = subnetType.getFields().blockchains as GraphQLField<unknown, unknown>;
    const resolve = blockchains.resolve!;
    const events: string[] = [];
    const onCreate = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      if (request.path.includes('/l1Validators')) events.push('l1Validators call');
    };
    // Compiled queries take the resolvers of the schema when first compiled: this document is this test's own.
    blockchains.resolve = (...args) => {
      events.push('blockchains');
      return resolve(...args);
    };
    subscribe('undici:request:create', onCreate);
    let calls: number;
    try {
      const res = await h.raw<any>(
        '{ network(name: MAINNET) { subnets(first: 20) { nodes { isL1 blockchains { blockchainName } l1Validators(first: 2) { nodes { nodeId } } } } } }',
      );
      expect(res.errors).toBeUndefined();
      calls = l1sOf(res.data!.network.subnets);
    } finally {
      blockchains.resolve = resolve;
      unsubscribe('undici:request:create', onCreate);
    }
    expect(calls).toBeGreaterThan(1);
    expect(events.filter((e) => e === 'l1Validators call')).toHaveLength(calls);
    expect(events.indexOf('blockchains')).toBe(calls);
    expect(h.sandbox.count('listL1Validators')).toBe(calls);
  });

  it('reads ahead each aliased selection with its own arguments, through fragments and edges, once each', async () => {
    const res = await h.raw<any>(
      `query ($few: Int) {
        network(name: MAINNET) {
          subnets(first: 30) {
            nodes { isL1 a: l1Validators(first: $few) { nodes { nodeId } } ...L1s }
            edges { node { b: l1Validators(first: 3) { nodes { nodeId } } ... on Subnet { a: l1Validators(first: $few) { nodes { weight } } } } }
          }
        }
      }
      fragment L1s on Subnet { b: l1Validators(first: 3) { nodes { validationId } } }`,
      { few: 2 },
    );
    expect(res.errors).toBeUndefined();
    const l1s = l1sOf(res.data!.network.subnets);
    // Two argument sets (first 2, first 3) per L1: the fields' own reads are those of the lookahead.
    expect(h.sandbox.count('listL1Validators')).toBe(2 * l1s);
    const pageSizes = h.sandbox.log
      .filter((r) => r.operation === 'listL1Validators')
      .map((r) => r.query.find(([name]) => name === 'pageSize')?.[1]);
    expect(pageSizes.filter((size) => size === '2')).toHaveLength(l1s);
    expect(pageSizes.filter((size) => size === '3')).toHaveLength(l1s);
    for (const subnet of res.data!.network.subnets.nodes) {
      if (!subnet.isL1) continue;
      expect(subnet.a.nodes.length).toBeLessThanOrEqual(2);
      expect(subnet.b.nodes.length).toBeLessThanOrEqual(3);
    }
  });

  it('reads nothing ahead for a selection that @skip or @include leaves out', async () => {
    const res = await h.raw<any>(
      `query ($with: Boolean!) {
        network(name: MAINNET) {
          subnets(first: 30) { nodes { subnetId l1Validators(first: 2) @include(if: $with) { nodes { nodeId } } v: l1Validators(first: 4) @skip(if: true) { nodes { nodeId } } } }
        }
      }`,
      { with: false },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.network.subnets.nodes[0]).toEqual({ subnetId: expect.any(String) });
    expect(h.sandbox.count('listL1Validators')).toBe(0);
    expect(h.sandbox.count()).toBe(1);
  });

  it('leaves arguments the field refuses to the field: the page of subnets is still answered', async () => {
    const res = await h.raw<any>(
      '{ network(name: MAINNET) { subnets(first: 5) { nodes { subnetId l1Validators(first: 501) { nodes { nodeId } } } } } }',
    );
    expect(res.data!.network.subnets.nodes).toHaveLength(5);
    expect(res.errors!.length).toBe(5);
    for (const error of res.errors!) {
      expect(error.path!.slice(-1)).toEqual(['l1Validators']);
      expect(error.message).toMatch(/`first` must be from 1 to 500 for l1Validators/);
    }
    expect(h.sandbox.count('listL1Validators')).toBe(0);
  });

  /** The page sizes the sandbox was asked for L1 validators, since it was last reset. */
  const l1PageSizes = () =>
    h.sandbox.log.filter((r) => r.operation === 'listL1Validators').map((r) => r.query.find(([name]) => name === 'pageSize')?.[1]);

  it('reads ahead again for each run of a document, compiled or not: once a request, what the document selects', async () => {
    const document = '{ network(name: MAINNET) { subnets(first: 25) { nodes { isL1 l1Validators(first: 3) { nodes { nodeId } } } } } }';
    for (let run = 1; run <= 4; run++) {
      h.sandbox.reset();
      const res = await h.raw<any>(document);
      expect(res.errors, `run ${run}`).toBeUndefined();
      const l1s = l1sOf(res.data!.network.subnets);
      expect(l1s).toBeGreaterThan(1);
      expect(l1PageSizes(), `run ${run}`).toEqual(Array.from({ length: l1s }, () => '3'));
    }
  });

  it("reads ahead with each request's own variables: a selection that takes them is read for every request", async () => {
    const document = `query ($few: Int, $with: Boolean!) {
      network(name: MAINNET) { subnets(first: 25) { nodes { isL1 l1Validators(first: $few) @include(if: $with) { nodes { nodeId } } } } }
    }`;
    // Four runs, so that the later ones run the compiled query, each with other values than the run before.
    for (const [run, variables] of [
      { few: 2, with: true },
      { few: 4, with: true },
      { few: 4, with: false },
      { few: 3, with: true },
    ].entries()) {
      h.sandbox.reset();
      const res = await h.raw<any>(document, variables);
      expect(res.errors, `run ${run}`).toBeUndefined();
      const l1s = variables.with ? l1sOf(res.data!.network.subnets) : 0;
      expect(l1PageSizes(), `run ${run}`).toEqual(Array.from({ length: l1s }, () => String(variables.few)));
    }
  });
});
