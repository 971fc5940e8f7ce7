/**
 * Every entity a client can list has a global `id`, so a normalised cache (Apollo Client,
 * Graphcache, Relay) keys it and a subscription's event merges into the lists already holding it;
 * what has none is declared a value object below, with the reason. Every Node type is reached in
 * the sandbox's world through the graph, and `node(id:)` gives the same object back; an id names
 * one object of one type, whichever path reached it.
 */
import {
  getNamedType,
  Kind,
  parse,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type OperationDefinitionNode,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COST_EXTENSION } from '../../src/graph/cost.js';
import { decodeGlobalId, encodeGlobalId, MAX_NODES, MAX_WRITTEN_GLOBAL_ID_LENGTH } from '../../src/graph/global-id.js';
import { schema } from '../../src/graph/index.js';
import { estimate } from '../../src/yoga/cost-estimate.js';
import { SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';
import { worldSamples } from '../fuzz/world-samples.js';
import { useHarness } from '../helpers/harness.js';

/**
 * Object types reachable from a list (or sent by a subscription) that are values, not entities: a
 * cache keeps them inside the object that holds them. Each says why it has no `id`.
 */
const VALUE_OBJECTS: Record<string, string> = {
  // Amounts, balances and prices: what an entity holds at a moment, not things of their own.
  AssetAmount: 'an amount of an asset inside a transaction, UTXO or reward',
  AggregatedAssetAmount: 'a sum of amounts over an address set, at the moment asked',
  PChainAssetAmount: 'an amount in a P-Chain balance, at the moment asked',
  XChainAssetBalance: "an address's amount of one asset, at the moment asked (avm.getAllBalances)",
  XChainBalance: "an address set's amount of one asset, at the moment asked",
  BtcbBridger: 'a row of a ranking (an address and an amount) for the threshold asked',
  StakeByVersion: 'a sum of stake per node version, at the moment asked',
  // Metric points and counts: a value per interval of a series.
  TpsPoint: 'a point of a TPS series (a timestamp and a value); `averageTps` events are points too',
  MetricPoint: 'a point of a metric series',
  ApiUsagePoint: "a point of the operator's Data API usage series (a time and its figures)",
  ApiUsageFigures: "the figures of one group (path, key, status) at one point of the operator's usage series",
  IcmMessageCount: 'a count of messages per interval and counterpart',
  EvmFeeHistoryBlock: 'fee figures of one block as eth_feeHistory answers them for the range asked',
  // Configurations and rules: settings of a chain at a time, reached through the chain.
  FeeConfig: "a chain's fee settings at a block; `feeConfig` events are the chain's settings changing",
  PrecompileConfig: "a precompile's settings in a chain's upgrade schedule",
  ActivePrecompile: 'a precompile active at the timestamp asked',
  ChainRule: 'an upgrade rule active at the timestamp asked',
  NetworkUpgrade: "a line of the node's upgrade schedule",
  GenesisAccount: "an account of a chain's genesis allocation, inside its genesis",
  StorageSlot: 'a storage slot of a genesis account, inside it',
  EvmStorageProof: 'a Merkle proof of one slot at the block asked',
  // Parts of a transaction: inputs, outputs and credentials are positions inside it.
  AvmCredential: 'a credential of a transaction, by position',
  PCredential: 'a credential of a transaction, by position',
  UtxoCredential: 'a credential of a UTXO spend, by position',
  EvmInput: 'an input of an atomic transaction, by position',
  EvmOutput: 'an output of an atomic transaction, by position',
  TransferableInput: 'an input of a transaction, by position; the UTXO it spends is its own entity',
  TransferableOutput: 'an output of a transaction, by position; as a UTXO it is `NodeUtxo`/`Utxo`',
  IcmReceipt: 'a delivery receipt inside the message that carries it',
  ResourceLink: "a link of a contract's project page, inside the contract",
  InternalTransaction:
    'the Data API gives it no index: two identical calls of one transaction cannot be told apart; its transaction is keyed',
  PBlockTransaction:
    "the node's JSON omits a P-Chain transaction's id in some blocks; its `transaction` (PChainTransaction, a Node) is keyed by the id",
  L1ValidatorDetails: 'what one transaction did to an L1 validator; the validator itself is `validator` (L1Validator, a Node)',
  TransactionVertex: "a vertex as a transaction's answer summarises it; the vertex itself is XChainVertex (a Node)",
  XChainBalanceUtxo: 'a reference (creating transaction, output index) that avm.getBalance gives with no network or data of its own',
  // Views from one side: what an address or a node sees.
  EvmAddressTransaction:
    'a transaction as one address sees it (only its own transfers): the same transaction differs per address; its `transaction` is keyed',
  AddressChain: 'a chain an address was active on, as listChainIds answers for that address',
  MatchedAddress: 'a hit of an address search for the conditions asked',
  ValidatorAddresses: 'the addresses of a validator set between two times, for the range asked',
  MeasuredChain: "a row of the Metrics API's chain list; the chain itself is `chain` (EvmChain, a Node)",
  NodePeer: "our node's connection to a peer at the moment asked, not an object of the network",
  NodeVm: 'a VM our node runs',
  NodeFx: 'a feature extension our node runs',
  NodeVmVersion: "a VM's version on our node",
  AcpVotes: "our node's view of an ACP's votes",
  HealthCheck: 'one check of a health report at the moment asked',
  HealthIndicator: 'one indicator of the Metrics API health report at the moment asked',
  LoadedVm: 'the answer of an admin call',
  FailedVm: 'the answer of an admin call',
  LoggerLevel: 'the answer of an admin call',
  // Snapshots of a validator set at a height: rows of a set read whole.
  PChainValidatorAtHeight: 'a row of the validator set at the height asked (a weight at that height)',
  PChainValidatorSet: 'a subnet validator set at the height asked',
  PChainWarpValidator: 'a Warp signer (public key and weight) in a set at the height asked',
};

/** The types the issue (34) named as lacking an `id`, and the entities added since: each has one now. */
const ENTITIES = [
  'EvmTransaction',
  'IcmMessage',
  'Utxo',
  'NodeUtxo',
  'PChainNodeUtxo',
  'PChainValidator',
  'PChainDelegator',
  'ChainValidator',
  'AvmTransaction',
  'AvmBlock',
  'PBlock',
  'XChainVertex',
  'HistoricalReward',
  'PendingReward',
  'Erc721Balance',
  'Erc1155Balance',
  'Erc20Balance',
  'Erc20Contract',
  'Erc721Contract',
  'Erc1155Contract',
  'UnknownContract',
  'Erc20Token',
  'Erc20Transfer',
  'Erc721Transfer',
  'Erc1155Transfer',
  'EvmBlock',
  'EvmLog',
  'EvmTransactionReceipt',
  'EvmTransactionSubmission',
  'SignedTransactionStatus',
  'CChainNodeAtomicTransaction',
  'PChainSubnetEntry',
];

const hasList = (type: GraphQLOutputType): boolean =>
  isListType(type) || (isNonNullType(type) && hasList(type.ofType as GraphQLOutputType));

const objectsOf = (type: GraphQLOutputType): readonly GraphQLObjectType[] => {
  const named = getNamedType(type);
  if (isObjectType(named)) return [named];
  if (isInterfaceType(named) || isUnionType(named)) return schema.getPossibleTypes(named);
  return [];
};

/** A Relay edge is a position in its connection, keyed by its node: `cursor` and `node`, nothing else of its own. */
const isEdge = (type: GraphQLObjectType) => type.name.endsWith('Edge') && 'cursor' in type.getFields() && 'node' in type.getFields();

/** Object types an item of a list or a subscription's event can be, with one field that reaches each. */
function listedTypes(): Map<string, string> {
  const reached = new Map<string, string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const events = type === schema.getSubscriptionType();
    for (const field of Object.values(type.getFields())) {
      if (!events && !hasList(field.type)) continue;
      for (const object of objectsOf(field.type)) if (!reached.has(object.name)) reached.set(object.name, `${type.name}.${field.name}`);
    }
  }
  return reached;
}

