/**
 * Demand control's prices against the calls queries really make (issue 21).
 *
 * Every operation of examples/ and a corpus of nested queries of our own, across the Data API, the
 * Metrics API and the node, each run on a fresh gateway and sandbox with the cache off (nothing is
 * shared between queries, so every read is a call): the static estimate (src/yoga/cost-estimate.ts)
 * must never be below the calls the sandbox received, and at most twice them where the price can be
 * exact. Where only the data decides how many calls a query makes (which subnets are L1s, whether a
 * lookup is answered from a list the request read, how many UTXOs an address holds), the estimate
 * counts the most the code can make and the case says why it cannot be tighter: the table shows its
 * ratio, and only the lower bound is asserted.
 *
 * Every resolver of both schemas is wrapped before anything runs, so each call that goes through the
 * gateway's HttpClient is attributed to the field whose resolver was running (AsyncLocalStorage): a
 * field that made a call without a `price` fails the run.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { isObjectType, Kind, parse, print, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimate, type Estimate } from '../../src/yoga/cost-estimate.js';
import { ListLengths } from '../../src/reuse/list-lengths.js';
import { COST_EXTENSION, type FieldCost } from '../../src/graph/cost.js';
import { encodeGlobalId } from '../../src/graph/global-id.js';
import { prefetchingFields } from '../../src/graph/lookahead.js';
import { schema, subgraphSchema } from '../../src/graph/index.js';
import { getEvmWorld, SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';
import { SHOWCASE_ADDRESS } from '../../sandbox/world/showcase.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startHarness } from '../helpers/harness.js';
import {
  attribute,
  byField as groupByField,
  calls as attributed,
  clearAttribution,
  reads,
  recordCalls,
  type Attributed,
} from '../helpers/attribution.js';

// --- attribution: which field's resolver made each call (test/helpers/attribution.ts) ------------------

// Before the first execution: graphql-jit compiles the resolvers it finds then.
attribute(schema);
attribute(subgraphSchema());
afterAll(recordCalls());

/** The price a field of `target` declares, if any. */
function priceOf(target: GraphQLSchema, field: string): unknown {
  const [typeName, fieldName] = field.split('.') as [string, string];
  const type = target.getType(typeName);
  return isObjectType(type) ? type.getFields()[fieldName]?.extensions?.[COST_EXTENSION] : undefined;
}

// --- the corpus ---------------------------------------------------------------------------------------

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** Sent to the subgraph (`_entities`) rather than the graph. */
  subgraph?: boolean;
  /** Error codes the answer may hold: the call that failed was made, and counted, all the same. */
  errors?: string[];
  /**
   * Why the estimate may pass twice the calls, when only the data decides how many calls the query
   * makes; absent, the price can be exact and the 2x bound is asserted.
   */
  loose?: string;
}

const ADMIN_TOKEN = 'examples-admin-token-0123456789';
const examplesDir = new URL('../../examples/', import.meta.url);

/** Why an example's estimate cannot be tighter: the data decides, not the query. */
const EXAMPLE_LOOSE: Record<string, string> = {
  Address:
    "`rewardTransaction` is a lookup per transaction, made only for those with a reward and not already on the listed page (here none are): both are the data's.",
  SubnetToValidators:
    "`l1Validators` is counted for every subnet (only an L1 calls), their validators' `transactions` for as many validators as `first` allows, and the manager's `blockchain` as a catalog read (none when it is the L1's own chain): which subnets are L1s and how many validators they have is the data's.",
  XAndPChain:
    "`xChainBalances` walks every page of the address's UTXOs (priced at the most it reads before it fails: 9), the blocks' transactions are priced at 5 each with a lookup each, and their assets at 5 distinct ones: the sizes are the data's.",
  AdminWrite: '`nodeSetLoggerLevel` reads the levels back only when the node answers `{}` (older nodes do): the node decides.',
  EvmChain:
    "`to.contract` is a lookup per transaction, made once per distinct contract: how many distinct contracts a page names is the data's.",
  IcmMessages: "`recipient.contract` is a lookup per message, made once per distinct contract: the data's.",
  NodeChains:
    "The subnet's chains are priced at three (a subnet has one to three), each with its status, one eth_* batch and its validators, and the batch is counted for every chain though only Subnet-EVM chains serve it: how many chains, and which VMs, is the data's.",
};

