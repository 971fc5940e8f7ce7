/**
 * Relay compliance, proven with Relay's own compiler (the native binary its npm package ships):
 * two small fragments with `@connection` and `@refetchable` over our subnets and L1 validators
 * compile against schema/schema.graphql, and the pagination queries Relay writes from them
 * (cursors, pageInfo, refetch through `node(id:)`) run against the gateway and page as Relay
 * expects. A fragment Relay must refuse is refused, so the check can fail.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

const relay = createRequire(import.meta.url)('relay-compiler') as string | null;
const schemaFile = new URL('../../schema/schema.graphql', import.meta.url);

// Relay names fragments and queries after their module: each file holds its own.
const SOURCES = {
  'SubnetList.ts': `
    export const fragment = graphql\`
      fragment SubnetList_query on Query
      @refetchable(queryName: "SubnetListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 2 }, cursor: { type: "String" }) {
        network(name: MAINNET) {
          subnets(first: $count, after: $cursor) @connection(key: "SubnetList_subnets") {
            edges { node { id subnetId ...SubnetValidators_subnet } }
          }
        }
      }
    \`;
    export const query = graphql\`query SubnetListQuery { ...SubnetList_query }\`;
  `,
  'SubnetValidators.ts': `
    export const fragment = graphql\`
      fragment SubnetValidators_subnet on Subnet
      @refetchable(queryName: "SubnetValidatorsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 2 }, cursor: { type: "String" }) {
        subnetId
        l1Validators(first: $count, after: $cursor) @connection(key: "SubnetValidators_l1Validators") {
          edges { node { validationId nodeId weight } }
        }
      }
    \`;
  `,
};

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Runs relay-compiler over `sources` in a fresh project; returns its exit code, output and artifact folder. */
async function compile(sources: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'relay-'));
  dirs.push(dir);
  const artifacts = join(dir, 'src', '__generated__');
  await mkdir(artifacts, { recursive: true });
  await copyFile(schemaFile, join(dir, 'schema.graphql'));
  await writeFile(
    join(dir, 'relay.config.json'),
    JSON.stringify({ src: './src', schema: './schema.graphql', language: 'typescript', artifactDirectory: './src/__generated__' }),
  );
  for (const [name, text] of Object.entries(sources)) await writeFile(join(dir, 'src', name), text);
  try {
    const { stdout, stderr } = await promisify(execFile)(relay!, [], { cwd: dir });
    return { code: 0, output: stdout + stderr, artifacts };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`, artifacts };
  }
}

/** The operation text of a Relay query artifact. */
async function queryText(artifacts: string, name: string): Promise<string> {
  const source = await readFile(join(artifacts, `${name}.graphql.ts`), 'utf8');
  return JSON.parse(source.match(/"text": ("(?:[^"\\]|\\.)*")/)![1]!) as string;
}

describe('relay-compiler', () => {
  const h = useHarness();

  it('ships a binary for this platform', () => {
    expect(relay, `relay-compiler has no binary for ${process.platform}-${process.arch}`).not.toBeNull();
  });

  it('compiles @connection and @refetchable fragments over our connections, and the queries it writes page through the gateway', async () => {
    const { code, output, artifacts } = await compile(SOURCES);
    expect(code, output).toBe(0);

    // The list's pagination query: first page, then the next after its endCursor.
    type Subnets = {
      network: {
        subnets: {
          edges: { cursor: string; node: { id: string; subnetId: string } }[];
          pageInfo: { endCursor: string; hasNextPage: boolean };
        };
      };
    };
    const list = await queryText(artifacts, 'SubnetListPaginationQuery');
    const first = await h.raw<Subnets>(list, { count: 2 });
    expect(first.errors).toBeUndefined();
    const page1 = first.data!.network.subnets;
    expect(page1.edges).toHaveLength(2);
    expect(page1.pageInfo).toEqual({ endCursor: page1.edges[1]!.cursor, hasNextPage: true });
    const second = await h.raw<Subnets>(list, { count: 2, cursor: page1.pageInfo.endCursor });
    const all = await h.raw<Subnets>(list, { count: 4 });
    expect(second.data!.network.subnets.edges.map((e) => e.node.subnetId)).toEqual(
      all.data!.network.subnets.edges.slice(2).map((e) => e.node.subnetId),
    );

    // The validators' refetch query: the subnet found again by its id through node(id:).
    type Validators = {
      node: { id: string; l1Validators: { edges: { node: { validationId: string } }[]; pageInfo: { hasNextPage: boolean } } };
    };
    const subnets = await h.raw<{ network: { subnets: { nodes: { id: string; isL1: boolean }[] } } }>(
      '{ network { subnets(first: 20) { nodes { id isL1 } } } }',
    );
    const l1 = subnets.data!.network.subnets.nodes.find((s) => s.isL1)!;
    const refetch = await h.raw<Validators>(await queryText(artifacts, 'SubnetValidatorsPaginationQuery'), { id: l1.id, count: 2 });
    expect(refetch.errors).toBeUndefined();
    expect(refetch.data!.node.id).toBe(l1.id);
    expect(refetch.data!.node.l1Validators.edges.length).toBeGreaterThan(0);
  });

  it('refuses a @connection on a field that is no connection (the check can fail)', async () => {
    const { code, output } = await compile({
      'Broken.ts':
        'export const fragment = graphql`fragment Broken_subnet on Subnet { blockchains @connection(key: "Broken_blockchains") { blockchainId } }`;',
    });
    expect(code).not.toBe(0);
    expect(output).toContain("@connection used on invalid field 'blockchains'");
  });
});
