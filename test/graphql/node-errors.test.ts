/**
 * Each way the node fails (node.jsonrpc-errors.json and the HTTP answers around it) becomes one
 * GraphQL error code with the node's own words; a failed field is null and its siblings resolve.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { cb58Encode } from '../../src/base/ids.js';
import { HttpClient } from '../../src/upstreams/http.js';
import { directTransport } from '../../src/upstreams/transport.js';
import { NodeClient } from '../../src/upstreams/node/client.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { codes, startHarness, useHarness } from '../helpers/harness.js';
import { adminLoadVMs } from '../../src/upstreams/node/admin.js';
import { indexGetLastAccepted } from '../../src/upstreams/node/node-index.js';

const h = useHarness({ UPSTREAM_RETRIES: '0', UPSTREAM_TIMEOUT_MS: '300' });
const HEIGHTS = '{ network { pChain { height } xChain { height } } }';
const rpcError = (code: number, message: string, id: number | null = 1) => ({ jsonrpc: '2.0', error: { code, message, data: null }, id });

/** The P-Chain height fails as the fault says; the X-Chain's still answers. */
async function failPHeight(fault: Parameters<typeof h.sandbox.fail>[0]) {
  h.sandbox.fail({ operation: 'platform.getHeight', ...fault });
  const res = await h.raw<any>(HEIGHTS);
  expect(res.data.network.pChain.height).toBeNull();
  expect(res.data.network.xChain.height).toEqual(expect.any(String));
  expect(res.errors).toHaveLength(1);
  return res.errors![0]!;
}

