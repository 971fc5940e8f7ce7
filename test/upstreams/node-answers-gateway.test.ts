/**
 * A node answer of the wrong shape, on the built gateway (`npm start`, default settings) over the
 * sandbox, whose `alter` fault puts a wrong value into the node's real answer: the field that
 * needed it fails with UPSTREAM_INVALID_RESPONSE naming the method and the place in the answer,
 * never INTERNAL_SERVER_ERROR, and nothing of it is kept, in memory or in a Redis another
 * instance reads. The wrong shapes are generated for every declared method from its real answer
 * and its declared shape: each field the shape names, replaced by a value of another kind, by
 * null, or removed; the three answers are named among them.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { privateKeyToAccount } from 'viem/accounts';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { EWOQ_ADDRESS, EWOQ_KEY } from '../../sandbox/node/index.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import type { RecordedRequest } from '../../sandbox/server.js';
import { getWorld } from '../../sandbox/world/world.js';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { parseNodeJson, type NodeMethod } from '../../src/upstreams/node/client.js';
import { NODE_METHODS } from '../../src/upstreams/operations.js';
import { startGatewayProcess, untilRedisConnected, type GatewayProcess } from '../helpers/gateway-process.js';
import { useRedis } from '../helpers/redis-server.js';
import { useSandbox } from '../helpers/sandbox.js';
import { signedBaseTx, signedCImport, walletUtxos } from '../helpers/signed-tx.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const ADMIN = { authorization: `Bearer ${TOKEN}` };
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');
const [evmChain] = [...node.chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created' && c.subnet.isL1)!;
const l1 = node.chains.get(evmChain)!.subnet.subnetId;
const owner = world.manyUtxosAddress;
const xBlock = node.avm.blocks[3]!;
const pBlock = node.platform.blocks[5]!;
const xTx = world.transactions.x[0]!.txHash;
const pTx = world.transactions.p[0]!.txHash;
const reward = world.rewards[0]!.txHash;
const validationId = world.l1Validators.find((v) => v.active && v.weight > 0)!.validationId;
const [, [pUtxo]] = [...node.utxos(world.chainIds.p, world.chainIds.p).byAddress].find(([, list]) =>
  list.some((u) => u.owners.length === 1),
)! as [string, { owners: string[] }[]];
const pOwner = pUtxo!.owners[0]!;
const otherSubnet = world.subnets.find((s) => s.subnetId !== l1 && s.subnetId !== PRIMARY_NETWORK_ID)!.subnetId;

interface Case {
  /** A document that makes this method's call once, first. */
  query: string;
  /** The field that reads the answer: where its error is. */
  field: string;
}

const q = (inner: string) => ({ query: `{ network { ${inner} } }` });
const x = (selection: string, field: string): Case => ({ ...q(`xChain { ${selection} }`), field: `network.xChain.${field}` });
const p = (selection: string, field: string): Case => ({ ...q(`pChain { ${selection} }`), field: `network.pChain.${field}` });
const health = (selection: string, field: string): Case => ({ ...q(`health { ${selection} }`), field: `network.health.${field}` });
const index = (selection: string, field: string): Case => ({
  ...q(`index(name: P_BLOCK) { ${selection} }`),
  field: `network.index.${field}`,
});
const chain = (selection: string, field: string): Case => ({
  ...q(`blockchain(blockchainId: "${evmChain}") { ${selection} }`),
  field: `network.blockchain.${field}`,
});
const evm = (selection: string, field: string): Case => ({
  ...q(`evmChain(evmChainId: 43114) { ${selection} }`),
  field: `network.evmChain.${field}`,
});
const admin = (selection: string, field: string): Case => ({ ...q(`admin { ${selection} }`), field: `network.admin.${field}` });
const mutation = (selection: string, field: string): Case => ({ query: `mutation { ${selection} }`, field });
const info = (selection: string, field: string): Case => ({ ...q(`nodeInfo { ${selection} }`), field: `network.nodeInfo.${field}` });
const atomic = (selection: string, field: string): Case => ({
  ...q(`cChainAtomic { ${selection} }`),
  field: `network.cChainAtomic.${field}`,
});
const cAtomicTx = world.transactions.c[0]!.txHash;
const wallet = walletUtxos('mainnet', 'c')[0]!.owners[0]!;
/** Real signed transactions of the sandbox's wallet: the sandbox's mempool starts empty on each reset, so each run issues them anew. */
const signed = {
  x: (await signedBaseTx('mainnet', 'X')).hex,
  p: (await signedBaseTx('mainnet', 'P')).hex,
  c: (await signedCImport('mainnet')).hex,
};
const cChain = getEvmWorld('mainnet').chains.get('43114')!;
const cToken = cChain.tokens[0]!.address;
const cTx = cChain.transactions[5]!;
/** Signed with the key the sandbox node funds, as on a local network: the node takes it after each reset. */
const SIGNED = await privateKeyToAccount(EWOQ_KEY).signTransaction({
  chainId: 43114,
  nonce: 0,
  to: EWOQ_ADDRESS,
  gas: 21_000n,
  maxFeePerGas: 10n ** 11n,
  maxPriorityFeePerGas: 1n,
});