/** A non-null `id` keys a cache; `ID!` is what Node and the new ids use (IndexedContainer's older `String!` id keys as well). */
const hasId = (type: GraphQLObjectType) => ['ID!', 'String!'].includes(String(type.getFields().id?.type));

describe('entity ids (schema)', () => {
  it('every object a list holds or a subscription sends has `id: ID!`, or is a declared value object', () => {
    const lacking = [...listedTypes()]
      .filter(([name]) => {
        const type = schema.getType(name) as GraphQLObjectType;
        return !isEdge(type) && !hasId(type) && !(name in VALUE_OBJECTS);
      })
      .map(([name, via]) => `${name} (through ${via})`);
    expect(lacking).toEqual([]);
  });

  it('no value object is stale: each exists, is listed somewhere, and has no id', () => {
    const listed = listedTypes();
    const stale = Object.keys(VALUE_OBJECTS).filter((name) => {
      const type = schema.getType(name);
      return !isObjectType(type) || !listed.has(name) || 'id' in type.getFields();
    });
    expect(stale).toEqual([]);
    for (const reason of Object.values(VALUE_OBJECTS)) expect(reason.length).toBeGreaterThan(10);
  });

  it.each(ENTITIES)('%s has a global id', (name) => {
    const type = schema.getType(name);
    expect(isObjectType(type) && hasId(type)).toBe(true);
  });

  it("docs/graph.md's Global ids section says how each type's id is formed", () => {
    const manual = readFileSync(new URL('../../docs/graph.md', import.meta.url), 'utf8');
    const section = manual.slice(manual.indexOf('### Global ids'), manual.indexOf('### Pagination'));
    const missing = Object.values(schema.getTypeMap())
      .filter((t) => isObjectType(t) && !t.name.startsWith('__') && String(t.getFields().id?.type) === 'ID!')
      .filter((t) => !section.includes(`\`${t.name}\``))
      .map((t) => t.name);
    expect(missing).toEqual([]);
  });

  it('every type writes its longest key within the longest id priced, and a longer key is refused, not answered past its price', () => {
    // A collectible held: a 16-digit chain id, holder, contract, and a uint256's 78 digits.
    const longestKey = `mainnet:${'9'.repeat(16)}:0x${'a'.repeat(40)}:0x${'b'.repeat(40)}:${'9'.repeat(78)}`;
    const typed = Object.values(schema.getTypeMap()).filter(
      (t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__') && String(t.getFields().id?.type) === 'ID!',
    );
    expect(typed.length).toBeGreaterThan(40);
    for (const type of typed)
      expect(encodeGlobalId(type.name, longestKey).length, type.name).toBeLessThanOrEqual(MAX_WRITTEN_GLOBAL_ID_LENGTH);
    expect(() => encodeGlobalId('Erc1155Balance', `${longestKey}${'9'.repeat(60)}`)).toThrow(
      expect.objectContaining({ extensions: { code: 'UPSTREAM_INVALID_RESPONSE' } }),
    );
  });

  it('an id that node(id:) cannot follow says so in its description', () => {
    const node = schema.getType('Node');
    const nodes = new Set(isInterfaceType(node) ? schema.getPossibleTypes(node).map((t) => t.name) : []);
    const silent = Object.values(schema.getTypeMap())
      .filter(
        (t): t is GraphQLObjectType =>
          isObjectType(t) && !t.name.startsWith('__') && String(t.getFields().id?.type) === 'ID!' && !nodes.has(t.name),
      )
      .filter((t) => !/cannot fetch it again: \S/.test(t.getFields().id!.description ?? ''))
      .map((t) => t.name);
    expect(silent).toEqual([]);
  });
});

// --- the world, through the graph ----------------------------------------------------------------

const samples = worldSamples();

/**
 * Where each Node type is found in the sandbox's world: `{{Type}}` stands for the type's fields.
 * A Node type without an entry fails the coverage test: a new one must say where it is found.
 */
const FOUND_AT: Record<string, string> = {
  Subnet: '{ network { subnets(first: 3) { nodes { {{Subnet}} } } } }',
  Blockchain: '{ network { blockchains(first: 3) { nodes { {{Blockchain}} } } } }',
  L1Validator: '{ network { l1Validators(first: 3) { nodes { {{L1Validator}} } } } }',
  Validator: '{ network { validators(first: 3) { nodes { {{Validator}} } } } }',
  Delegator: '{ network { delegators(first: 3) { nodes { {{Delegator}} } } } }',
  PChainTransaction: '{ network { transactions(chain: P_CHAIN, first: 3) { nodes { {{PChainTransaction}} } } } }',
  XChainTransaction: '{ network { transactions(chain: X_CHAIN, first: 3) { nodes { {{XChainTransaction}} } } } }',
  CChainAtomicTransaction: '{ network { transactions(chain: C_CHAIN, first: 3) { nodes { {{CChainAtomicTransaction}} } } } }',
  PrimaryNetworkBlock: '{ network { primaryNetworkBlocks(chain: P_CHAIN, first: 3) { nodes { {{PrimaryNetworkBlock}} } } } }',
  Address: `{ network { addresses(addresses: ${JSON.stringify(samples.address.slice(0, 3))}) { {{Address}} } } }`,
  XChainAsset: `{ network { xChainAsset(assetId: "${samples.assetId[0]}") { {{XChainAsset}} } } }`,
  XChainVertex: '{ network { vertices(first: 3) { nodes { {{XChainVertex}} } } } }',
  EvmChain: '{ network { evmChains { {{EvmChain}} } } }',
  EvmBlock: '{ network { evmBlocks(first: 3) { nodes { {{EvmBlock}} } } } }',
  EvmTransaction: '{ network { evmTransactions(first: 3) { nodes { {{EvmTransaction}} } } } }',
  EvmAddress: `{ network { evmChain(evmChainId: 43114) { address(address: "${SHOWCASE_EVM_ADDRESS}") { {{EvmAddress}} } } } }`,
  NftToken: `{ network { evmChain(evmChainId: 43114) { address(address: "${SHOWCASE_EVM_ADDRESS}") { erc721Transfers(first: 3) { nodes { token { {{NftToken}} } } } } } } }`,
  Erc20Contract: `{ network { evmChain(evmChainId: 43114) { address(address: "${SHOWCASE_EVM_ADDRESS}") { erc20Transfers(first: 3) { nodes { erc20Token { contract { {{Erc20Contract}} } } } } } } } }`,
  Erc721Contract: '{ network { evmTransactions(first: 25) { nodes { to { contract { {{Erc721Contract}} } } } } } }',
  Erc1155Contract: '{ network { evmTransactions(first: 25) { nodes { to { contract { {{Erc1155Contract}} } } } } } }',
  UnknownContract: '{ network { evmTransactions(first: 25) { nodes { to { contract { {{UnknownContract}} } } } } } }',
  IcmMessage: '{ network { icmMessages(first: 3) { nodes { {{IcmMessage}} } } } }',
  PBlock: `{ network { pChain { a: block(height: "${samples.pHeight[1]}") { {{PBlock}} } b: block(height: "${samples.pHeight[2]}") { {{PBlock}} } } } }`,
  AvmBlock: `{ network { xChain { a: block(height: "${samples.xHeight[1]}") { {{AvmBlock}} } b: block(height: "${samples.xHeight[2]}") { {{AvmBlock}} } } } }`,
};

/**
 * A type's own values: its leaf fields that take no arguments and make no call of their own (a
 * chain's head block moves on; those are not the object's), with `id` and `__typename`.
 */
function fieldsOf(typename: string): string {
  const type = schema.getType(typename) as GraphQLObjectType;
  const leaves = Object.values(type.getFields())
    .filter(
      (f) =>
        f.args.length === 0 &&
        isLeafType(getNamedType(f.type)) &&
        !(f.extensions?.[COST_EXTENSION] as { calls?: unknown } | undefined)?.calls,
    )
    .map((f) => f.name);
  return `__typename ... on ${typename} { ${leaves.join(' ')} }`;
}

const nodeTypes = (): string[] => {
  const node = schema.getType('Node');
  return isInterfaceType(node) ? schema.getPossibleTypes(node).map((t) => t.name) : [];
};

/** Every object of an answer that has `__typename` and `id`. */
function objectsWithIds(value: unknown, into: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) objectsWithIds(item, into);
  else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (typeof object.__typename === 'string' && typeof object.id === 'string') into.push(object);
    for (const child of Object.values(object)) objectsWithIds(child, into);
  }
  return into;
}

