/**
 * Contract tests against the Data API's OpenAPI document (test/upstream/):
 * - every request the gateway sends uses only parameters the spec defines for that path, with
 *   values the spec allows;
 * - every answer the sandbox gives, success or error, validates against the response schema.
 * The sandbox is swept end to end, so every object of its world is validated at least once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import { ANSWER_CHECKS } from '../../src/upstreams/answer-checks.generated.js';
import { DATA_API_OPERATIONS, METRICS_API_OPERATIONS } from '../../src/upstreams/operations.js';
import type { SandboxAnswer } from '../../sandbox/routes.js';
import type { RecordedRequest } from '../../sandbox/server.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { AVG_TPS_SCHEMA } from '../upstream/answer-checks.js';
import { useHarness } from '../helpers/harness.js';

const contract = new OpenApiContract(new URL('../upstream/data-api.glacier.openapi.json', import.meta.url), 'glacier');
const metricsContract = new OpenApiContract(new URL('../upstream/metrics-api.popsicle.openapi.json', import.meta.url), 'popsicle');

const METRICS_ERRORS: Record<number, string> = {
  400: 'BadRequest',
  404: 'NotFound',
  429: 'TooManyRequests',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

/** Problems with a request to the Metrics API's legacy route: only `pageToken` is defined. */
function checkMetricsRequest(r: RecordedRequest): string[] {
  if (r.method !== 'GET' || !/^\/v1\/avg_tps\/\d+$/.test(r.path))
    return [`metrics: ${r.method} ${r.path} is not GET /v1/avg_tps/{chainId}`];
  return r.query.filter(([k]) => k !== 'pageToken').map(([k]) => `metrics: query parameter "${k}" is not documented`);
}
const world = getWorld('mainnet');
const fuji = getWorld('fuji');

const h = useHarness();
const answers: { request: RecordedRequest; answer: SandboxAnswer }[] = [];
beforeAll(() => {
  h.sandbox.onAnswer = (request, answer) => answers.push({ request: { ...request }, answer });
});

function chainOfPath(value: string): 'p' | 'x' | 'c' {
  if (value.endsWith('-chain')) return value[0] as 'p' | 'x' | 'c';
  for (const ids of Object.values(PRIMARY_CHAIN_IDS)) {
    for (const [key, id] of Object.entries(ids)) if (id === value) return key as 'p' | 'x' | 'c';
  }
  throw new Error(`not a primary chain: ${value}`);
}

/** The response schema for one answer; oneOf responses are narrowed to the variant the chain returns. */
function schemaFor(request: RecordedRequest, answer: SandboxAnswer): { on: OpenApiContract; schema: Record<string, unknown> } {
  if (request.service === 'metrics-api') {
    return answer.status === 200
      ? { on: metricsContract, schema: AVG_TPS_SCHEMA }
      : { on: metricsContract, schema: metricsContract.schemaRef(METRICS_ERRORS[answer.status]!) };
  }
  return { on: contract, schema: dataSchemaFor(request, answer) };
}

function dataSchemaFor(request: RecordedRequest, answer: SandboxAnswer): Record<string, unknown> {
  const match = contract.match(request.method, request.path)!;
  if (answer.status === 200 && match.operation.operationId === 'listLatestPrimaryNetworkTransactions') {
    const name = { p: 'ListPChainTransactionsResponse', x: 'ListXChainTransactionsResponse', c: 'ListCChainAtomicTransactionsResponse' }[
      chainOfPath(match.pathParams.blockchainId!)
    ];
    return contract.schemaRef(name);
  }
  if (answer.status === 200 && match.operation.operationId === 'getTxByHash') {
    const tx = answer.body as { chainFormat?: string; txType: string };
    const chain = chainOfPath(match.pathParams.blockchainId!);
    if (chain === 'p') return contract.schemaRef('PChainTransaction');
    if (chain === 'x') return contract.schemaRef(tx.chainFormat === 'linear' ? 'XChainLinearTransaction' : 'XChainNonLinearTransaction');
    return contract.schemaRef(tx.txType === 'ExportTx' ? 'CChainExportTransaction' : 'CChainImportTransaction');
  }
  const schema = contract.responseSchema(match, answer.status);
  if (!schema) throw new Error(`${match.operation.operationId} declares no ${answer.status} response`);
  return schema;
}