/** A document for each declared method: one missing here (a method issue 31 adds, say) fails to compile. */
const CASES: Record<NodeMethod, Case> = {
  'avm.getAllBalances': x(`allBalances(address: "${owner}") { balance }`, 'allBalances'),
  'avm.getAssetDescription': x('asset(assetId: "AVAX") { symbol }', 'asset'),
  'avm.getBalance': x(`balance(address: "${owner}", assetId: "AVAX") { balance }`, 'balance'),
  'avm.getBlock': x(`block(blockId: "${xBlock.id}") { height }`, 'block'),
  'avm.getBlockByHeight': x(`block(height: "${xBlock.height}") { height }`, 'block'),
  'avm.getHeight': x('height', 'height'),
  'avm.getTx': x(`transaction(txId: "${xTx}") { txId }`, 'transaction'),
  'avm.getTxFee': x('txFee { txFee }', 'txFee'),
  'avm.getTxStatus': x(`txStatus(txId: "${xTx}")`, 'txStatus'),
  'avm.getUTXOs': x(`utxos(addresses: ["${owner}"], first: 2) { nodes { utxoId } }`, 'utxos'),
  'platform.getBalance': p(`balance(addresses: ["${owner}"]) { utxoCount }`, 'balance'),
  'platform.getBlock': p(`block(blockId: "${pBlock.id}") { height }`, 'block'),
  'platform.getBlockByHeight': p(`block(height: ${pBlock.height}) { height }`, 'block'),
  'platform.getBlockchains': p('blockchains { name }', 'blockchains'),
  'platform.getBlockchainStatus': p(`blockchainStatus(blockchainId: "${evmChain}")`, 'blockchainStatus'),
  'platform.getCurrentSupply': p('currentSupply', 'currentSupply'),
  'platform.getCurrentValidators': p(`currentValidators(subnetId: "${l1}") { nodeId }`, 'currentValidators'),
  'platform.getHeight': p('height', 'height'),
  'platform.getProposedHeight': p('proposedHeight', 'proposedHeight'),
  'platform.getTimestamp': p('timestamp', 'timestamp'),
  'platform.getFeeConfig': p('feeConfig { minPrice }', 'feeConfig'),
  'platform.getFeeState': p('feeState { price }', 'feeState'),
  'platform.getValidatorFeeConfig': p('validatorFeeConfig { minPrice }', 'validatorFeeConfig'),
  'platform.getValidatorFeeState': p('validatorFeeState { price }', 'validatorFeeState'),
  'platform.getStakingAssetID': p('stakingAssetId', 'stakingAssetId'),
  'platform.getMinStake': p('minStake { validator }', 'minStake'),
  'platform.getTotalStake': p('totalStake', 'totalStake'),
  // Another subnet than the one validatedBy's document reads, so that document keeps nothing this one needs.
  'platform.getSubnet': p(`subnet(subnetId: "${otherSubnet}") { isPermissioned }`, 'subnet'),
  'platform.getSubnets': p(`subnets(subnetIds: ["${l1}"]) { subnetId }`, 'subnets'),
  // The Primary Network is no subnet to the node: platform.validates is its first call.
  'platform.validates': p(`subnet(subnetId: "${PRIMARY_NETWORK_ID}") { blockchainIds }`, 'subnet.blockchainIds'),
  'platform.validatedBy': chain('validatedBy { subnetId }', 'validatedBy'),
  'platform.sampleValidators': p('sampleValidators(size: 1)', 'sampleValidators'),
  'platform.getValidatorsAt': p(`validatorsAt(subnetId: "${l1}") { nodeId }`, 'validatorsAt'),
  'platform.getAllValidatorsAt': p('allValidatorsAt { subnetId }', 'allValidatorsAt'),
  'platform.getTx': p(`transaction(txId: "${pTx}") { txId }`, 'transaction'),
  'platform.getTxStatus': p(`txStatus(txId: "${pTx}") { status }`, 'txStatus'),
  'platform.getUTXOs': {
    ...q(`address(address: "${pOwner}") { pChainNodeUtxos(first: 2) { nodes { utxoId } } }`),
    field: 'network.address.pChainNodeUtxos',
  },
  'platform.getStake': { ...q(`address(address: "${pOwner}") { pChainNodeStake { outputs } }`), field: 'network.address.pChainNodeStake' },
  'platform.getRewardUTXOs': p(`rewardUtxos(txId: "${reward}") { txId }`, 'rewardUtxos'),
  'platform.getL1Validator': p(`l1Validator(validationId: "${validationId}") { nodeId }`, 'l1Validator'),
  'health.health': health(`report(tags: ["${l1}"]) { healthy }`, 'report'),
  'health.readiness': health('readiness { healthy }', 'readiness'),
  'health.liveness': health('liveness { healthy }', 'liveness'),
  'GET /ext/health': health('probe(route: HEALTH) { healthy }', 'probe'),
  'GET /ext/health/readiness': health('probe(route: READINESS) { healthy }', 'probe'),
  'GET /ext/health/liveness': health('probe(route: LIVENESS) { healthy }', 'probe'),
  'index.getContainerByID': index(`container(id: "${pBlock.id}") { id }`, 'container'),
  'index.getContainerByIndex': index('container(index: "1") { id }', 'container'),
  'index.getIndex': index(`indexOf(id: "${pBlock.id}")`, 'indexOf'),
  'index.getContainerRange': index('containers(first: 2) { nodes { id } }', 'containers'),
  'index.getLastAccepted': index('lastAccepted { id }', 'lastAccepted'),
  'index.isAccepted': index(`isAccepted(id: "${pBlock.id}")`, 'isAccepted'),
  'validators.getCurrentValidators': chain('validators { nodeId }', 'validators'),
  eth_feeConfig: chain('feeConfig { gasLimit }', 'feeConfig'),
  eth_getChainConfig: chain('chainConfig { chainId }', 'chainConfig'),
  eth_getActiveRulesAt: chain('activeRules(timestamp: 1700000000) { ethRules { name } }', 'activeRules'),
  eth_getActivePrecompilesAt: chain('activePrecompiles { name }', 'activePrecompiles'),
  eth_blockNumber: evm('headBlockNumber', 'headBlockNumber'),
  eth_chainId: evm('rpcChainId', 'rpcChainId'),
  eth_gasPrice: evm('gasPrice', 'gasPrice'),
  eth_maxPriorityFeePerGas: evm('maxPriorityFeePerGas', 'maxPriorityFeePerGas'),
  eth_baseFee: evm('baseFee', 'baseFee'),
  eth_feeHistory: evm('feeHistory(blockCount: 3, rewardPercentiles: [50]) { oldestBlock }', 'feeHistory'),
  eth_getLogs: evm('logs(filter: { fromBlock: "0", toBlock: "2000" }) { logIndex }', 'logs'),
  eth_call: evm(`call(input: { to: "${cToken}", data: "0x95d89b41" })`, 'call'),
  eth_estimateGas: evm(`estimateGas(input: { to: "${EWOQ_ADDRESS}" })`, 'estimateGas'),
  eth_getBalance: evm(`address(address: "${cTx.from.address}") { balanceAt }`, 'address.balanceAt'),
  eth_getTransactionCount: evm(`address(address: "${cTx.from.address}") { nonce }`, 'address.nonce'),
  eth_getCode: evm(`address(address: "${cToken}") { code }`, 'address.code'),
  eth_getStorageAt: evm(`address(address: "${cToken}") { storageAt(slot: "0x1") }`, 'address.storageAt'),
  eth_getProof: evm(`address(address: "${cToken}") { proof(storageKeys: ["0x1"]) { nonce } }`, 'address.proof'),
  eth_sendRawTransaction: mutation(
    `sendEvmTransaction(network: MAINNET, evmChainId: 43114, signedTransaction: "${SIGNED}") { txHash }`,
    'sendEvmTransaction',
  ),
  eth_getBlockByNumber: evm('latestBlock { number }', 'latestBlock'),
  eth_getBlockByHash: evm(`block(hash: "${cTx.blockHash}", from: NODE) { number }`, 'block'),
  eth_getBlockTransactionCountByNumber: evm(`blockTransactionCount(number: "${cTx.blockNumber}")`, 'blockTransactionCount'),
  eth_getBlockTransactionCountByHash: evm(`blockTransactionCount(hash: "${cTx.blockHash}")`, 'blockTransactionCount'),
  eth_getTransactionByHash: evm(`transaction(txHash: "${cTx.txHash}", from: NODE) { txHash }`, 'transaction'),
  eth_getTransactionByBlockNumberAndIndex: evm(
    `transactionInBlock(blockNumber: "${cTx.blockNumber}", index: ${cTx.blockIndex}) { txHash }`,
    'transactionInBlock',
  ),
  eth_getTransactionByBlockHashAndIndex: evm(
    `transactionInBlock(blockHash: "${cTx.blockHash}", index: ${cTx.blockIndex}) { txHash }`,
    'transactionInBlock',
  ),
  eth_getTransactionReceipt: evm(`transactionReceipt(txHash: "${cTx.txHash}") { status logs { data } }`, 'transactionReceipt'),
  'admin.getChainAliases': admin(`chainAliases(chain: "${world.chainIds.x}")`, 'chainAliases'),
  'admin.getLoggerLevel': admin('loggerLevels(loggerName: "C") { name }', 'loggerLevels'),
  'admin.alias': mutation('nodeAlias(network: MAINNET, endpoint: "bc/P", alias: "platformAlias")', 'nodeAlias'),
  'admin.aliasChain': mutation(`nodeAliasChain(network: MAINNET, chain: "${evmChain}", alias: "myChain")`, 'nodeAliasChain'),
  'admin.setLoggerLevel': mutation('nodeSetLoggerLevel(network: MAINNET, loggerName: "P", logLevel: TRACE) { name }', 'nodeSetLoggerLevel'),
  'admin.loadVMs': mutation('nodeLoadVMs(network: MAINNET) { loaded { vmId } }', 'nodeLoadVMs'),
  'admin.lockProfile': mutation('nodeLockProfile(network: MAINNET)', 'nodeLockProfile'),
  'admin.memoryProfile': mutation('nodeMemoryProfile(network: MAINNET)', 'nodeMemoryProfile'),
  'admin.startCPUProfiler': mutation('nodeStartCPUProfiler(network: MAINNET)', 'nodeStartCPUProfiler'),
  // The profiler stops only once started: the mutation's fields run in turn.
  'admin.stopCPUProfiler': mutation(
    'start: nodeStartCPUProfiler(network: MAINNET) nodeStopCPUProfiler(network: MAINNET)',
    'nodeStopCPUProfiler',
  ),
  'info.acps': info('acps { acp }', 'acps'),
  'info.getBlockchainID': info('blockchainId(alias: "X")', 'blockchainId'),
  'info.getNetworkID': info('networkId', 'networkId'),
  'info.getNetworkName': info('networkName', 'networkName'),
  'info.getNodeID': info('nodeId', 'nodeId'),
  'info.getNodeIP': info('ip', 'ip'),
  'info.getNodeVersion': info('version { version }', 'version'),
  'info.getTxFee': info('txFee { txFee }', 'txFee'),
  'info.getVMs': info('vms { vmId }', 'vms'),
  'info.isBootstrapped': info('isBootstrapped(chain: "X")', 'isBootstrapped'),
  'info.peers': info('peers(first: 3) { nodeId }', 'peers'),
  'info.upgrades': info('upgrades { name }', 'upgrades'),
  'info.uptime': info('uptime { rewardingStakePercentage }', 'uptime'),
  'avax.getAtomicTx': atomic(`transaction(txId: "${cAtomicTx}") { txId }`, 'transaction'),
  'avax.getAtomicTxStatus': {
    ...q(`signedTransactionStatus(chain: C_CHAIN, txId: "${cAtomicTx}") { status }`),
    field: 'network.signedTransactionStatus',
  },
  'avax.getUTXOs': atomic(`utxos(addresses: ["${wallet}"], sourceChain: X_CHAIN, first: 2) { nodes { utxoId } }`, 'utxos'),
  'avax.issueTx': mutation(
    `submitSignedTransaction(network: MAINNET, chain: C_CHAIN, signedTx: "${signed.c}") { txId }`,
    'submitSignedTransaction',
  ),
  'avm.issueTx': mutation(
    `submitSignedTransaction(network: MAINNET, chain: X_CHAIN, signedTx: "${signed.x}") { txId }`,
    'submitSignedTransaction',
  ),
  'platform.issueTx': mutation(
    `submitSignedTransaction(network: MAINNET, chain: P_CHAIN, signedTx: "${signed.p}") { txId }`,
    'submitSignedTransaction',
  ),
  'proposervm.getCurrentEpoch': { ...q('proposerVm(chain: "P") { currentEpoch { number } }'), field: 'network.proposerVm.currentEpoch' },
  'proposervm.getProposedHeight': { ...q('proposerVm(chain: "P") { proposedHeight }'), field: 'network.proposerVm.proposedHeight' },
};