describe('entity ids (through the graph)', () => {
  const h = useHarness();

  it('every Node type says where the world has one', () => {
    expect(Object.keys(FOUND_AT).sort()).toEqual(nodeTypes().sort());
  });

  it.each(nodeTypes())('%s: node(id:) gives back the object its id came from, field for field', async (typename) => {
    const query = FOUND_AT[typename]!.replaceAll(/\{\{(\w+)\}\}/g, (_, t: string) => fieldsOf(t));
    const found = await h.raw<any>(query);
    expect(found.errors).toBeUndefined();
    const objects = objectsWithIds(found.data).filter((o) => o.__typename === typename);
    expect(objects.length, `no ${typename} in the world along ${FOUND_AT[typename]}`).toBeGreaterThan(0);
    const some = objects.slice(0, 3);
    const again = await h.raw<any>(`query($ids: [ID!]!) { nodes(ids: $ids) { ${fieldsOf(typename)} } }`, {
      ids: some.map((o) => o.id),
    });
    expect(again.errors).toBeUndefined();
    expect(again.data.nodes).toEqual(some);
    for (const o of some) expect(decodeGlobalId(o.id as string).typename).toBe(typename);
  });

  /** What demand control prices `query` at, in bytes of the answer's `data` (no lengths seen: every list at its most). */
  const pricedBytes = (query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    return estimate(schema, operation, {}, variables).bytes;
  };

  it.each(nodeTypes())(
    '%s: its ids are answered within the bytes priced, found in a list and again by id (fuzz, seed p35)',
    async (typename) => {
      const query = FOUND_AT[typename]!.replaceAll(/\{\{(\w+)\}\}/g, () => 'id __typename');
      const found = await h.raw<any>(query);
      expect(found.errors).toBeUndefined();
      expect(Buffer.byteLength(JSON.stringify(found.data))).toBeLessThanOrEqual(pricedBytes(query));
      const ids = objectsWithIds(found.data)
        .filter((o) => o.__typename === typename)
        .map((o) => o.id as string)
        .slice(0, MAX_NODES);
      expect(ids.length).toBeGreaterThan(0);
      const again = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';
      const answer = await h.raw<any>(again, { ids });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.nodes.map((n: { id: string }) => n.id)).toEqual(ids);
      expect(Buffer.byteLength(JSON.stringify(answer.data))).toBeLessThanOrEqual(pricedBytes(again, { ids }));
    },
  );

  it('an id names one object: the same id reached by two paths holds the same values, and ids differ across objects', async () => {
    // Paths that reach the same objects from different sides: a transaction from the chain's list
    // and from its address; a block from the list and from its transaction; a subnet from the list
    // and from its blockchain.
    const query = `{ network {
      evmTransactions(first: 5) { nodes { ${fieldsOf('EvmTransaction')} block { ${fieldsOf('EvmBlock')} } } }
      evmBlocks(first: 5) { nodes { ${fieldsOf('EvmBlock')} } }
      subnets(first: 5) { nodes { ${fieldsOf('Subnet')} blockchains { ${fieldsOf('Blockchain')} subnet { ${fieldsOf('Subnet')} } } } }
      blockchains(first: 5) { nodes { ${fieldsOf('Blockchain')} } }
      pChain { currentValidators { ${fieldsOf('PChainValidator')} } }
    } }`;
    const answer = await h.raw<any>(query);
    expect(answer.errors).toBeUndefined();
    const byId = new Map<string, Record<string, unknown>>();
    let repeats = 0;
    for (const object of objectsWithIds(answer.data)) {
      const leaves = Object.fromEntries(Object.entries(object).filter(([, v]) => v === null || typeof v !== 'object'));
      const seen = byId.get(object.id as string);
      if (seen) {
        repeats++;
        expect(leaves).toEqual(seen);
      } else byId.set(object.id as string, leaves);
      expect(decodeGlobalId(object.id as string).typename).toBe(object.__typename);
    }
    // The paths do meet (a block of a listed transaction is a listed block, a blockchain's subnet a listed subnet).
    expect(repeats).toBeGreaterThan(0);
    // Distinct objects differ in what names them upstream, so they differ in id.
    const natural: Record<string, string[]> = {
      EvmTransaction: ['chainId', 'txHash'],
      EvmBlock: ['hash'],
      Subnet: ['subnetId'],
      Blockchain: ['blockchainId'],
      PChainValidator: ['nodeId', 'txId', 'validationId'],
    };
    const idByKey = new Map<string, string>();
    for (const [id, o] of byId) {
      const key = [o.__typename, ...natural[o.__typename as string]!.map((f) => String(o[f]))].join(':');
      expect(idByKey.get(key) ?? id, key).toBe(id);
      idByKey.set(key, id);
    }
    expect(idByKey.size).toBe(byId.size);
  });
});