const evmWorld = getEvmWorld('mainnet');
const fujiEvm = getEvmWorld('fuji');
const cc = evmWorld.chains.get('43114')!;

/**
 * The gateway's queries, in the order they run: each is sent once, and every request they make is
 * checked against the spec. Some are there only for parameters the others leave out.
 */
const QUERIES = (() => {
  const a = world.addresses;
  const v = world.l1Validators[4]!;
  const l1 = world.subnets.find((s) => s.isL1)!;
  const reward = world.rewards[0]!;
  const cExport = world.transactions.c.find((t) => t.txType === 'ExportTx') as { evmInputs: { fromAddress: string }[] };
  return {
    mainnetSubnets: `{ network(name: MAINNET) { subnets(first: 3, sortOrder: ASC) { nodes { subnetId blockchains { blockchainId } } } } }`,
    fujiSubnetValidators: `{ network(name: FUJI) { subnets(first: 100) { nodes { subnetId l1Validators(first: 2, includeInactive: true) { nodes { validationId } } } } } }`,
    testnetSubnet: `{ network(name: TESTNET) { subnet(subnetId: "${fuji.subnets[2]!.subnetId}") { subnetId } } }`,
    l1Validators: `{ network { l1Validators(first: 120, validationId: "${v.validationId}", nodeId: "${v.nodeId}", subnetId: "${v.subnetId}", includeInactive: true) { nodes { validationId } } } }`,
    l1ValidatorTransactions: `{ network { l1Validator(validationId: "${v.validationId}") { transactions(first: 3, txTypes: [RegisterL1ValidatorTx, IncreaseL1ValidatorBalanceTx], startTimestamp: 0, endTimestamp: 2000000000, sortOrder: DESC) { nodes { txHash } } } } }`,
    l1Conversion: `{ network { subnet(subnetId: "${l1.subnetId}") { l1ConversionTransaction { txHash } l1ValidatorManagerDetails { blockchain { blockchainId } } } } }`,
    latestTransactions: `{ network { p: transactions(chain: P_CHAIN, first: 150) { nodes { txHash } } x: transactions(chain: X_CHAIN, first: 5) { nodes { txHash } } c: transactions(chain: C_CHAIN, first: 5) { nodes { txHash } } } }`,
    xChainAddressTransactions: `{ network { transactions(chain: X_CHAIN, addresses: ["X-${a[1]}", "${a[2]}"], txTypes: [BaseTx, ExportTx], startTimestamp: 1, endTimestamp: 1900000000, sortOrder: ASC, first: 20) { nodes { txHash consumedUtxos { addresses { chains { blockchainId } } } } } } }`,
    cChainAddressTransactions: `{ network { transactions(chain: C_CHAIN, addresses: ["${cExport.evmInputs[0]!.fromAddress}"]) { nodes { txHash } } } }`,
    transactionsByHash: `{ network { x: transaction(chain: X_CHAIN, txHash: "${world.transactions.x[3]!.txHash}") { txHash } p: transaction(chain: P_CHAIN, txHash: "${world.transactions.p[3]!.txHash}") { txHash } } }`,
    vertices: `{ network { vertices(first: 3) { nodes { vertexHash } } } }`,
    rewards: `{ network { rewards(addresses: ["${reward.addresses[0]}"], nodeIds: ["${reward.nodeId}"], currency: JPY, sortOrder: ASC, first: 2) { nodes { utxoId } } } }`,
    pChainAddress: `{ network { address(address: "P-${a[5]}") { chains { blockchainId } rewards(first: 1) { nodes { utxoId } } transactions(chain: P_CHAIN, first: 2) { nodes { txHash } } } } }`,
    evmChain: `{ network { evmChain(evmChainId: 43114) {
      transactions(first: 3, status: SUCCESS) { nodes { txHash to { contract { name } } } }
      averageTps(first: 150) { nodes { value } }
      icmMessages(first: 2, role: SOURCE) { nodes { messageId } }
      address(address: "${cc.accounts[1]}") {
        erc20Transfers(first: 2, startBlock: 1, endBlock: ${cc.headBlock}) { nodes { txHash } }
        internalTransactions(first: 2, startBlock: 0) { nodes { txHash } }
        collectibles(first: 600, contractAddress: "${[...cc.contracts.values()].find((c) => c.ercType === 'ERC-721')!.address}") { nodes { tokenId } }
        nativeBalance(blockNumber: "2", currency: EUR) { balance }
        contract { name }
        icmMessages(first: 1) { nodes { messageId } }
      }
    } } }`,
    fujiIcm: `{ network(name: FUJI) { icmMessages(first: 2, from: "${fujiEvm.icm[0]!.from}", to: "${fujiEvm.icm[0]!.to}") { nodes { messageId } } evmChain(evmChainId: 43113) { icmMessages(role: DESTINATION) { nodes { messageId } } } } }`,
    aggregatedSignature: `{ network { aggregatedSignature(txHash: "${world.transactions.p.find((t) => t.txType === 'ConvertSubnetToL1Tx')!.txHash}") { signedMessage } } }`,
    aggregateSignatures: `mutation { aggregateSignatures(input: { message: "0xabcd", justification: "00", signingSubnetId: "${world.subnets[3]!.subnetId}", quorumPercentage: 70, quorumPercentageBuffer: 10, pChainHeight: 5 }) { signedMessage } }`,
  };
})();