describe('JSON-RPC errors (HTTP 200)', () => {
  it.each([
    ['an unknown method', 'rpc: can\'t find method "platform.GetHeight"'],
    ['an unknown service', 'rpc: can\'t find service "platform.GetHeight"'],
  ])('%s → NODE_API_UNAVAILABLE, naming the method and the likely cause', async (_case, message) => {
    const error = await failPHeight({ kind: 'body', body: rpcError(-32000, message) });
    expect(error.extensions).toMatchObject({
      code: 'NODE_API_UNAVAILABLE',
      upstream: { api: 'P-Chain', operation: 'platform.getHeight', rpcCode: -32000, message },
    });
    expect(error.message).toMatch(/has no platform\.getHeight .*older avalanchego/);
  });

  it.each([
    ['an upper-case method', rpcError(-32000, 'method must start with a non-uppercase letter'), 'UPSTREAM_BAD_REQUEST'],
    ['a method without a dot', rpcError(-32000, 'rpc: service/method request ill-formed: "getHeight"'), 'UPSTREAM_BAD_REQUEST'],
    [
      'params that do not unmarshal',
      rpcError(
        -32000,
        "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
      ),
      'UPSTREAM_BAD_REQUEST',
    ],
    ['an unknown id', rpcError(-32000, "couldn't get tx: not found"), 'NOT_FOUND'],
    ['any other failure', rpcError(-32000, 'database closed'), 'UPSTREAM_RPC_ERROR'],
  ])('%s → %s', async (_case, body, code) => {
    const error = await failPHeight({ kind: 'body', body });
    expect(error.extensions).toMatchObject({
      code,
      upstream: { service: 'node', operation: 'platform.getHeight', rpcCode: body.error.code, message: body.error.message },
    });
    expect(error.message).toContain(body.error.message);
  });

  it.each([
    [
      'a batch array',
      rpcError(-32700, 'json: cannot unmarshal array into Go value of type json2.serverRequest', null),
      'UPSTREAM_BAD_REQUEST',
      /refused the gateway's call to platform\.getHeight as malformed \(JSON-RPC -32700\): a fault of the gateway/,
    ],
    ['jsonrpc other than 2.0', rpcError(-32600, 'jsonrpc must be 2.0'), 'UPSTREAM_BAD_REQUEST', /as malformed \(JSON-RPC -32600\)/],
    [
      'an internal error (a panic)',
      rpcError(-32603, 'method handler crashed: runtime error at /home/runner/go/pkg/mod/x.go:12'),
      'UPSTREAM_RPC_ERROR',
      /failed internally at platform\.getHeight \(JSON-RPC -32603\)/,
    ],
  ])('%s → %s, without the text of the framing or the crash', async (_case, body, code, message) => {
    const error = await failPHeight({ kind: 'body', body });
    expect(error.extensions).toMatchObject({
      code,
      upstream: { service: 'node', operation: 'platform.getHeight', rpcCode: body.error.code },
    });
    expect((error.extensions!.upstream as Record<string, unknown>).message).toBeUndefined();
    expect(error.message).toMatch(message);
    expect(JSON.stringify(error)).not.toContain(body.error.message);
  });

  it("the node's words are bounded, and control characters replaced", async () => {
    const error = await failPHeight({ kind: 'body', body: rpcError(-32000, `database\u0000 closed\u202E ${'x'.repeat(5000)}`) });
    const said = (error.extensions!.upstream as Record<string, string>).message!;
    expect(said).toMatch(/^database {2}closed {2}x+… \(cut at 300 characters\)$/);
    expect(error.message.length).toBeLessThan(400);
  });

  it('an answer with neither result nor error is an invalid response; so is broken JSON', async () => {
    expect((await failPHeight({ kind: 'body', body: { jsonrpc: '2.0', id: 1 } })).extensions!.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect((await failPHeight({ kind: 'malformed' })).extensions!.code).toBe('UPSTREAM_INVALID_RESPONSE');
  });
});

describe('HTTP answers of the node', () => {
  it.each([
    [405, 'UPSTREAM_BAD_REQUEST'],
    [415, 'UPSTREAM_BAD_REQUEST'],
    [403, 'UPSTREAM_FORBIDDEN'],
    [503, 'UPSTREAM_UNAVAILABLE'],
  ])("%i → %s, with the node's text", async (status, code) => {
    const error = await failPHeight({ kind: 'status', status });
    expect(error.extensions).toMatchObject({ code, upstream: { status, message: expect.any(String) } });
  });

  it('a path the node does not serve (404) says which API and what to do', async () => {
    h.sandbox.node.adminEnabled = false;
    h.sandbox.node.indexEnabled = false;
    const res = await h.raw(
      `{ network { admin { loggerLevels { name } } index(name: P_BLOCK) { lastAccepted { id } } pChain { height } } }`,
      undefined,
      {},
    );
    // Without ADMIN_TOKEN the admin field is refused before the node; the index answers 404.
    expect(codes(res).sort()).toEqual(['FORBIDDEN', 'NODE_API_UNAVAILABLE']);
    const unavailable = res.errors!.find((e) => e.extensions!.code === 'NODE_API_UNAVAILABLE')!;
    expect(unavailable.extensions).toMatchObject({ upstream: { api: 'index', service: 'node' } });
    expect((res.data as any).network.pChain.height).toEqual(expect.any(String));
  });

  it("a chain still bootstrapping answers 503 with the node's words", async () => {
    h.sandbox.node.bootstrapping = ['X'];
    const res = await h.raw<any>(HEIGHTS);
    expect(codes(res)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(res.errors![0]!.path).toEqual(['network', 'xChain', 'height']);
    expect(res.errors![0]!.extensions).toMatchObject({
      upstream: { status: 503, message: expect.stringContaining('not done bootstrapping') },
    });
  });

  it('a node that does not answer in time is a timeout', async () => {
    const error = await failPHeight({ kind: 'hang' });
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', upstream: { service: 'node' } });
  });
});

describe("the EVM endpoint's errors", () => {
  const [chainId] = [...getNodeWorld('mainnet').chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
  const q = `{ network { blockchain(blockchainId: "${chainId}") { feeConfig { gasLimit } chainConfig { chainId } } } }`;

  it('a batch refused as a whole fails each of its calls', async () => {
    h.sandbox.fail({
      operation: 'batch',
      kind: 'body',
      body: [{ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'batch too large' } }],
    });
    const res = await h.raw<any>(q);
    expect(res.data.network.blockchain).toEqual({ feeConfig: null, chainConfig: null });
    expect(codes(res)).toEqual(['UPSTREAM_BAD_REQUEST', 'UPSTREAM_BAD_REQUEST']);
    expect(res.errors![0]!.extensions).toMatchObject({ upstream: { rpcCode: -32600 } });
    expect(JSON.stringify(res.errors)).not.toContain('batch too large');
  });

  it.each([
    [-32601, 'the method eth_feeConfig does not exist/is not available', 'NODE_API_UNAVAILABLE'],
    [-32602, 'invalid argument 0: hex string without 0x prefix', 'UPSTREAM_BAD_REQUEST'],
    [-32000, 'cannot query unfinalized data', 'UPSTREAM_RPC_ERROR'],
  ])('%i (%s) → %s', async (code, message, expected) => {
    h.sandbox.fail({ operation: 'eth_feeConfig', kind: 'body', body: { jsonrpc: '2.0', id: 1, error: { code, message } } });
    const res = await h.raw<any>(`{ network { blockchain(blockchainId: "${chainId}") { feeConfig { gasLimit } status } } }`);
    expect(res.data.network.blockchain.feeConfig).toBeNull();
    expect(res.data.network.blockchain.status).toEqual(expect.any(String));
    expect(codes(res)).toEqual([expected]);
  });
});

describe('the call budget', () => {
  it('counts node calls like any other upstream call', async () => {
    const small = await startHarness({ UPSTREAM_CALL_BUDGET: '2', DEMAND_CONTROL: 'measure' });
    try {
      const res = await small.raw<any>(`{ network { pChain { height currentSupply } xChain { height } } }`);
      expect(codes(res)).toEqual(['UPSTREAM_BUDGET_EXCEEDED']);
      expect(small.sandbox.count()).toBe(2);
    } finally {
      await small.close();
    }
  });
});

describe("the node's answers the gateway reads with care", () => {
  it('a batch answered out of order, one call failed: each field gets its own answer', async () => {
    const [chainId] = [...getNodeWorld('mainnet').chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
    // A request's ids start at 1, in the order its calls are made: eth_feeConfig, then eth_getChainConfig.
    h.sandbox.fail({
      operation: 'batch',
      kind: 'body',
      body: [
        { jsonrpc: '2.0', id: 2, result: { chainId: 7 } },
        { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'boom' } },
      ],
    });
    const res = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${chainId}") { feeConfig { gasLimit } chainConfig { chainId } } } }`,
    );
    expect(res.data.network.blockchain).toEqual({ feeConfig: null, chainConfig: { chainId: 7 } });
    expect(codes(res)).toEqual(['UPSTREAM_RPC_ERROR']);
    expect(res.errors![0]!.path).toEqual(['network', 'blockchain', 'feeConfig']);
  });

  it('a batch answer that is not JSON-RPC at all is an invalid response, not a crash', async () => {
    const [chainId] = [...getNodeWorld('mainnet').chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created')!;
    h.sandbox.fail({ operation: 'batch', kind: 'body', body: null });
    const res = await h.raw<any>(
      `{ network { blockchain(blockchainId: "${chainId}") { feeConfig { gasLimit } chainConfig { chainId } } } }`,
    );
    expect(codes(res)).toEqual(['UPSTREAM_INVALID_RESPONSE', 'UPSTREAM_INVALID_RESPONSE']);
  });

  it('an index that holds nothing yet has no last container and no containers, without an error', async () => {
    const empty = rpcError(-32000, 'no containers have been accepted');
    h.sandbox.fail(
      { operation: 'index.getLastAccepted', kind: 'body', body: empty },
      { operation: 'index.getContainerRange', kind: 'body', body: empty },
    );
    const res = await h.raw<any>(
      `{ network { index(name: X_VTX) { lastAccepted { id } containers { nodes { id } pageInfo { hasNextPage } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.network.index).toEqual({ lastAccepted: null, containers: { nodes: [], pageInfo: { hasNextPage: false } } });
  });

  it('a block whose JSON has no id gets the sha256 of its bytes, with one more call', async () => {
    const block = getNodeWorld('mainnet').platform.blocks[7]!;
    const json = (
      (await await fetch(`${h.sandbox.nodeUrl('mainnet')}/ext/bc/P`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'platform.getBlockByHeight',
          params: { height: block.height, encoding: 'json' },
        }),
      }).then((r) => r.json())) as any
    ).result;
    delete json.block.id;
    h.sandbox.reset();
    h.sandbox.fail({ operation: 'platform.getBlockByHeight', kind: 'body', body: { jsonrpc: '2.0', id: 1, result: json } });
    const res = await h.raw<any>(`{ network { pChain { block(height: "${block.height}") { blockId hex } } } }`);
    expect(res.errors).toBeUndefined();
    const bytes = decodeHexWithChecksum(res.data.network.pChain.block.hex);
    expect(res.data.network.pChain.block.blockId).toBe(cb58Encode(createHash('sha256').update(bytes).digest()));
    // JSON, then hex once for both blockId and hex.
    expect(h.sandbox.count('platform.getBlockByHeight')).toBe(2);
  });

  it('asks the node once for what a request selects twice', async () => {
    const tx = getNodeWorld('mainnet').avm.txs[3]!.id;
    const res = await h.raw(`{ network {
      pChain { a: height b: height s1: currentSupply }
      primary: subnet(subnetId: "11111111111111111111111111111111LpoYY") { supply }
      xChain { t1: transaction(txId: "${tx}") { hex } t2: transaction(txId: "${tx}") { txId hex } }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(h.sandbox.counts).toEqual({ 'platform.getHeight': 1, 'platform.getCurrentSupply': 1, 'avm.getTx': 2, listSubnets: 1 });
  });
});

describe('refusals that name the public endpoint', () => {
  it('say which variable to set when the URL is the public one', async () => {
    const http = new HttpClient({ timeoutMs: 5000, retries: 0, connections: 2 });
    const client = new NodeClient(directTransport(http), {
      urls: { mainnet: h.sandbox.nodeUrl('mainnet'), fuji: h.sandbox.nodeUrl('fuji') },
      publicNetworks: new Set(['mainnet']),
    });
    h.sandbox.node.adminEnabled = false;
    h.sandbox.node.indexEnabled = false;
    try {
      await expect(adminLoadVMs(client, 'mainnet')).rejects.toThrow(
        /NODE_URL_MAINNET is the public endpoint .* which never serves it: set NODE_URL_MAINNET to your own node/,
      );
      await expect(indexGetLastAccepted(client, 'fuji', 'X/tx')).rejects.toThrow(
        /--index-enabled=true \(public endpoints never do\): point NODE_URL_FUJI at your own node/,
      );
    } finally {
      await http.close();
    }
  });
});