describe('entity ids (bad ids)', () => {
  const h = useHarness();

  it('an id of a keyed type that node(id:) cannot fetch is refused with the types it fetches, before any call', async () => {
    const before = h.sandbox.log.length;
    const id = Buffer.from('Utxo:mainnet:2Z4UmqJf8pc1Y2cXjmmuh4fgjG5mJ1A3yq7j1Q1xD8VD7Ys3Mz').toString('base64url');
    const res = await h.raw<any>(`query($id: ID!) { node(id: $id) { id } }`, { id });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/not a Node type.*its `id` keys caches.*`node\(id:\)` fetches .*AvmBlock.*IcmMessage.*PBlock/);
    expect(h.sandbox.log.length).toBe(before);
  });

  it.each([
    ['PBlock', 'mainnet:01'],
    ['PBlock', 'mainnet:-1'],
    ['AvmBlock', 'mainnet:notanid:5'],
    ['IcmMessage', 'mainnet:0xABC'],
    ['Erc20Contract', 'mainnet:43114:0xZZ'],
    ['UnknownContract', 'mars:43114:0x0000000000000000000000000000000000000000'],
  ])('a malformed %s id (%s) is refused before any call', async (typename, key) => {
    const before = h.sandbox.log.length;
    const id = Buffer.from(`${typename}:${key}`).toString('base64url');
    const res = await h.raw<any>(`query($id: ID!) { node(id: $id) { id } }`, { id });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/malformed key|does not name a network/);
    expect(h.sandbox.log.length).toBe(before);
  });
});