type ContractOperation = keyof typeof DATA_API_OPERATIONS | keyof typeof METRICS_API_OPERATIONS;

/**
 * The query that sends each operation the clients declare, keyed by operation id: an operation
 * declared without its query here fails to compile, not only this test. One query may serve several.
 */
const GATEWAY_QUERIES: Record<ContractOperation, string> = {
  listSubnets: QUERIES.mainnetSubnets,
  listL1Validators: QUERIES.l1Validators,
  listLatestPrimaryNetworkTransactions: QUERIES.latestTransactions,
  getTxByHash: QUERIES.transactionsByHash,
  getChainIdsForAddresses: QUERIES.pChainAddress,
  listLatestXChainVertices: QUERIES.vertices,
  listHistoricalPrimaryNetworkRewards: QUERIES.rewards,
  listLatestTransactions: QUERIES.evmChain,
  listErc20Transactions: QUERIES.evmChain,
  listInternalTransactions: QUERIES.evmChain,
  getNativeBalance: QUERIES.evmChain,
  listCollectibleBalances: QUERIES.evmChain,
  getContractMetadata: QUERIES.evmChain,
  listIcmMessagesByAddress: QUERIES.evmChain,
  listIcmMessages: QUERIES.fujiIcm,
  getAggregatedSignatures: QUERIES.aggregatedSignature,
  aggregateSignatures: QUERIES.aggregateSignatures,
  getAvgTps: QUERIES.evmChain,
};

describe('requests the gateway sends', () => {
  it('use only parameters the spec defines for the path, with allowed values', async () => {
    // Each query alone: the requests it made are the log's entries since it started.
    const sentBy = new Map<string, string[]>();
    for (const query of Object.values(QUERIES)) {
      const from = h.sandbox.log.length;
      const res = await h.raw(query);
      expect(res.errors, query).toBeUndefined();
      sentBy.set(query, [...new Set(h.sandbox.log.slice(from).map((r) => r.operation))]);
    }
    // Each operation is sent by the query keyed by it.
    for (const [operation, query] of Object.entries(GATEWAY_QUERIES)) {
      expect(sentBy.get(query), `${operation} is sent by its query`).toContain(operation);
    }
    const operations = new Set(h.sandbox.log.map((r) => r.operation));
    // And nothing the clients do not declare is sent.
    expect([...operations].sort()).toEqual(Object.keys({ ...DATA_API_OPERATIONS, ...METRICS_API_OPERATIONS }).sort());
    // Every answer the gateway reads is checked against its schema before it is kept.
    const unchecked = [...operations].filter((op) => !Object.values(ANSWER_CHECKS).some((checks) => op in checks));
    expect(unchecked).toEqual([]);
    const problems = h.sandbox.log.flatMap((r) => (r.service === 'metrics-api' ? checkMetricsRequest(r) : contract.checkRequest(r)));
    expect(problems).toEqual([]);
    // The one request body, against its schema.
    const post = h.sandbox.log.find((r) => r.operation === 'aggregateSignatures')!;
    expect(contract.validate(contract.schemaRef('SignatureAggregatorRequest'), post.body)).toEqual([]);
  });

  it('the checker itself catches an undefined parameter and a value out of range', () => {
    const base: RecordedRequest = {
      service: 'data-api',
      operation: 'listSubnets',
      method: 'GET',
      path: '/v1/networks/mainnet/subnets',
      query: [],
      status: 200,
    };
    expect(contract.checkRequest({ ...base, query: [['pageSize', '10001']] })[0]).toMatch(/pageSize=10001/);
    expect(contract.checkRequest({ ...base, query: [['limit', '1']] })).toEqual([
      'listSubnets: query parameter "limit" is not in the spec',
    ]);
    expect(contract.checkRequest({ ...base, path: '/v1/networks/devnet/subnets' })[0]).toMatch(/network="devnet"/);
  });
});