const METHODS = Object.keys(CASES) as NodeMethod[];

/** The answer body's JSON, as the gateway parses it (wide numbers as their digits). */
const bodyJson = (body: unknown): unknown => (typeof body === 'string' ? parseNodeJson(body) : body);

/** Where the method's answer is in the body: a JSON-RPC `result`, or a GET route's whole body. */
const rootOf = (method: NodeMethod): (string | number)[] => (method.startsWith('GET ') ? [] : ['result']);

// --- generated wrong shapes --------------------------------------------------------------------------

type Path = (string | number)[];
type Schema = z.ZodType & { _zod: { def: Record<string, any> } };

/** Paths the declared shape names in a real answer: each field present, the first item of a list, one entry of a map. */
function declaredPaths(schema: Schema, value: unknown, path: Path = []): Path[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return value === null || value === undefined ? [] : declaredPaths(def.innerType, value, path);
    case 'union': {
      const option = (def.options as Schema[]).find((o) => o.safeParse(value).success);
      return option ? declaredPaths(option, value, path) : [];
    }
    case 'object': {
      if (value === null || typeof value !== 'object') return [];
      const out: Path[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        out.push([...path, key]);
        if (key in value) out.push(...declaredPaths(field, (value as Record<string, unknown>)[key], [...path, key]));
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) && value.length > 0 ? [[...path, 0], ...declaredPaths(def.element, value[0], [...path, 0])] : [];
    case 'record': {
      const first = value && typeof value === 'object' ? Object.keys(value)[0] : undefined;
      return first === undefined
        ? []
        : [[...path, first], ...declaredPaths(def.valueType, (value as Record<string, unknown>)[first], [...path, first])];
    }
    default:
      return [];
  }
}