/** Why a query naming assets' descriptions may be priced above twice its calls. */
const ASSETS_LOOSE =
  "Asset descriptions are looked up once per distinct asset, priced at 5 for a response: how many distinct assets the UTXOs name (here AVAX alone) is the data's.";

function examples(): Case[] {
  const cases: Case[] = [];
  for (const file of readdirSync(examplesDir).filter((f) => f.endsWith('.graphql'))) {
    const text = readFileSync(new URL(file, examplesDir), 'utf8');
    const sidecar = new URL(file.replace(/\.graphql$/, '.variables.json'), examplesDir);
    const variables = existsSync(sidecar) ? (JSON.parse(readFileSync(sidecar, 'utf8')) as Record<string, unknown>) : undefined;
    const document = parse(text);
    for (const op of document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)) {
      const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
      const name = op.name!.value;
      cases.push({
        name: `examples/${file} ${name}`,
        query: [op, ...fragments].map((d) => print(d)).join('\n'),
        variables,
        loose: EXAMPLE_LOOSE[name],
      });
    }
  }
  return cases;
}

const world = getWorld('mainnet');
const evm = getEvmWorld('mainnet');
const id = (typename: string, key: string) => encodeGlobalId(typename, `mainnet:${key}`);

// What the corpus asks about, found in the sandbox's world (not written out: the world decides).
const l1s = world.subnets.filter(
  (s) => s.isL1 && s.blockchains.some((b) => b.vmId === 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'),
);
const l1 = l1s[0]!;
const l1Validators = world.l1Validators.filter((v) => v.subnetId === l1.subnetId);
const evmChainOfL1 = l1.blockchains.find((b) => b.evmChainId)!;
const pTxWithReward = world.transactions.p.find(
  (tx) => 'rewardTxHash' in tx && tx.rewardTxHash && tx.txType === 'AddPermissionlessValidatorTx',
)!;
const conversion = world.transactions.p.find((tx) => tx.txType === 'ConvertSubnetToL1Tx')!;
const xTx = world.transactions.x[0]!;
const [a1, a2, a3, a4, a5] = world.addresses;
const icmSender = evm.icm[0]!.from;

/** Our own nested queries: each says what it costs and, where the data decides, why the estimate is looser. */
const ours: Case[] = [
  // --- the Data API ---
  {
    name: 'a page of subnets with their chains',
    query: '{ network { subnets(first: 20) { nodes { subnetId isL1 blockchains { blockchainId evmChainId vmId } } } } }',
  },
  {
    name: 'two aliases of the same page, and another page',
    query:
      '{ network { a: subnets(first: 50) { nodes { subnetId } } b: subnets(first: 50) { nodes { isL1 } } c: subnets(first: 5, sortOrder: ASC) { nodes { subnetId } } } }',
  },
  {
    name: 'one subnet by id, its chains and their subnet',
    query: `{ network { subnet(subnetId: "${l1.subnetId}") { isL1 blockchains { blockchainName subnet { subnetId } } } } }`,
    loose: "whether the subnet listing lacks the subnet (then getSubnetById is asked) is the data's",
  },
  {
    name: 'a blockchain and an EVM chain by id share the catalog',
    query: `{ network { blockchain(blockchainId: "${evmChainOfL1.blockchainId}") { blockchainName subnet { isL1 } evm { evmChainId } }
      evmChain(evmChainId: ${evmChainOfL1.evmChainId}) { blockchainId blockchain { vmId } } } }`,
    loose: "whether the subnet listing lacks the blockchain (then getBlockchainById is asked) is the data's",
  },
  {
    name: "an L1's validators, their subnet and their transactions",
    query: `{ network { l1Validators(first: 5, subnetId: "${l1.subnetId}") { nodes { nodeId subnet { subnetId } transactions(first: 2) { nodes { txHash txType } } } } } }`,
  },
  {
    name: 'an L1 validator by id, with its subnet',
    query: `{ network { l1Validator(validationId: "${l1Validators[0]!.validationId}") { weight subnet { isL1 } } } }`,
  },
  {
    name: 'P-Chain transactions with their subnet and chain',
    query:
      '{ network { transactions(chain: P_CHAIN, first: 10) { nodes { txHash blockchain { blockchainName } ... on PChainTransaction { subnet { subnetId } } } } } }',
  },
  {
    name: 'a hundred X-Chain transactions: pages cut short by their UTXOs',
    query: '{ network { transactions(chain: X_CHAIN, first: 100) { nodes { txHash emittedUtxos { amount } } } } }',
  },
  {
    name: 'C-Chain atomic transactions with their inputs and outputs',
    query:
      '{ network { transactions(chain: C_CHAIN, first: 20) { nodes { txHash ... on CChainAtomicTransaction { evmInputs { fromAddress asset { symbol } } evmOutputs { toAddress } } } } } }',
  },
  {
    name: 'a staking transaction by hash, with its reward transaction',
    query: `{ network { transaction(chain: P_CHAIN, txHash: "${pTxWithReward.txHash}") { txType ... on PChainTransaction { rewardTransaction { txHash } stakingTransaction { txHash } } } } }`,
    loose:
      '`stakingTransaction` is looked up only when the transaction names one (a reward transaction does; a staking one does not): the data decides.',
  },
  {
    name: 'an address: its chains as blockchains, and its rewards',
    query: `{ network { address(address: "${SHOWCASE_ADDRESS}") { chains { primaryChain blockchain { blockchainName } } rewards(first: 5) { nodes { reward { amount } } } } } }`,
  },
  {
    name: 'five addresses: their chains in one call, their X-Chain transactions each',
    query: `{ network { addresses(addresses: ["${a1}", "${a2}", "${a3}", "${a4}", "${a5}"]) { chains { blockchainId } transactions(chain: X_CHAIN, first: 3) { nodes { txHash } } } } }`,
  },
  {
    name: "rewards by address, with their addresses' chains",
    query: `{ network { rewards(addresses: ["${SHOWCASE_ADDRESS}"], first: 20) { nodes { txHash addresses { address chains { blockchainId } } } } } }`,
    loose:
      "A reward's addresses are an owner set, priced at the longest seen on the network, and at 16 before one is seen (here none is): the chains' lookups are priced for that many addresses.",
  },
  {
    name: 'X-Chain vertices',
    query: '{ network { vertices(first: 5) { chainInfo { chainName } nodes { vertexHash txCount } } } }',
  },
  {
    name: "the C-Chain's transactions with their parties' contracts",
    query:
      '{ network { evmChain(evmChainId: 43114) { transactions(first: 10) { nodes { txHash from { account { address } } to { contract { name ercType } } } } } } }',
    loose: "`to.contract` is a lookup per transaction, one per distinct contract (a page of transfers of one token makes one): the data's.",
  },
  {
    name: "an L1's EVM chain: its blockchain and TPS over two Metrics API pages",
    query: `{ network { evmChain(blockchainId: "${evmChainOfL1.blockchainId}") { evmChainId blockchain { blockchainName } averageTps(first: 150) { lastRun nodes { value } } } } }`,
  },
  {
    name: "an EVM address's transfers, internal transactions and balance",
    query: `{ network { evmChain(evmChainId: 43114) { address(address: "${SHOWCASE_EVM_ADDRESS}") { nativeBalance(currency: EUR) { balance } erc20Transfers(first: 10) { nodes { value erc20Token { symbol contract { name } } } } internalTransactions(first: 5) { nodes { txHash } } } } } }`,
    loose: "`erc20Token.contract` is a lookup per transfer, one per distinct token: the data's.",
  },
  {
    name: "an EVM address's collectibles and ICM messages",
    query: `{ network { evmChain(evmChainId: 43114) { address(address: "${SHOWCASE_EVM_ADDRESS}") { collectibles(first: 5) { nodes { tokenId contract { name } } } icmMessages(first: 5) { nodes { messageId status } } } } } }`,
    loose: '`contract` is a lookup per collectible, one per distinct contract: the data decides.',
  },
  {
    name: "a network's ICM messages with both ends",
    query:
      '{ network { icmMessages(first: 10) { nodes { messageId sourceChain { evmChainId } destinationChain { blockchainId } sourceBlockchain { blockchainName } sender { address } } } } }',
  },
  {
    name: "an address's ICM messages on every network",
    query: `{ network { address(address: "${icmSender}") { icmMessages(allNetworks: true, first: 5) { nodes { messageId network destinationBlockchain { blockchainName } } } } } }`,
    loose:
      "Across networks each message is placed by the subnet catalogs, both networks' counted: a message between the X- or C-Chain needs none, and the second catalog is read only for a chain the first does not list.",
  },
  {
    name: 'the aggregated signature of a conversion',
    query: `{ network { aggregatedSignature(txHash: "${conversion.txHash}") { signedMessage } } }`,
  },
  {
    name: 'objects again by global id, across types',
    query: `{ nodes(ids: ["${id('Subnet', l1.subnetId)}", "${id('Blockchain', evmChainOfL1.blockchainId)}", "${id('L1Validator', l1Validators[0]!.validationId)}", "${id('PChainTransaction', conversion.txHash)}", "${id('Address', a1!)}"]) { id ... on L1Validator { subnet { subnetId } } } }`,
  },
  {
    name: 'an L1 validator by global id, with its subnet',
    query: `{ node(id: "${id('L1Validator', l1Validators[1]!.validationId)}") { ... on L1Validator { nodeId subnet { isL1 } } } }`,
  },
  {
    name: 'entities of the subgraph by representation',
    subgraph: true,
    query: 'query ($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Subnet { isL1 } ... on L1Validator { weight } } }',
    variables: {
      r: [
        ...world.subnets.slice(0, 3).map((s) => ({ __typename: 'Subnet', network: 'MAINNET', subnetId: s.subnetId })),
        ...l1Validators.slice(0, 2).map((v) => ({ __typename: 'L1Validator', network: 'MAINNET', validationId: v.validationId })),
        { __typename: 'PChainTransaction', network: 'MAINNET', chain: 'P_CHAIN', txHash: conversion.txHash },
      ],
    },
  },
  {
    name: 'conversion transactions of subnets, with their validators',
    query:
      '{ network { subnets(first: 5) { nodes { isL1 l1ConversionTransaction { txHash ... on PChainTransaction { l1ValidatorDetails { validator { weight } } } } } } } }',
    loose: 'A subnet has a conversion transaction to look up only if it is an L1, and the validators it names only then: the data decides.',
  },
  // --- the node (JSON-RPC) ---
  {
    name: 'the P-Chain: height, supply, a blockchain status',
    query: `{ network { pChain { height currentSupply a: blockchainStatus(blockchainId: "${evmChainOfL1.blockchainId}") } } }`,
  },
  {
    name: "an L1's validator set with their Data API records",
    query: `{ network { pChain { currentValidators(subnetId: "${l1.subnetId}") { nodeId balance l1Validator { weight remainingBalance } } } } }`,
  },
  {
    name: 'P-Chain validators of the Primary Network with their delegators',
    query: `{ network { pChain { currentValidators(nodeIds: ["${world.nodeIds[0]}", "${world.nodeIds[1]}"]) { nodeId delegatorCount delegators { txId weight } } } } }`,
    loose: '`delegators` is a call per validator that has delegators (none for those that have none): the data decides.',
  },
  {
    name: 'a P-Chain block with its transactions in the Data API',
    query: '{ network { pChain { block(height: "120") { blockId hex height transactions { txId transaction { txHash txType } } } } } }',
    loose: 'A block holds the transactions it holds (priced at 5, each looked up): the data decides.',
  },
  {
    name: 'an X-Chain block, its transactions and their assets',
    query: '{ network { xChain { block(height: "5") { blockId hex transactions { txId hex outputs { amount asset { symbol } } } } } } }',
    loose:
      'A block holds the transactions it holds (priced at 5, each with its hex), naming the assets it names (priced at 5): the data decides.',
  },
  {
    name: 'an X-Chain transaction, its inputs, and its Data API view',
    loose: ASSETS_LOOSE,
    query: `{ network { xChain { transaction(txId: "${xTx.txHash}") { inputs { amount asset { symbol denomination } } transaction { txType } } txFee { txFee } asset(assetId: "AVAX") { symbol } } } }`,
  },
  {
    name: "an address's X-Chain UTXOs and their assets",
    loose: ASSETS_LOOSE,
    query: `{ network { address(address: "${SHOWCASE_ADDRESS}") { xChainUtxos(first: 50) { nodes { utxoId asset { symbol } addresses { address } } } } } }`,
  },
  {
    name: 'the X-Chain UTXOs of an address that holds thousands',
    query: `{ network { xChain { utxos(addresses: ["${world.manyUtxosAddress}"], first: 2000) { pageInfo { hasNextPage } nodes { utxoId } } } } }`,
  },
  {
    name: 'balances of an address that holds thousands of UTXOs',
    query: `{ network { address(address: "${world.manyUtxosAddress}") { xChainBalances { assetId asset { symbol } utxoCount } } } }`,
    loose:
      "`xChainBalances` reads pages of 1024 UTXOs until the address's end: priced at the most it reads before it fails (9); how many it holds is the data's.",
  },
  {
    name: "an L1's chains as its node serves them (eth_* batched per chain)",
    loose: EXAMPLE_LOOSE.NodeChains,
    query: `{ network { subnet(subnetId: "${l1.subnetId}") { supply currentValidators { nodeId } blockchains { status feeConfig { gasLimit } genesisFee: feeConfig(block: "0") { minBaseFee } chainConfig { chainId precompiles { name } } activeRules { ethRules { name } } validators { nodeId uptimePercentage l1Validator { weight } } } } } }`,
  },
  {
    name: 'a node index: the last container, one by position, and a range of two pages',
    query:
      '{ network { index(name: P_BLOCK) { lastAccepted { id index } container(index: "1") { id } containers(first: 1500) { nodes { id } } } } }',
  },
  {
    name: "the node's health, every way",
    query: '{ network { health { report { healthy checks { name } } readiness { healthy } liveness { healthy } probe { httpStatus } } } }',
  },
  {
    name: "P-Chain balances and the node's blockchains in the Data API",
    query: `{ network { pChain { balance(addresses: ["${SHOWCASE_ADDRESS}"]) { balances { amount } utxoCount } blockchains { blockchainId blockchain { blockchainName } } } } }`,
  },
  {
    name: 'thirty subnets with their validator sets and supply',
    query: '{ network { subnets(first: 30) { nodes { subnetId supply currentValidators { nodeId weight } } } } }',
  },
  {
    name: 'subnets, their chains, and what Subnet-EVM chains serve',
    query: '{ network { subnets(first: 10) { nodes { blockchains { blockchainName feeConfig { gasLimit } chainConfig { chainId } } } } } }',
    loose: EXAMPLE_LOOSE.NodeChains,
    // The sandbox's node, like any, serves the chains of the subnets it tracks (its L1s) only: the others answer 404.
    errors: ['NODE_API_UNAVAILABLE'],
  },
  {
    // Fuzz case 29#1010: priced at one owner per subnet, five Fuji subnets' owners made 13 calls against 6.
    name: "a page of subnets' owners, each address's UTXOs",
    query:
      '{ network(name: FUJI) { subnets(first: 5) { nodes { ownerAddresses { xChainUtxos(first: 4, sourceChain: C_CHAIN) { __typename } } } } } }',
    loose:
      "A subnet's owner set is priced at the longest seen on the network, and at 16 before one is seen (here none is): how many keys each subnet has is the data's.",
  },
  {
    name: 'an L1 by its first validator: supply, validators, and their P-Chain entries',
    query: `{ network { l1Validators(first: 3, subnetId: "${l1.subnetId}") { nodes { pChainValidator { balance } subnet { supply l1Validators(first: 5) { nodes { pChainValidator { minNonce } } } } } } } }`,
  },
];

// --- running them ---------------------------------------------------------------------------------------

interface Row {
  name: string;
  actual: number;
  estimated: Estimate;
  loose?: string;
  /** Calls by field, for the attribution check. */
  byField: Map<string | undefined, Attributed[]>;
  /** Operations by field, each read of a batch by its own method and field. */
  readsByField: Map<string | undefined, Attributed[]>;
  /** The codes of the answer's errors that the case does not expect. */
  unexpected: unknown[];
}

async function run(c: Case): Promise<Row> {
  const h = await startHarness({ CACHE: 'off', ADMIN_TOKEN, FEDERATION: 'true' });
  try {
    clearAttribution();
    const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` };
    const yoga = c.subgraph ? h.gateway.subgraph! : h.gateway.yoga;
    const res = await yoga.fetch(`http://gateway.test/${c.subgraph ? 'subgraph' : 'graphql'}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: c.query, variables: c.variables }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    const document = parse(c.query);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const fragments = Object.fromEntries(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
    );
    // Priced as a fresh gateway prices it: with a table of lengths that has seen nothing.
    const estimated = estimate(c.subgraph ? subgraphSchema() : schema, operation, fragments, c.variables, new ListLengths());
    const byField = groupByField(attributed);
    expect(attributed.length, `${c.name}: every call the sandbox received went through the HttpClient`).toBe(h.sandbox.total);
    const unexpected = (body.errors ?? []).map((e) => e.extensions?.code).filter((code) => !c.errors?.includes(code!));
    return { name: c.name, actual: h.sandbox.total, estimated, loose: c.loose, byField, readsByField: groupByField(reads), unexpected };
  } finally {
    await h.close();
  }
}