describe('answers the sandbox gives', () => {
  it('the validator itself refuses bodies that break the schema', () => {
    const subnet = world.subnets[1]!;
    expect(contract.validate(contract.schemaRef('ListSubnetsResponse'), { subnets: [subnet] })).toEqual([]);
    expect(contract.validate(contract.schemaRef('ListSubnetsResponse'), { subnets: [{ ...subnet, isL1: 'yes' }] })[0]).toMatch(
      /isL1 must be boolean/,
    );
    const { blockchains: _b, ...noChains } = subnet;
    expect(contract.validate(contract.schemaRef('ListSubnetsResponse'), { subnets: [noChains] })[0]).toMatch(
      /must have required property 'blockchains'/,
    );
    const tx = world.transactions.p[0]!;
    expect(contract.validate(contract.schemaRef('PChainTransaction'), { ...tx, txType: 'MintTx' })).not.toEqual([]);
    expect(contract.validate(contract.schemaRef('BadRequest'), { message: ['x'], statusCode: 400 })[0]).toMatch(
      /required property 'error'/,
    );
    const icm = { messages: [{ ...evmWorld.icm[0]!, status: 'lost' }] };
    expect(contract.validate(contract.schemaRef('ListIcmMessagesResponse'), { messages: [evmWorld.icm[0]] })).toEqual([]);
    expect(contract.validate(contract.schemaRef('ListIcmMessagesResponse'), icm)).not.toEqual([]);
    const erc20 = [...cc.contracts.values()].find((c) => c.ercType === 'ERC-20')!;
    const metadata = contract.responseSchema(contract.match('GET', `/v1/chains/43114/addresses/${erc20.address}`)!, 200)!;
    expect(contract.validate(metadata, erc20)).toEqual([]);
    expect(contract.validate(metadata, { ...erc20, ercType: 'ERC-777' })).not.toEqual([]);
    expect(metricsContract.validate(AVG_TPS_SCHEMA, { results: [], status: 200, lastRun: 1, nextPageToken: 'not-a-uuid' })).not.toEqual([]);
  });

  it('sweeping the whole world, validate against the response schemas', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${h.sandbox.dataApiUrl}${path}`);
      await res.arrayBuffer();
    };
    const pages = async (path: string, pageSize: number) => {
      let token: string | undefined;
      do {
        const res = await fetch(
          `${h.sandbox.dataApiUrl}${path}${path.includes('?') ? '&' : '?'}pageSize=${pageSize}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
        );
        const body = (await res.json()) as { nextPageToken?: string };
        token = body.nextPageToken;
      } while (token);
    };
    for (const [network, w] of [
      ['mainnet', world],
      ['testnet', fuji],
    ] as const) {
      await pages(`/v1/networks/${network}/subnets`, 10000);
      await pages(`/v1/networks/${network}/l1Validators?includeInactiveL1Validators=true`, 100);
      for (const chain of ['p-chain', 'x-chain', 'c-chain']) await pages(`/v1/networks/${network}/blockchains/${chain}/transactions`, 100);
      await pages(`/v1/networks/${network}/blockchains/${w.chainIds.x}/vertices`, 100);
      const nodes = [...new Set(w.rewards.map((r) => r.nodeId))];
      for (let i = 0; i < nodes.length; i += 20)
        await pages(`/v1/networks/${network}/rewards?currency=gbp&nodeIds=${nodes.slice(i, i + 20).join(',')}`, 100);
      for (let i = 0; i < w.addresses.length; i += 50)
        await get(`/v1/networks/${network}/addresses:listChainIds?addresses=${w.addresses.slice(i, i + 50).join(',')}`);
      for (const [chain, list] of [
        ['p-chain', w.transactions.p],
        ['x-chain', w.transactions.x],
        ['c-chain', w.transactions.c],
      ] as const) {
        for (const tx of list.filter((_t, i) => i % 25 === 0))
          await get(`/v1/networks/${network}/blockchains/${chain}/transactions/${tx.txHash}`);
      }
    }
    // The EVM side: the C-Chain in full, a few Subnet-EVM chains, both networks' ICM messages.
    const someChains = [...evmWorld.chains.values()].slice(0, 4);
    for (const chain of someChains) {
      await pages(`/v1/chains/${chain.chainId}/transactions`, 100);
      for (const account of chain.accounts.slice(0, 6)) {
        await pages(`/v1/chains/${chain.chainId}/addresses/${account}/transactions:listErc20`, 100);
        await pages(`/v1/chains/${chain.chainId}/addresses/${account}/transactions:listInternals`, 100);
        await pages(`/v1/chains/${chain.chainId}/addresses/${account}/balances:listCollectibles`, 500);
        await get(`/v1/chains/${chain.chainId}/addresses/${account}/balances:getNative?currency=chf&blockNumber=1`);
      }
      for (const contract of chain.contracts.values()) await get(`/v1/chains/${chain.blockchainId}/addresses/${contract.address}`);
      await pages(`/v1/icm/messages?blockchainId=${chain.blockchainId}`, 100);
    }
    for (const network of ['mainnet', 'fuji'] as const) {
      await pages(`/v1/icm/messages?network=${network}`, 100);
      await pages(`/v1/icm/addresses/${getEvmWorld(network).icm[0]!.from}/messages?network=${network}`, 100);
    }
    for (const chain of someChains) {
      let token: string | undefined;
      do {
        const res = await fetch(`${h.sandbox.metricsApiUrl}/v1/avg_tps/${chain.chainId}${token ? `?pageToken=${token}` : ''}`);
        token = ((await res.json()) as { nextPageToken?: string }).nextPageToken;
      } while (token);
    }
    const post = (path: string, body: unknown) =>
      fetch(`${h.sandbox.dataApiUrl}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }).then((r) => r.arrayBuffer());
    await post('/v1/signatureAggregator/mainnet/aggregateSignatures', { message: 'abcd', quorumPercentage: 67 });
    await post('/v1/signatureAggregator/mainnet/aggregateSignatures', { quorumPercentage: 101 });
    for (const tx of world.transactions.p.filter((t) => /L1Validator|ConvertSubnet/.test(t.txType)).slice(0, 10))
      await get(`/v1/signatureAggregator/mainnet/aggregateSignatures/${tx.txHash}`);
    await get(`/v1/signatureAggregator/mainnet/aggregateSignatures/${world.transactions.p[0]!.txHash}`);
    await get('/v1/chains/7/transactions');
    await get(`/v1/chains/43114/addresses/0x12/transactions:listErc20`);
    await fetch(`${h.sandbox.metricsApiUrl}/v1/avg_tps/43114?pageToken=nope`).then((r) => r.arrayBuffer());
    await fetch(`${h.sandbox.metricsApiUrl}/v1/avg_tps/7`).then((r) => r.arrayBuffer());

    // Error answers have their schema too.
    await get('/v1/networks/mainnet/subnets?pageSize=0');
    await get('/v1/networks/mainnet/l1Validators?pageSize=101&nodeId=x');
    await get('/v1/networks/mainnet/rewards');
    await get(`/v1/networks/mainnet/blockchains/p-chain/transactions/${world.transactions.x[0]!.txHash}`);
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 429, retryAfter: 3 });
    await get('/v1/networks/mainnet/subnets');
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503 });
    await get('/v1/networks/mainnet/subnets');

    const statuses = new Set(answers.map((a) => a.answer.status));
    expect([...statuses].sort()).toEqual([200, 201, 400, 404, 429, 503]);
    const operationsAnswered = new Set(answers.map((a) => a.request.operation));
    expect(operationsAnswered.size).toBe(18);
    const problems: string[] = [];
    for (const { request, answer } of answers) {
      const { on, schema } = schemaFor(request, answer);
      for (const p of on.validate(schema, answer.body)) problems.push(`${request.operation} ${answer.status}: ${p}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(answers.length).toBeGreaterThan(200);
  });
});