/** Values of another kind than `value` (what the issue saw: an operator object, a list, a string, null). */
function wrongValues(value: unknown): unknown[] {
  if (Array.isArray(value)) return ['a string', { $ne: 1 }, null];
  if (value !== null && typeof value === 'object') return ['a string', [value], null];
  if (typeof value === 'boolean') return ['true', 1, null];
  return [{ $ne: 1 }, [value], true, null, '12abc'];
}

const get = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), value);

function withValue(value: unknown, path: Path, replacement: unknown | typeof REMOVE): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  if (replacement === REMOVE) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = replacement;
  return copy;
}

const REMOVE = Symbol('remove');

interface Mutation {
  method: NodeMethod;
  /** Where in the answer, as the gateway names it (`validators[0].weight`, `result`). */
  at: string;
  path: Path;
  value: unknown | typeof REMOVE;
}

const atText = (path: Path) =>
  path.length === 0 ? 'result' : path.reduce<string>((t, k) => (typeof k === 'number' ? `${t}[${k}]` : t ? `${t}.${k}` : String(k)), '');

/** A small seeded generator, so that a failure repeats. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The wrong shapes of one method's real answer: every declared path with every wrong value (and
 * removed), kept only where the declared shape refuses the whole answer; a seeded sample of them,
 * the answer replaced whole always among them.
 */
