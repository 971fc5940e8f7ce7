/**
 * Contract tests against the Data API's and the Metrics API's OpenAPI documents (test/contract/).
 * The contract lives where an endpoint already is: its operation is declared by its client
 * (src/upstreams/operations.ts), the sandbox must route every declared operation or not compile
 * (sandbox/data-api/index.ts, sandbox/metrics-api/metrics.ts), and every request the sandbox
 * receives in any test, from the endpoint's own test as from any other, is checked against the
 * spec, and every answer it gives against the response schema of its status (test/helpers/sandbox.ts,
 * which the harness uses). This file adds what those do not:
 * - a sweep of queries for the parameters other tests leave out, and that nothing undeclared is sent;
 * - a sweep of the sandbox's whole world, success and error answers, so that every object of it is
 *   validated at least once;
 * - the checkers themselves catch what they should.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CHECKS } from '../../src/upstreams/answer-checks.generated.js';
import { DATA_API_OPERATIONS, METRICS_API_OPERATIONS } from '../../src/upstreams/operations.js';
import { dataApiRoutes } from '../../sandbox/data-api/index.js';
import type { GorillaMethod, ServiceFor } from '../../sandbox/node/gorilla.js';
import type { DataApiRouteOperation, DataApiRoutes, RoutesOf, SandboxAnswer } from '../../sandbox/routes.js';
import type { RecordedRequest } from '../../sandbox/server.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getWorld } from '../../sandbox/world/world.js';
import { AVG_TPS_SCHEMA } from '../generate/answer-checks.js';
import { useHarness } from '../helpers/harness.js';
import {
  checkSandboxAnswer,
  checkSandboxRequest,
  dataApiContract as contract,
  metricsApiContract as metricsContract,
  RequestChecks,
  takeContractProblems,
} from '../helpers/sandbox.js';

const world = getWorld('mainnet');
const fuji = getWorld('fuji');

const h = useHarness();
const answers: { request: RecordedRequest; answer: SandboxAnswer }[] = [];
beforeAll(() => {
  // The node's answers have no OpenAPI schema: test/sandbox/sandbox-node.test.ts replays its documented examples.
  h.sandbox.observe({
    answer: (request, answer) => {
      if (request.service !== 'node') answers.push({ request: { ...request }, answer });
    },
  });
});

const evmWorld = getEvmWorld('mainnet');
const fujiEvm = getEvmWorld('fuji');
const cc = evmWorld.chains.get('43114')!;

/**
 * Queries sent once each, for parameters and values the other tests leave out (every request
 * they make is checked against the spec, as every test's are). Not one per operation: an
 * endpoint's own test sends it.
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

describe('the sandbox serves every declared operation', () => {
  // Checked by the compiler (`npm run typecheck`): each `@ts-expect-error` fails the type check
  // if the line below it stops being an error, i.e. if the sandbox's tables stop being complete.
  it('a declared operation without its route, or a route under an undeclared one, does not compile', () => {
    const { listSubnets: _route, ...withoutOne } = dataApiRoutes('avalanche');
    // @ts-expect-error listSubnets has no route
    const missing: RoutesOf<DataApiRouteOperation> = withoutOne;
    // @ts-expect-error no operation is called listSubnet
    const misspelt: DataApiRoutes = { listSubnet: withoutOne.listL1Validators };
    const getTxFee: GorillaMethod = { args: {}, call: () => ({}) };
    // @ts-expect-error avm.getTx (GetTx) is declared and has no method here
    const avm: ServiceFor<'avm'> = { GetTxFee: getTxFee };
    expect([missing, misspelt, avm].every(Boolean)).toBe(true);
  });
});

describe('requests the gateway sends', () => {
  it('use only parameters the spec defines for the path, with allowed values', async () => {
    // The harness checks every request against the spec after the test; here, that they are sent.
    for (const query of Object.values(QUERIES)) {
      const res = await h.raw(query);
      expect(res.errors, query).toBeUndefined();
    }
    const declared = Object.keys({ ...DATA_API_OPERATIONS, ...METRICS_API_OPERATIONS });
    const operations = new Set(h.sandbox.log.map((r) => r.operation));
    expect(operations.size).toBeGreaterThan(10);
    // Nothing the clients do not declare is sent.
    expect([...operations].filter((op) => !declared.includes(op))).toEqual([]);
    // Every answer the gateway reads is checked against its schema before it is kept.
    const unchecked = declared.filter((op) => !Object.values(ANSWER_CHECKS).some((checks) => op in checks));
    expect(unchecked).toEqual([]);
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
    const post = { ...base, operation: 'aggregateSignatures', method: 'POST', path: '/v1/signatureAggregator/mainnet/aggregateSignatures' };
    expect(contract.checkRequest({ ...post, body: { message: 'abcd', quorumPercentage: 67 } })).toEqual([]);
    expect(contract.checkRequest({ ...post, body: { message: 'abcd', quorumPercentage: 'most' } })[0]).toMatch(
      /body: \/quorumPercentage must be number/,
    );
    expect(checkSandboxRequest({ ...base, service: 'metrics-api', path: '/v1/avg_tps/43114', query: [['pageSize', '5']] })).toEqual([
      'metrics: query parameter "pageSize" is not documented',
    ]);
    expect(checkSandboxRequest({ ...base, service: 'metrics-api', path: '/v2/health-check' })).toEqual([]);
    expect(checkSandboxRequest({ ...base, service: 'node', path: '/mainnet/ext/bc/P', query: [['anything', '1']] })).toEqual([]);
    // Answers, against the response schema of their status.
    expect(checkSandboxAnswer(base, { status: 200, body: { subnets: world.subnets.slice(0, 2) } })).toEqual([]);
    expect(checkSandboxAnswer(base, { status: 200, body: { subnets: 'none' } })[0]).toMatch(
      /listSubnets 200 answer: \/subnets must be array/,
    );
    expect(checkSandboxAnswer(base, { status: 400, body: { message: ['x'], statusCode: 400 } })[0]).toMatch(/required property 'error'/);
  });

  it('every request the sandbox receives is checked, whoever sends it, and a problem names its request', async () => {
    const own = new RequestChecks(h.sandbox);
    try {
      await fetch(`${h.sandbox.dataApiUrl}/v1/networks/mainnet/subnets?limit=1`).then((r) => r.arrayBuffer());
      await fetch(`${h.sandbox.metricsApiUrl}/v1/avg_tps/43114?pageSize=5`).then((r) => r.arrayBuffer());
      await fetch(`${h.sandbox.nodeUrl('mainnet')}/ext/health`).then((r) => r.arrayBuffer());
      const expected = [
        'listSubnets: query parameter "limit" is not in the spec  (data-api GET /v1/networks/mainnet/subnets?limit=1)',
        'metrics: query parameter "pageSize" is not documented  (metrics-api GET /v1/avg_tps/43114?pageSize=5)',
      ];
      // What fails a test after it: the harness's own checks saw the same.
      expect(() => own.assertNone('here')).toThrow(expected.join('\n  '));
      expect(takeContractProblems(h.sandbox)).toEqual(expected);
    } finally {
      own.close();
    }
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

    // Requests the spec refuses, sent on purpose for the error answers above, are the only
    // problems: every answer of the sweep fits the response schema of its status.
    expect(takeContractProblems(h.sandbox).map((p) => p.replace(/:.*\(/, ' ('))).toEqual([
      'listSubnets (data-api GET /v1/networks/mainnet/subnets?pageSize=0)',
      'listL1Validators (data-api GET /v1/networks/mainnet/l1Validators?pageSize=101&nodeId=x)',
    ]);

    const statuses = new Set(answers.map((a) => a.answer.status));
    expect([...statuses].sort()).toEqual([200, 201, 400, 404, 429, 503]);
    // The world, not the endpoints, is what this sweeps: each endpoint's answers are validated in
    // its own tests, as every test's are (test/helpers/sandbox.ts).
    const declared = Object.keys({ ...DATA_API_OPERATIONS, ...METRICS_API_OPERATIONS });
    expect([...new Set(answers.map((a) => a.request.operation))].filter((op) => !declared.includes(op))).toEqual([]);
    expect(answers.length).toBeGreaterThan(200);
  });
});
