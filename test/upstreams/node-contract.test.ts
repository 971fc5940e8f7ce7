/**
 * The gateway's side of the node contract: through the graph, every method of the spec is called,
 * each with only the params the spec names for it (the node ignores unknown names, so a misspelt
 * param would pass silently), on the path that serves it, and never batched on a gorilla endpoint.
 */
import { expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import type { NodeMethod } from '../../src/upstreams/node/client.js';
import { useHarness } from '../helpers/harness.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const h = useHarness({ ADMIN_TOKEN: TOKEN });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');

/**
 * node-json-rpc.md §4: each method, its path, and the params it takes; keyed by the methods the
 * API files declare (health's GET routes aside), so a method declared without its entry here
 * fails to compile.
 */
const SPEC: Record<Exclude<NodeMethod, `GET ${string}`>, { path: RegExp; params: string[] }> = {
  'admin.alias': { path: /^\/ext\/admin$/, params: ['endpoint', 'alias'] },
  'admin.aliasChain': { path: /^\/ext\/admin$/, params: ['chain', 'alias'] },
  'admin.getChainAliases': { path: /^\/ext\/admin$/, params: ['chain'] },
  'admin.getLoggerLevel': { path: /^\/ext\/admin$/, params: ['loggerName'] },
  'admin.loadVMs': { path: /^\/ext\/admin$/, params: [] },
  'admin.lockProfile': { path: /^\/ext\/admin$/, params: [] },
  'admin.memoryProfile': { path: /^\/ext\/admin$/, params: [] },
  'admin.setLoggerLevel': { path: /^\/ext\/admin$/, params: ['loggerName', 'logLevel', 'displayLevel'] },
  'admin.startCPUProfiler': { path: /^\/ext\/admin$/, params: [] },
  'admin.stopCPUProfiler': { path: /^\/ext\/admin$/, params: [] },
  'avm.getAllBalances': { path: /^\/ext\/bc\/X$/, params: ['address'] },
  'avm.getAssetDescription': { path: /^\/ext\/bc\/X$/, params: ['assetID'] },
  'avm.getBalance': { path: /^\/ext\/bc\/X$/, params: ['address', 'assetID'] },
  'avm.getBlock': { path: /^\/ext\/bc\/X$/, params: ['blockID', 'encoding'] },
  'avm.getBlockByHeight': { path: /^\/ext\/bc\/X$/, params: ['height', 'encoding'] },
  'avm.getHeight': { path: /^\/ext\/bc\/X$/, params: [] },
  'avm.getTx': { path: /^\/ext\/bc\/X$/, params: ['txID', 'encoding'] },
  'avm.getTxFee': { path: /^\/ext\/bc\/X$/, params: [] },
  'avm.getTxStatus': { path: /^\/ext\/bc\/X$/, params: ['txID'] },
  'avm.getUTXOs': { path: /^\/ext\/bc\/X$/, params: ['addresses', 'limit', 'startIndex', 'sourceChain', 'encoding'] },
  'platform.getBalance': { path: /^\/ext\/bc\/P$/, params: ['addresses'] },
  'platform.getBlock': { path: /^\/ext\/bc\/P$/, params: ['blockID', 'encoding'] },
  'platform.getBlockByHeight': { path: /^\/ext\/bc\/P$/, params: ['height', 'encoding'] },
  'platform.getBlockchains': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getBlockchainStatus': { path: /^\/ext\/bc\/P$/, params: ['blockchainID'] },
  'platform.getCurrentSupply': { path: /^\/ext\/bc\/P$/, params: ['subnetID'] },
  'platform.getCurrentValidators': { path: /^\/ext\/bc\/P$/, params: ['subnetID', 'nodeIDs'] },
  // Not in the spec's table, but in the node's examples: the P-Chain's height.
  'platform.getHeight': { path: /^\/ext\/bc\/P$/, params: [] },
  'health.health': { path: /^\/ext\/health$/, params: ['tags'] },
  'health.readiness': { path: /^\/ext\/health$/, params: ['tags'] },
  'health.liveness': { path: /^\/ext\/health$/, params: [] },
  'index.getContainerByID': { path: /^\/ext\/index\/(C\/block|P\/block|X\/tx|X\/block|X\/vtx)$/, params: ['id', 'encoding'] },
  'index.getContainerByIndex': { path: /^\/ext\/index\//, params: ['index', 'encoding'] },
  'index.getContainerRange': { path: /^\/ext\/index\//, params: ['startIndex', 'numToFetch', 'encoding'] },
  'index.getIndex': { path: /^\/ext\/index\//, params: ['id', 'encoding'] },
  'index.getLastAccepted': { path: /^\/ext\/index\//, params: ['encoding'] },
  'index.isAccepted': { path: /^\/ext\/index\//, params: ['id', 'encoding'] },
  'validators.getCurrentValidators': { path: /^\/ext\/bc\/\w+\/validators$/, params: ['nodeIDs'] },
  // The EVM methods take an array: at most one element each.
  eth_feeConfig: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_getChainConfig: { path: /^\/ext\/bc\/\w+\/rpc$/, params: [] },
  eth_getActiveRulesAt: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_getActivePrecompilesAt: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_getBlockByNumber: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getBlockByHash: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getBlockTransactionCountByNumber: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_getBlockTransactionCountByHash: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_getTransactionByHash: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_getTransactionByBlockNumberAndIndex: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getTransactionByBlockHashAndIndex: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getTransactionReceipt: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
};

it('calls every method of the spec through the graph, each with only its params, on its path', async () => {
  const [evmChain] = [...node.chains.entries()].find(([, c]) => c.vm === 'subnet-evm' && c.status !== 'Created' && c.subnet.isL1)!;
  const l1 = node.chains.get(evmChain)!.subnet.subnetId;
  const owner = world.manyUtxosAddress;
  const block = node.avm.blocks[3]!;
  const pBlock = node.platform.blocks[5]!;
  const tx = world.transactions.x[0]!.txHash;
  const cTx = node.evm.chains.get('43114')!.transactions[5]!;
  const queries = [
    `{ network {
      xChain { height txFee { txFee } transaction(txId: "${tx}") { txId hex } block(blockId: "${block.id}") { height } byHeight: block(height: "${block.height}") { height }
        asset(assetId: "AVAX") { symbol } utxos(addresses: ["${owner}"], first: 2) { nodes { utxoId } } txStatus(txId: "${tx}") allBalances(address: "${owner}") { balance } balance(address: "${owner}", assetId: "AVAX") { balance } }
      pChain { height block(blockId: "${pBlock.id}") { height } byHeight: block(height: ${pBlock.height}) { height } blockchainStatus(blockchainId: "${evmChain}") currentSupply(subnetId: "${l1}")
        currentValidators(subnetId: "${l1}") { nodeId } blockchains { name } balance(addresses: ["${owner}"]) { utxoCount } }
      health { report(tags: ["${l1}"]) { healthy } readiness { healthy } liveness { healthy } }
      index(name: P_BLOCK) { lastAccepted { id } container(index: "1") { id } byId: container(id: "${pBlock.id}") { id } indexOf(id: "${pBlock.id}") isAccepted(id: "${pBlock.id}") containers(first: 2) { nodes { id } } }
      blockchain(blockchainId: "${evmChain}") { feeConfig { gasLimit } chainConfig { chainId } activeRules(timestamp: 1700000000) { ethRules { name } } activePrecompiles { name } validators { nodeId } }
      admin { chainAliases(chain: "${world.chainIds.x}") loggerLevels(loggerName: "C") { name } }
      evmChain(evmChainId: 43114) { latestBlock { number } block(hash: "${cTx.blockHash}", from: NODE) { number }
        byNumber: blockTransactionCount(number: "${cTx.blockNumber}") byHash: blockTransactionCount(hash: "${cTx.blockHash}")
        transaction(txHash: "${cTx.txHash}", from: NODE) { txHash receipt { status } }
        atNumber: transactionInBlock(blockNumber: "${cTx.blockNumber}", index: 0) { txHash } atHash: transactionInBlock(blockHash: "${cTx.blockHash}", index: 0) { txHash } }
    } }`,
    `mutation { nodeAlias(network: MAINNET, endpoint: "bc/P", alias: "platformAlias") nodeAliasChain(network: MAINNET, chain: "${evmChain}", alias: "myChain")
      nodeSetLoggerLevel(network: MAINNET, loggerName: "P", logLevel: TRACE, displayLevel: INFO) { name } nodeLoadVMs(network: MAINNET) { loaded { vmId } }
      nodeLockProfile(network: MAINNET) nodeMemoryProfile(network: MAINNET) nodeStartCPUProfiler(network: MAINNET) nodeStopCPUProfiler(network: MAINNET) }`,
  ];
  for (const q of queries) {
    const res = await h.raw(q, undefined, { authorization: `Bearer ${TOKEN}` });
    expect(res.errors).toBeUndefined();
  }

  const called = new Set<string>();
  for (const r of h.sandbox.log.filter((x) => x.service === 'node')) {
    const path = r.path.replace(/^\/(mainnet|fuji)/, '');
    const calls = Array.isArray(r.body) ? (r.body as any[]) : [r.body as any];
    if (Array.isArray(r.body)) expect(path, 'only the EVM endpoint takes batches').toMatch(/\/rpc$/);
    for (const call of calls) {
      const spec = SPEC[call.method as keyof typeof SPEC];
      expect(spec, `${call.method} is a method of the spec`).toBeDefined();
      expect(path).toMatch(spec!.path);
      expect(call.jsonrpc).toBe('2.0');
      expect(Number.isInteger(call.id)).toBe(true);
      const names = Array.isArray(call.params) ? call.params.map((_: unknown, i: number) => String(i)) : Object.keys(call.params ?? {});
      for (const name of names) expect(spec!.params, `${call.method} takes ${name}`).toContain(name);
      called.add(call.method);
    }
  }
  expect([...called].sort()).toEqual(Object.keys(SPEC).sort());
});
