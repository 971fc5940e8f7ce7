/**
 * The gateway's side of the node contract: through the graph, every method of the spec is called,
 * each with only the params the spec names for it (the node ignores unknown names, so a misspelt
 * param would pass silently), on the path that serves it, and never batched on a gorilla endpoint.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import type { NodeMethod } from '../../src/upstreams/node/client.js';
import { useHarness } from '../helpers/harness.js';
import { signedBaseTx, signedCImport } from '../helpers/signed-tx.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const h = useHarness({ ADMIN_TOKEN: TOKEN });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');
const EVM_ACCOUNT = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

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
  // vms/platformvm/service.md: the rest of platform.*.
  'platform.getProposedHeight': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getTimestamp': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getFeeConfig': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getFeeState': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getValidatorFeeConfig': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getValidatorFeeState': { path: /^\/ext\/bc\/P$/, params: [] },
  'platform.getStakingAssetID': { path: /^\/ext\/bc\/P$/, params: ['subnetID'] },
  'platform.getMinStake': { path: /^\/ext\/bc\/P$/, params: ['subnetID'] },
  'platform.getTotalStake': { path: /^\/ext\/bc\/P$/, params: ['subnetID'] },
  'platform.getSubnet': { path: /^\/ext\/bc\/P$/, params: ['subnetID'] },
  'platform.getSubnets': { path: /^\/ext\/bc\/P$/, params: ['ids'] },
  'platform.validates': { path: /^\/ext\/bc\/P$/, params: ['subnetID'] },
  'platform.validatedBy': { path: /^\/ext\/bc\/P$/, params: ['blockchainID'] },
  'platform.sampleValidators': { path: /^\/ext\/bc\/P$/, params: ['size', 'subnetID'] },
  'platform.getValidatorsAt': { path: /^\/ext\/bc\/P$/, params: ['height', 'subnetID'] },
  'platform.getAllValidatorsAt': { path: /^\/ext\/bc\/P$/, params: ['height'] },
  'platform.getTx': { path: /^\/ext\/bc\/P$/, params: ['txID', 'encoding'] },
  'platform.getTxStatus': { path: /^\/ext\/bc\/P$/, params: ['txID'] },
  'platform.getUTXOs': { path: /^\/ext\/bc\/P$/, params: ['addresses', 'limit', 'startIndex', 'sourceChain', 'encoding'] },
  'platform.getStake': { path: /^\/ext\/bc\/P$/, params: ['addresses', 'validatorsOnly', 'encoding'] },
  'platform.getRewardUTXOs': { path: /^\/ext\/bc\/P$/, params: ['txID', 'encoding'] },
  'platform.getL1Validator': { path: /^\/ext\/bc\/P$/, params: ['validationID'] },
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
  'info.acps': { path: /^\/ext\/info$/, params: [] },
  'info.getBlockchainID': { path: /^\/ext\/info$/, params: ['alias'] },
  'info.getNetworkID': { path: /^\/ext\/info$/, params: [] },
  'info.getNetworkName': { path: /^\/ext\/info$/, params: [] },
  'info.getNodeID': { path: /^\/ext\/info$/, params: [] },
  'info.getNodeIP': { path: /^\/ext\/info$/, params: [] },
  'info.getNodeVersion': { path: /^\/ext\/info$/, params: [] },
  'info.getTxFee': { path: /^\/ext\/info$/, params: [] },
  'info.getVMs': { path: /^\/ext\/info$/, params: [] },
  'info.isBootstrapped': { path: /^\/ext\/info$/, params: ['chain'] },
  'info.peers': { path: /^\/ext\/info$/, params: ['nodeIDs'] },
  'info.upgrades': { path: /^\/ext\/info$/, params: [] },
  'info.uptime': { path: /^\/ext\/info$/, params: [] },
  'avax.getAtomicTx': { path: /^\/ext\/bc\/C\/avax$/, params: ['txID', 'encoding'] },
  'avax.getAtomicTxStatus': { path: /^\/ext\/bc\/C\/avax$/, params: ['txID'] },
  'avax.getUTXOs': { path: /^\/ext\/bc\/C\/avax$/, params: ['addresses', 'sourceChain', 'limit', 'startIndex', 'encoding'] },
  'avax.issueTx': { path: /^\/ext\/bc\/C\/avax$/, params: ['tx', 'encoding'] },
  'proposervm.getCurrentEpoch': { path: /^\/ext\/bc\/\w+\/proposervm$/, params: [] },
  'proposervm.getProposedHeight': { path: /^\/ext\/bc\/\w+\/proposervm$/, params: [] },
  'avm.issueTx': { path: /^\/ext\/bc\/X$/, params: ['tx', 'encoding'] },
  'platform.issueTx': { path: /^\/ext\/bc\/P$/, params: ['tx', 'encoding'] },
  eth_blockNumber: { path: /^\/ext\/bc\/\w+\/rpc$/, params: [] },
  eth_chainId: { path: /^\/ext\/bc\/\w+\/rpc$/, params: [] },
  eth_gasPrice: { path: /^\/ext\/bc\/\w+\/rpc$/, params: [] },
  eth_maxPriorityFeePerGas: { path: /^\/ext\/bc\/\w+\/rpc$/, params: [] },
  eth_baseFee: { path: /^\/ext\/bc\/\w+\/rpc$/, params: [] },
  eth_feeHistory: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1', '2'] },
  eth_getLogs: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
  eth_call: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_estimateGas: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getBalance: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getTransactionCount: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getCode: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1'] },
  eth_getStorageAt: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1', '2'] },
  eth_getProof: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0', '1', '2'] },
  eth_sendRawTransaction: { path: /^\/ext\/bc\/\w+\/rpc$/, params: ['0'] },
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
  const pTx = world.transactions.p[0]!.txHash;
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
      nodeInfo { nodeId ip version { version } networkId networkName blockchainId(alias: "X") isBootstrapped(chain: "X") peers(first: 2) { nodeId }
        uptime { rewardingStakePercentage } upgrades { name } acps { acp } vms { vmId } txFee { txFee } }
      cChainAtomic { utxos(addresses: ["${owner}"], sourceChain: X_CHAIN, first: 2) { nodes { utxoId } } transaction(txId: "${tx}") { txId } }
      proposerVm { proposedHeight currentEpoch { number } }
      evmChain(evmChainId: 43114) { latestBlock { number } block(hash: "${cTx.blockHash}", from: NODE) { number }
        byNumber: blockTransactionCount(number: "${cTx.blockNumber}") byHash: blockTransactionCount(hash: "${cTx.blockHash}")
        transaction(txHash: "${cTx.txHash}", from: NODE) { txHash receipt { status } }
        atNumber: transactionInBlock(blockNumber: "${cTx.blockNumber}", index: 0) { txHash } atHash: transactionInBlock(blockHash: "${cTx.blockHash}", index: 0) { txHash } }
    } }`,
    // The rest of platform.*, in a request of its own.
    `{ network {
      pChain { proposedHeight timestamp feeConfig { minPrice } feeState { price } validatorFeeConfig { minPrice } validatorFeeState { price }
        stakingAssetId minStake { validator } totalStake subnet(subnetId: "${l1}") { isPermissioned blockchainIds validatorsAt { nodeId } }
        subnets(subnetIds: ["${l1}"]) { subnetId } sampleValidators(size: 1) allValidatorsAt { subnetId }
        transaction(txId: "${pTx}") { txId status { status } } rewardUtxos(txId: "${world.rewards[0]!.txHash}") { txId }
        l1Validator(validationId: "${world.l1Validators.find((v) => v.active && v.weight > 0)!.validationId}") { nodeId } }
      address(address: "${owner}") { pChainNodeUtxos(first: 2) { nodes { utxoId } } pChainNodeStake { outputs } }
      blockchain(blockchainId: "${evmChain}") { validatedBy { subnetId } }
    } }`,
    `mutation($x: String!, $p: String!, $c: String!) {
      x: submitSignedTransaction(network: MAINNET, chain: X_CHAIN, signedTx: $x) { txId status { status } }
      p: submitSignedTransaction(network: MAINNET, chain: P_CHAIN, signedTx: $p) { txId status { status } }
      c: submitSignedTransaction(network: MAINNET, chain: C_CHAIN, signedTx: $c) { txId status { status } } }`,
    // The standard EVM reads, in a request of their own.
    `{ network {
      evmChain(evmChainId: 43114) { headBlockNumber rpcChainId gasPrice baseFee maxPriorityFeePerGas feeHistory(blockCount: 2, rewardPercentiles: [50]) { oldestBlock }
        logs(filter: { fromBlock: "0", toBlock: "10" }) { logIndex } call(input: { to: "${EVM_ACCOUNT}" }) estimateGas(input: { to: "${EVM_ACCOUNT}" })
        address(address: "${EVM_ACCOUNT}") { balanceAt nonce code storageAt(slot: "0x0") proof { nonce } }
        submittedTransaction(txHash: "0x${'ab'.repeat(32)}", from: "${EVM_ACCOUNT}", nonce: "0") { status receipt { blockNumber } } }
    } }`,
    `mutation($tx: String!) { sendEvmTransaction(network: MAINNET, evmChainId: 43114, signedTransaction: $tx) { txHash } }`,
    `mutation { nodeAlias(network: MAINNET, endpoint: "bc/P", alias: "platformAlias") nodeAliasChain(network: MAINNET, chain: "${evmChain}", alias: "myChain")
      nodeSetLoggerLevel(network: MAINNET, loggerName: "P", logLevel: TRACE, displayLevel: INFO) { name } nodeLoadVMs(network: MAINNET) { loaded { vmId } }
      nodeLockProfile(network: MAINNET) nodeMemoryProfile(network: MAINNET) nodeStartCPUProfiler(network: MAINNET) nodeStopCPUProfiler(network: MAINNET) }`,
  ];
  const issued = {
    x: (await signedBaseTx('mainnet', 'X')).hex,
    p: (await signedBaseTx('mainnet', 'P')).hex,
    c: (await signedCImport('mainnet')).hex,
  };
  // A throwaway key, funded on the node, signs the transaction the EVM mutation sends.
  const key = privateKeyToAccount(generatePrivateKey());
  h.sandbox.node.setKnobs({ evmFunded: [key.address] });
  const evmTx = await key.signTransaction({
    chainId: 43114,
    nonce: 0,
    to: EVM_ACCOUNT,
    gas: 21_000n,
    maxFeePerGas: 10n ** 11n,
    maxPriorityFeePerGas: 1n,
  });
  for (const q of queries) {
    const variables = q.includes('$x') ? issued : q.includes('$tx') ? { tx: evmTx } : undefined;
    const res = await h.raw(q, variables, { authorization: `Bearer ${TOKEN}` });
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
