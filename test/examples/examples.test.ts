/**
 * Every operation of examples/*.graphql, with the sample variables of its sidecar
 * (examples/<name>.variables.json), and every query of the README answers against the sandbox
 * through the gateway without an error and with data, no list empty where data is expected:
 * what GraphiQL opens with (src/yoga/graphiql.ts) and what the README tells a reader to paste show
 * something offline. In process: the data is the sandbox's whichever way in; test/examples/browser.test.ts
 * runs the GraphiQL tabs in Chromium against the built gateway on its own sandbox (`npm run demo`).
 */
import { manualBlocks } from '../helpers/manual.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';
import { emptyLists } from '../helpers/shown.js';

const ADMIN_TOKEN = 'examples-admin-token-0123456789';
const h = useHarness({ ADMIN_TOKEN });

const dir = new URL('../../examples/', import.meta.url);
const operations = readdirSync(dir)
  .filter((f) => f.endsWith('.graphql'))
  .flatMap((file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const sidecar = new URL(file.replace(/\.graphql$/, '.variables.json'), dir);
    const variables = existsSync(sidecar) ? (JSON.parse(readFileSync(sidecar, 'utf8')) as Record<string, unknown>) : undefined;
    return parse(text)
      .definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
      .map((op) => ({
        file,
        name: op.name!.value,
        text,
        variables,
        needs: op.variableDefinitions?.map((v) => v.variable.name.value) ?? [],
      }));
  });

/**
 * The manual's queries (README.md and docs/): its graphql blocks that are operations for /graphql,
 * not a subscription (they wait for what happens next; test/live/subscriptions.test.ts has them)
 * nor the supergraph's (they name a neighbour subgraph's fields, see test/graph/federation.test.ts).
 */
const readme = manualBlocks('graphql')
  .map((b) => b.text)
  .filter((text) => {
    const operations = parse(text).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    return operations.length > 0 && operations.every((o) => o.operation !== 'subscription') && !/^# In the supergraph/m.test(text);
  });

/** The scalar values of an answer, __typename left out: an answer of nulls and empty lists has none. */
function leaves(value: unknown, key = ''): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => leaves(v));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, k));
  return value === null || key === '__typename' ? [] : [value];
}

describe('examples/', () => {
  it('has operations, and a sidecar with a value for every variable an operation declares', () => {
    expect(operations.length).toBeGreaterThan(8);
    for (const op of operations) for (const name of op.needs) expect(op.variables?.[name], `${op.file} ${op.name} $${name}`).toBeDefined();
  });

  it.each(operations.map((op) => [`${op.file} ${op.name}`, op] as const))('%s answers without errors', async (_label, op) => {
    const res = await h.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ query: op.text, operationName: op.name, variables: op.variables }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    // Something comes back: not a lookup of an id the sandbox does not have.
    expect(leaves(body.data).length).toBeGreaterThan(0);
    // Admin's fields are only FORBIDDEN without the token, which is asked above.
    expect(emptyLists(body.data)).toEqual([]);
  });

  it.each(readme.map((query, i) => [i, query.split('\n')[0], query] as const))(
    'README query %i (%s) answers with data, no list empty where data is expected',
    async (_i, _first, query) => {
      const res = await h.raw<unknown>(query);
      expect(res.errors).toBeUndefined();
      expect(leaves(res.data).length).toBeGreaterThan(0);
      expect(emptyLists(res.data)).toEqual([]);
    },
  );

  it('NodeChains asks only what the node serves: the chain config of a chain it tracks comes back', async () => {
    const op = operations.find((o) => o.name === 'NodeChains')!;
    const res = await h.raw<any>(op.text, op.variables);
    const chains = res.data.network.l1Validators.nodes[0].subnet.blockchains as { status: string; chainConfig: unknown }[];
    expect(chains.some((c) => c.chainConfig !== null)).toBe(true);
    expect(chains.every((c) => c.status === 'VALIDATING' || c.status === 'SYNCING')).toBe(true);
  });
});