function mutationsOf(method: NodeMethod, result: unknown, count: number, random: () => number): Mutation[] {
  const shape = NODE_METHODS[method].answer() as Schema;
  const all: Mutation[] = [];
  for (const path of [[], ...declaredPaths(shape, result)]) {
    for (const value of [...wrongValues(get(result, path)), ...(path.length ? [REMOVE] : [])]) {
      if (shape.safeParse(withValue(result, path, value)).success) continue;
      all.push({ method, at: atText(path), path, value });
    }
  }
  const whole = all.filter((m) => m.path.length === 0);
  const rest = all.filter((m) => m.path.length > 0).sort(() => random() - 0.5);
  return [...whole.slice(0, 2), ...rest.slice(0, Math.max(0, count - 2))];
}

// --- the gateway -------------------------------------------------------------------------------------

const sandbox = useSandbox({ reset: 'never' });

const codesOf = (body: any): string[] => (body.errors ?? []).map((e: any) => e.extensions?.code);

/** The answer of each method, as the sandbox gave it on a clean run of its document, and what else that document called. */
const clean = new Map<NodeMethod, { result: unknown; calls: Set<string> }>();

async function send(gw: GatewayProcess, c: Case) {
  return gw.query(c.query, undefined, ADMIN);
}

/** The fault that puts `m`'s wrong value into the next answer to its method. */
function fault(m: Mutation) {
  const at = [...rootOf(m.method), ...m.path];
  sandbox.fail(m.value === REMOVE ? { operation: m.method, kind: 'alter', at } : { operation: m.method, kind: 'alter', at, body: m.value });
}