const corpus = [...examples(), ...ours];
const rows: Row[] = [];

describe('prices against the calls made, cold cache', () => {
  it('has at least 30 queries of its own', () => {
    expect(ours.length).toBeGreaterThanOrEqual(30);
  });

  // One run of the corpus for both checks: each query on a gateway and sandbox of its own.
  beforeAll(async () => {
    for (const c of corpus) rows.push(await run(c));
    printTable(rows);
  }, 300_000);

  it('never estimates fewer calls than a query makes, and at most twice them where the price can be exact', () => {
    expect(rows.length).toBe(corpus.length);
    for (const row of rows) {
      expect(row.unexpected, `${row.name} answers without errors`).toEqual([]);
      expect(row.estimated.calls, `${row.name}: estimate below the calls made`).toBeGreaterThanOrEqual(row.actual);
      if (!row.loose)
        expect(row.estimated.calls, `${row.name}: estimate more than twice the calls made`).toBeLessThanOrEqual(2 * row.actual);
    }
  });

  it('finds a price on every field that made a call', () => {
    expect(rows.length).toBe(corpus.length);
    const unpriced: string[] = [];
    for (const row of rows) {
      for (const [field, calls] of row.byField) {
        const target = corpus.find((c) => c.name === row.name)!.subgraph ? subgraphSchema() : schema;
        if (field && priceOf(target, field)) continue;
        const operations = [...new Set(calls.map((call) => `${call.service} ${call.operation}`))].join(', ');
        unpriced.push(
          field
            ? `${field} made ${calls.length} call(s) (${operations}) in "${row.name}" but has no \`price\`: declare what it calls beside its resolver (src/graph/cost.ts)`
            : `${calls.length} call(s) (${operations}) in "${row.name}" were made outside any resolver: nothing prices them`,
        );
      }
    }
    // A lookahead's reads start in the resolver of the list above the field that reads ahead (a page
    // of subnets starts its L1s' `l1Validators`), so they are attributed to the list: the fields that
    // read ahead must have a price of their own all the same.
    expect(prefetchingFields().length).toBeGreaterThan(0);
    for (const field of prefetchingFields()) {
      if (!priceOf(schema, field)) unpriced.push(`${field} reads ahead for the lists above it but has no \`price\``);
    }
    expect(unpriced).toEqual([]);
  });
});