/** The request fails on the case's field with UPSTREAM_INVALID_RESPONSE at `m.at`, and on nothing else. */
function expectRefused(res: { status: number; body: any }, m: Mutation) {
  const where = `${m.method} with ${m.value === REMOVE ? 'nothing' : JSON.stringify(m.value)} at ${m.at}`;
  expect(res.status, where).toBe(200);
  expect(codesOf(res.body), where).not.toContain('INTERNAL_SERVER_ERROR');
  const error = (res.body.errors ?? []).find((e: any) => e.extensions?.code === 'UPSTREAM_INVALID_RESPONSE');
  expect(error, `${where}: ${JSON.stringify(res.body.errors)}`).toBeDefined();
  expect(error.extensions.upstream, where).toMatchObject({ service: 'node', operation: m.method });
  // At the place put wrong, or inside it (a list put where null was names its wrong item).
  const at: string = error.extensions.upstream.at;
  expect(at === m.at || m.at === 'result' || at.startsWith(`${m.at}[`) || at.startsWith(`${m.at}.`), `${where}: at ${at}`).toBe(true);
  expect(error.message, where).toContain(m.method);
  expect(error.message, where).toContain(`at \`${at}\``);
  expect(error.path.join('.'), where).toBe(CASES[m.method].field);
  expect(sandbox.knobs.faults, `${where}: the faulted call was made`).toEqual([]);
}

describe('on one instance', () => {
  let off: GatewayProcess;
  let memory: GatewayProcess;
  beforeAll(async () => {
    [off, memory] = await Promise.all([
      startGatewayProcess(sandbox, { CACHE: 'off', ADMIN_TOKEN: TOKEN }),
      startGatewayProcess(sandbox, { ADMIN_TOKEN: TOKEN }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([off?.stop(), memory?.stop()]);
  });

  it("every declared method's real answer passes, through the gateway", async () => {
    for (const method of METHODS) {
      sandbox.reset();
      let result: unknown;
      const calls = new Set<string>();
      const stop = sandbox.observe({
        answer: (r: RecordedRequest, answer) => {
          if (r.service !== 'node') return;
          calls.add(r.operation);
          // An EVM batch calls each of its methods: a document that batches one beside its own caches it too.
          if (r.operation === 'batch') for (const call of r.body as { method: string }[]) calls.add(call.method);
          if (r.operation === method && result === undefined && answer.status < 300) result = get(bodyJson(answer.body), rootOf(method));
        },
      });
      const res = await send(off, CASES[method]);
      stop();
      expect(res.body.errors, method).toBeUndefined();
      expect(result, `${method} was called`).toBeDefined();
      clean.set(method, { result, calls });
    }
  }, 60_000);

  it('every declared method refuses answers of the wrong shape, field by field, on the field that reads it', async () => {
    expect(clean.size).toBe(METHODS.length);
    const random = seeded(29);
    let tried = 0;
    for (const method of METHODS) {
      const mutations = mutationsOf(method, clean.get(method)!.result, 6, random);
      expect(mutations.length, method).toBeGreaterThan(0);
      for (const m of mutations) {
        sandbox.reset();
        fault(m);
        expectRefused(await send(off, CASES[method]), m);
        tried++;
      }
    }
    console.log(`${tried} wrong answers over ${METHODS.length} methods: each UPSTREAM_INVALID_RESPONSE at its place`);
  }, 120_000);

  it("in an EVM batch, the wrong answer fails its own call's field and the others answer", async () => {
    sandbox.reset();
    // The two calls of one chain in one tick go as one batch array; the first answer of it goes wrong.
    sandbox.fail({ operation: 'batch', kind: 'alter', at: [0, 'result'], body: 'not an object' });
    const res = await off.query(
      `{ network { blockchain(blockchainId: "${evmChain}") { feeConfig { gasLimit } chainConfig { chainId } } } }`,
    );
    expect(res.status).toBe(200);
    expect(codesOf(res.body)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
    const [error] = res.body.errors;
    expect(error.extensions.upstream).toMatchObject({ service: 'node', at: 'result', expected: 'an object' });
    const failed = error.path.at(-1) as 'feeConfig' | 'chainConfig';
    expect(error.extensions.upstream.operation).toBe(failed === 'feeConfig' ? 'eth_feeConfig' : 'eth_getChainConfig');
    const blockchain = res.body.data.network.blockchain;
    expect(blockchain[failed]).toBeNull();
    expect(blockchain[failed === 'feeConfig' ? 'chainConfig' : 'feeConfig']).not.toBeNull();
    expect(sandbox.knobs.faults).toEqual([]);
  });

  it('nothing of a wrong answer is kept: the next request calls the node again and gets the real answer', async () => {
    // A method a document calls beside its own is cached by it: fault each before any document that calls it beside.
    const order: NodeMethod[] = [];
    const pending = new Set(METHODS);
    while (pending.size) {
      const next =
        [...pending].find(
          // m waits for what its own document calls beside it, so each runs before the documents that call it.
          (m) => ![...pending].some((other) => other !== m && clean.get(m)!.calls.has(other) && !clean.get(other)!.calls.has(m)),
        ) ?? [...pending][0]!;
      order.push(next);
      pending.delete(next);
    }
    const random = seeded(9);
    for (const method of order) {
      const [m] = mutationsOf(method, clean.get(method)!.result, 1, random);
      sandbox.reset();
      fault(m!);
      expectRefused(await send(memory, CASES[method]), m!);
      // A write went through before its answer was refused: the node as it was, for the same write again.
      sandbox.node.reset();
      const again = await send(memory, CASES[method]);
      expect(again.body.errors, method).toBeUndefined();
      expect(sandbox.count(method), `${method} was called again`).toBe(2);
    }
  }, 120_000);
});

describe('the three answers of the issue, with instances sharing a Redis', () => {
  const redis = useRedis();
  let a: GatewayProcess;
  let b: GatewayProcess;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startGatewayProcess(sandbox, { REDIS_URL: redis.url, CACHE: 'redis' }),
      startGatewayProcess(sandbox, { REDIS_URL: redis.url, CACHE: 'redis' }),
    ]);
    await Promise.all([untilRedisConnected(a), untilRedisConnected(b)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it.each([
    ['avm.getHeight', ['result', 'height'], { height: { $ne: 1 } }, 'height'],
    ['platform.getCurrentSupply', ['result'], [{ supply: '1' }], 'result'],
    ['platform.getBlockByHeight', ['result'], '0x00', 'result'],
  ] as const)(
    '%s answering %j: UPSTREAM_INVALID_RESPONSE, and the other instance asks the node itself',
    async (method, at, value, where) => {
      sandbox.reset();
      sandbox.fail({ operation: method, kind: 'alter', at: [...at], body: value });
      const first = await a.query(CASES[method].query);
      expectRefused(first, { method, at: where, path: at.slice(1), value });
      await sleep(50); // what an instance keeps goes to Redis after the request
      const other = await b.query(CASES[method].query);
      expect(other.body.errors).toBeUndefined();
      expect(sandbox.count(method), 'the other instance called the node').toBe(2);
      const again = await a.query(CASES[method].query);
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data).toEqual(other.body.data);
    },
  );
});