describe('the operations a price says its field reaches (`reaches`, docs/caching.md names them)', () => {
  it('include every operation the field called in the corpus', () => {
    // A lookahead's reads are attributed to the list above the field that reads ahead: those
    // operations are the prefetching fields' to declare, not the list's.
    const readAhead = new Set(prefetchingFields().flatMap((field) => (priceOf(schema, field) as FieldCost | undefined)?.reaches ?? []));
    const undeclared: string[] = [];
    for (const row of rows) {
      const target = corpus.find((c) => c.name === row.name)!.subgraph ? subgraphSchema() : schema;
      for (const [field, calls] of row.readsByField) {
        const reaches = field ? (priceOf(target, field) as FieldCost | undefined)?.reaches : undefined;
        if (!reaches) continue;
        for (const call of calls) {
          if (!reaches.includes(call.operation as never) && !readAhead.has(call.operation as never))
            undeclared.push(`${field} called ${call.operation} in "${row.name}" but its price's \`reaches\` does not name it`);
        }
      }
    }
    expect([...new Set(undeclared)]).toEqual([]);
  });
});

describe('the query of thirty aliased pages of a hundred subnets', () => {
  const aliases = Array.from(
    { length: 30 },
    (_, i) => `s${i}: subnets(first: 100) { nodes { subnetId isL1 blockchains { blockchainId blockchainName evmChainId vmId } } }`,
  );
  const query = `{ network { ${aliases.join(' ')} } }`;

  it('is refused by the node limit before any upstream call, naming the dearest paths', async () => {
    const h = await startHarness({ CACHE: 'off' });
    try {
      const res = await h.raw(query);
      expect(res.data ?? null).toBeNull();
      expect(res.errors).toHaveLength(1);
      const [error] = res.errors!;
      expect(error!.extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'nodes' });
      // Thirty pages of the same arguments are one read: it is the objects, not the calls, that pass.
      const { calls, nodes } = error!.extensions!.estimated as { calls: number; nodes: number };
      expect(calls).toBeLessThanOrEqual(h.config.callBudget);
      expect(nodes).toBeGreaterThan(h.config.cost.maxNodes);
      const paths = (error!.extensions!.paths as { path: string; nodes: number }[]).map((p) => p.path);
      expect(paths.slice(0, 2)).toEqual(['network.subnets.nodes.blockchains', 'network.subnets.nodes']);
      expect(error!.message).toContain('`network.subnets.nodes.blockchains`: up to');
      expect(error!.message).toContain('lower `first` on `subnets`');
      expect(h.sandbox.total).toBe(0);
    } finally {
      await h.close();
    }
  });
});

function printTable(table: Row[]): void {
  const lines = table.map((r) => {
    const ratio = r.actual === 0 ? '-' : (r.estimated.calls / r.actual).toFixed(2);
    return `${r.name.slice(0, 78).padEnd(78)} ${String(r.actual).padStart(6)} ${String(r.estimated.calls).padStart(9)} ${ratio.padStart(6)} ${String(r.estimated.nodes).padStart(8)}${r.loose ? '  data-dependent' : ''}`;
  });
  console.log(
    [
      `${'query'.padEnd(78)} ${'actual'.padStart(6)} ${'estimated'.padStart(9)} ${'ratio'.padStart(6)} ${'nodes'.padStart(8)}`,
      ...lines,
    ].join('\n'),
  );
}
