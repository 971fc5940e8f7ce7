/**
 * The sandbox's avalanchego node: every documented example replayed against it with the same
 * shape, the node's error behaviour case by case (node.jsonrpc-errors.json), and answers that
 * agree with the world the Data API serves.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { parse as parseLossless, isLosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum, decodeUtxo } from '../../src/base/avax-codec.js';
import { cb58Decode, cb58Encode, PRIMARY_NETWORK_ID, type NetworkName } from '../../src/base/ids.js';
import { derivedId, transferOutput } from '../../sandbox/node/chains/avax.js';
import { toJson } from '../../sandbox/node/chains/codec.js';
import { goJson } from '../../sandbox/node/json.js';
import { getNodeWorld, proposedBlockchainIds, SANDBOX_NODE_ID } from '../../sandbox/node/chains/node-world.js';
import { getWorld } from '../../sandbox/world/world.js';
import { TIMELINE } from '../../sandbox/world/timeline.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

const world = getWorld('mainnet');
const fuji = getWorld('fuji');
const node = getNodeWorld('mainnet');
const X = world.chainIds.x;
const P = world.chainIds.p;

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A raw HTTP request, so that headers are exactly the ones given (fetch adds a content type). */
function call(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; network?: NetworkName } = {},
): Promise<Reply> {
  const url = new URL(`${sandbox.nodeUrl(init.network ?? 'mainnet')}${path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'POST', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(init.body ?? '');
  });
}

const JSON_CT = { 'content-type': 'application/json' };
const post = (path: string, body: unknown, network?: NetworkName) =>
  call(path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: JSON_CT, network });

async function rpcBody(path: string, method: string, params?: unknown, network?: NetworkName) {
  const res = await post(path, { jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }, network);
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as { result?: any; error?: { code: number; message: string; data: unknown } };
}

async function rpc(path: string, method: string, params?: unknown, network?: NetworkName): Promise<any> {
  const body = await rpcBody(path, method, params, network);
  expect(body.error, `${method} failed`).toBeUndefined();
  return body.result;
}

async function rpcError(path: string, method: string, params?: unknown, network?: NetworkName) {
  const body = await rpcBody(path, method, params, network);
  expect(body.result).toBeUndefined();
  return body.error!;
}

const example = (name: string) => JSON.parse(readFileSync(new URL(`../contract/examples/node.${name}.json`, import.meta.url), 'utf8'));

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * The answer has every member of the example with the same JSON type, down the tree, and no
 * member but those plus `extra` (members the node's code writes that the docs' example lacks).
 * Members named in `maps` are maps whose keys are data: their values are compared by shape.
 */
function expectShape(actual: any, expected: any, where = 'result', opts: { extra?: string[]; maps?: string[]; opaque?: string[] } = {}) {
  expect(kind(actual), where).toBe(kind(expected));
  const name = where.slice(where.lastIndexOf('.') + 1);
  if (opts.opaque?.includes(name)) return;
  if (Array.isArray(expected)) {
    if (expected.length > 0 && actual.length > 0) expectShape(actual[0], expected[0], `${where}[0]`, opts);
    return;
  }
  if (kind(expected) !== 'object') return;
  if (opts.maps?.includes(name)) {
    const [a, e] = [Object.values(actual)[0], Object.values(expected)[0]];
    if (a !== undefined && e !== undefined) expectShape(a, e, `${where}.*`, opts);
    return;
  }
  for (const key of Object.keys(expected)) {
    expect(actual, `${where} lacks ${key}`).toHaveProperty([key]);
    expectShape(actual[key], expected[key], `${where}.${key}`, opts);
  }
  for (const key of Object.keys(actual))
    expect([...Object.keys(expected), ...(opts.extra ?? [])], `${where}.${key} is not in the example`).toContain(key);
}

const xAddress = (a: string) => `X-${a}`;
const pAddress = (a: string) => `P-${a}`;
const xUtxos = (network: NetworkName = 'mainnet') =>
  (network === 'mainnet' ? world : fuji).utxos.get((network === 'mainnet' ? world : fuji).chainIds.x)!;
const ownersWith = (count: number) => {
  const by = new Map<string, number>();
  for (const u of xUtxos()) if (u.createdOn === X) for (const o of u.owners) by.set(o, (by.get(o) ?? 0) + 1);
  return [...by].filter(([, n]) => n >= count).map(([a]) => a);
};

const trackedEvm = [...node.chains.values()].filter((c) => c.vm === 'subnet-evm' && c.status !== 'Created');
const untracked = [...node.chains.values()].find((c) => c.status === 'Created' && c.vm === 'subnet-evm')!;
const withUpgrades = trackedEvm.find(
  (c) => (node.subnetEvm(c.blockchain.blockchainId)!.chainConfig.upgrades as { precompileUpgrades?: unknown[] }).precompileUpgrades,
)!;

describe('the node.*.json examples, replayed', () => {
  it('admin: chain aliases, logger levels, VMs', async () => {
    const aliases = await rpc('/ext/admin', 'admin.getChainAliases', { chain: X });
    expect(aliases).toEqual({ aliases: ['X', 'avm', X] });
    expectShape(aliases, example('admin.getChainAliases').response.result);

    const levels = await rpc('/ext/admin', 'admin.getLoggerLevel', example('admin.getLoggerLevel').request.body.params);
    expect(levels).toEqual({ loggerLevels: { C: { logLevel: 'INFO', displayLevel: 'INFO' } } });

    // The code answers the levels it set, where the docs show an empty result.
    const set = await rpc('/ext/admin', 'admin.setLoggerLevel', example('admin.setLoggerLevel').request.body.params);
    expectShape(set, example('admin.setLoggerLevel').response.result, 'result', { extra: ['loggerLevels'] });
    expect(set.loggerLevels).toEqual({ C: { logLevel: 'DEBUG', displayLevel: 'INFO' } });
    expect((await rpc('/ext/admin', 'admin.getLoggerLevel', {})).loggerLevels).toMatchObject({
      C: { logLevel: 'DEBUG' },
      X: { logLevel: 'INFO' },
      main: { displayLevel: 'INFO' },
    });

    const vms = await rpc('/ext/admin', 'admin.loadVMs', {});
    expectShape(vms, example('admin.loadVMs').response.result, 'result', { maps: ['newVMs', 'failedVMs'] });
    expect(Object.values(vms.newVMs)).toContainEqual(['timestampvm']);
    // Loaded once, a plugin is not new any more; the broken one fails again.
    const again = await rpc('/ext/admin', 'admin.loadVMs', {});
    expect(again.newVMs).toEqual({});
    expect(again.failedVMs).toEqual(vms.failedVMs);
  });

  it('avm: asset, height, fee, tx, block', async () => {
    const asset = example('avm.getAssetDescription');
    expect(await rpc('/ext/bc/X', 'avm.getAssetDescription', { assetID: world.avaxAssetId })).toEqual(asset.response.bodyRepaired.result);
    expect(await rpc('/ext/bc/X', 'avm.getAssetDescription', { assetID: 'AVAX' })).toEqual(asset.response.bodyRepaired.result);
    const custom = [...world.assets].find(([id]) => id !== world.avaxAssetId)!;
    expect(await rpc('/ext/bc/X', 'avm.getAssetDescription', { assetID: custom[0] })).toEqual({
      assetID: custom[0],
      name: custom[1].name,
      symbol: custom[1].symbol,
      denomination: String(custom[1].denomination),
    });

    const height = await rpc('/ext/bc/X', 'avm.getHeight', {});
    expectShape(height, example('avm.getHeight').response.result);
    expect(height.height).toBe(String(node.avm.blocks.length - 1));
    expect(await rpc('/ext/bc/X', 'avm.getTxFee')).toEqual(example('avm.getTxFee').response.result);

    const exportTx = world.transactions.x.find((t) => t.txType === 'ExportTx' && t.destinationChain === P)!;
    const tx = await rpc('/ext/bc/X', 'avm.getTx', { txID: exportTx.txHash, encoding: 'json' });
    expectShape(tx, example('avm.getTx').response.result);
    expect(tx.tx.id).toBe(exportTx.txHash);
    expect(tx.tx.unsignedTx).toMatchObject({ networkID: 1, blockchainID: X, destinationChain: P, memo: exportTx.memo });
    const exported = exportTx.emittedUtxos.filter((u) => u.consumedOnChainId === P);
    expect(tx.tx.unsignedTx.exportedOutputs.map((o: any) => [o.output.amount, o.output.addresses])).toEqual(
      exported.map((u) => [Number(u.asset.amount), u.addresses.map(xAddress)]),
    );
    expect(tx.tx.unsignedTx.inputs.map((i: any) => i.txID)).toEqual(exportTx.consumedUtxos.map((u) => u.creationTxHash));
    const hex = await rpc('/ext/bc/X', 'avm.getTx', { txID: exportTx.txHash });
    expect(hex.encoding).toBe('hex');
    // The codec bytes: version 0, ExportTx (type 4), network 1, the X-Chain's id.
    expect(Buffer.from(decodeHexWithChecksum(hex.tx)).subarray(0, 10).toString('hex')).toBe('00000000000400000001');

    const block = example('avm.getBlockByHeight');
    const last = node.avm.blocks.at(-1)!;
    const byHeight = await rpc('/ext/bc/X', 'avm.getBlockByHeight', { ...block.request.body.params, height: String(last.height) });
    expectShape(byHeight, block.response.result);
    const bytes = Buffer.from(decodeHexWithChecksum(byHeight.block));
    expect(bytes.readUInt32BE(2)).toBe(20);
    expect(bytes.readBigUInt64BE(2 + 4 + 32)).toBe(BigInt(last.height));
    const json = await rpc('/ext/bc/X', 'avm.getBlock', { blockID: last.id, encoding: 'json' });
    expect(json.block).toMatchObject({ id: last.id, height: last.height, parentID: node.avm.blocks.at(-2)!.id });
    const linear = world.transactions.x.filter((t) => t.chainFormat === 'linear').at(-1)!;
    expect(json.block.txs.map((t: any) => t.id)).toEqual([linear.txHash]);
    expect(json.block.time).toBe(linear.timestamp);
  });

  it('avm.getTx writes amounts as JSON numbers with every digit', async () => {
    const amountOf = (t: (typeof world.transactions.x)[number]) =>
      t.emittedUtxos.reduce((m, u) => (BigInt(u.asset.amount) > m ? BigInt(u.asset.amount) : m), 0n);
    const big = world.transactions.x.filter((t) => t.txType === 'BaseTx').sort((a, b) => (amountOf(b) > amountOf(a) ? 1 : -1))[0]!;
    const res = await post('/ext/bc/X', { jsonrpc: '2.0', id: 1, method: 'avm.getTx', params: { txID: big.txHash, encoding: 'json' } });
    const parsed = parseLossless(res.text) as any;
    const amounts = parsed.result.tx.unsignedTx.outputs.map((o: any) => o.output.amount);
    expect(amounts.every(isLosslessNumber)).toBe(true);
    expect(amounts.map(String)).toEqual(big.emittedUtxos.filter((u) => u.consumedOnChainId === X).map((u) => u.asset.amount));
    // Past 2^53 too: the codec's JSON keeps uint64 digits.
    expect(goJson(toJson(transferOutput(2n ** 64n - 1n, { locktime: 0, threshold: 1, addresses: [world.addresses[0]!] }, 'X')))).toBe(
      `{"addresses":["X-${world.addresses[0]}"],"amount":18446744073709551615,"locktime":0,"threshold":1}`,
    );
  });

  it('avm.getUTXOs: the three examples', async () => {
    const examples = example('avm.getUTXOs').examples;
    const [a, b] = ownersWith(4);
    const first = await rpc('/ext/bc/X', 'avm.getUTXOs', {
      ...examples[0].request.body.params,
      addresses: [xAddress(a!), xAddress(b!)],
      limit: 5,
    });
    expectShape(first, examples[0].response.result);
    expect(first.numFetched).toBe('5');
    const second = await rpc('/ext/bc/X', 'avm.getUTXOs', {
      ...examples[1].request.body.params,
      addresses: [xAddress(a!), xAddress(b!)],
      startIndex: first.endIndex,
    });
    expectShape(second, examples[1].response.result);
    const all = xUtxos().filter((u) => u.createdOn === X && (u.owners.includes(a!) || u.owners.includes(b!)));
    expect(Number(first.numFetched) + Number(second.numFetched)).toBe(all.length);

    const pending = xUtxos().filter((u) => u.createdOn === P);
    const owner = pending[0]!.owners[0]!;
    const atomic = await rpc('/ext/bc/X', 'avm.getUTXOs', { ...examples[2].request.body.params, addresses: [xAddress(owner)] });
    expectShape(atomic, examples[2].response.result);
    const decoded = atomic.utxos.map((h: string) => decodeUtxo(decodeHexWithChecksum(h), 'avax', 'X').utxoId);
    expect(decoded.sort()).toEqual(
      pending
        .filter((u) => u.owners.includes(owner))
        .map((u) => u.id)
        .sort(),
    );
  });

  it('health: health, readiness, liveness, GET', async () => {
    const tags = example('health.health').request.body.params.tags;
    const health = await rpc('/ext/health', 'health.health', { tags });
    expectShape(health, example('health.health').response.result);
    expect(health.healthy).toBe(true);
    const readiness = await rpc('/ext/health', 'health.readiness', { tags });
    expectShape(readiness, example('health.readiness').response.result);
    expect(await rpc('/ext/health', 'health.liveness')).toEqual(example('health.liveness').response.result);

    const lastP = node.platform.blocks.at(-1)!;
    expect(health.checks.P.message.engine.consensus).toMatchObject({ lastAcceptedHeight: lastP.height, lastAcceptedID: lastP.id });
    for (const path of example('health.GET').getEndpoints as string[]) {
      const res = await call(path, { method: 'GET' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      const reply = JSON.parse(res.text);
      expect(reply.healthy).toBe(true);
      if (path.endsWith('liveness')) expect(reply.checks).toEqual({});
      else expect(Object.keys(reply.checks)).toContain('bootstrapped');
    }
    expectShape(
      JSON.parse((await call(`/ext/health?tag=${PRIMARY_NETWORK_ID}`, { method: 'GET' })).text),
      example('health.health').response.result,
    );
    // Tagged with subnets only: the global checks, and none of the Primary Network's chains.
    const tagged = JSON.parse((await call(example('health.GET').requests[0].path, { method: 'GET' })).text);
    expect(Object.keys(tagged.checks)).toEqual(['bootstrapped', 'database', 'diskspace', 'network', 'router']);
  });

  it('health filters by tag: global checks plus those of the tagged subnets', async () => {
    const chain = [...node.chains.values()].find((c) => c.status !== 'Created' && c.subnet.subnetId !== PRIMARY_NETWORK_ID)!;
    const all = await rpc('/ext/health', 'health.health', {});
    expect(Object.keys(all.checks)).toEqual(expect.arrayContaining(['C', 'P', 'X', chain.blockchain.blockchainId, 'network']));
    const tagged = await rpc('/ext/health', 'health.health', { tags: [chain.subnet.subnetId] });
    expect(Object.keys(tagged.checks)).toContain(chain.blockchain.blockchainId);
    expect(Object.keys(tagged.checks)).not.toContain('P');
    expect(Object.keys(tagged.checks)).toEqual(expect.arrayContaining(['bootstrapped', 'database', 'diskspace', 'network', 'router']));
    const get = JSON.parse((await call(`/ext/health?tag=${PRIMARY_NETWORK_ID}&tag=${chain.subnet.subnetId}`, { method: 'GET' })).text);
    expect(Object.keys(get.checks)).toEqual(expect.arrayContaining(['P', 'X', 'C', chain.blockchain.blockchainId]));
  });

  it('index: the six methods on X/tx', async () => {
    const first = world.transactions.x[0]!;
    const byIndex = await rpc('/ext/index/X/tx', 'index.getContainerByIndex', example('index.getContainerByIndex').request.body.params);
    expectShape(byIndex, example('index.getContainerByIndex').response.result);
    expect(byIndex).toMatchObject({ id: first.txHash, index: '0', encoding: 'hex' });
    expect(byIndex.timestamp.startsWith(new Date(first.timestamp * 1000).toISOString().slice(0, 19))).toBe(true);
    expect(byIndex.bytes).toBe((await rpc('/ext/bc/X', 'avm.getTx', { txID: first.txHash })).tx);

    const byId = await rpc('/ext/index/X/tx', 'index.getContainerByID', { id: first.txHash, encoding: 'hex' });
    expect(byId).toEqual(byIndex);
    expectShape(byId, example('index.getContainerByID').response.result);
    expectShape(
      await rpc('/ext/index/X/tx', 'index.getIndex', { id: first.txHash, encoding: 'hex' }),
      example('index.getIndex').response.result,
    );
    expect(await rpc('/ext/index/X/tx', 'index.isAccepted', { id: first.txHash, encoding: 'hex' })).toEqual(
      example('index.isAccepted').response.result,
    );
    const last = await rpc('/ext/index/X/tx', 'index.getLastAccepted', { encoding: 'hex' });
    expectShape(last, example('index.getLastAccepted').response.result);
    expect(last).toMatchObject({ id: world.transactions.x.at(-1)!.txHash, index: String(world.transactions.x.length - 1) });

    // The code answers {containers}, where the docs show a bare array.
    const range = await rpc('/ext/index/X/tx', 'index.getContainerRange', example('index.getContainerRange').request.body.params);
    expect(range.containers).toHaveLength(100);
    expectShape(range.containers, example('index.getContainerRange').response.result);
    expect(range.containers.map((c: any) => c.id)).toEqual(world.transactions.x.slice(0, 100).map((t) => t.txHash));
  });

  it('platform: blocks, chains, supply, height', async () => {
    // A Banff standard block, like the example's (Apricot atomic blocks hold one `tx`, not `txs`).
    const withExport = node.platform.blocks.find((b) =>
      world.transactions.p.some((t) => t.blockHash === b.id && t.txType === 'ExportTx' && t.blockTimestamp >= TIMELINE.banff),
    )!;
    const hexEx = example('platform.getBlockByHeight.hex');
    const hex = await rpc('/ext/bc/P', 'platform.getBlockByHeight', { ...hexEx.request.body.params, height: withExport.height });
    expectShape(hex, hexEx.response.result);
    expect(Buffer.from(decodeHexWithChecksum(hex.block)).equals(withExport.bytes)).toBe(true);
    const jsonEx = example('platform.getBlockByHeight.json');
    const json = await rpc('/ext/bc/P', 'platform.getBlockByHeight', { ...jsonEx.request.body.params, height: String(withExport.height) });
    // The code writes the block's id (and for Banff blocks its time); each tx's JSON is its type's.
    expectShape(json, jsonEx.response.result, 'result', { extra: ['id', 'time'], opaque: ['unsignedTx'] });
    expect(json.block).toMatchObject({
      id: withExport.id,
      height: withExport.height,
      parentID: node.platform.blocks[withExport.height - 1]!.id,
    });
    expect(json.block.txs[0].unsignedTx.destinationChain).toBeDefined();
    expect(await rpc('/ext/bc/P', 'platform.getBlock', { blockID: withExport.id, encoding: 'hex' })).toEqual(hex);

    const height = await rpc('/ext/bc/P', 'platform.getHeight', {});
    expectShape(height, example('platform.getHeight').response.result);
    expect(Number(height.height)).toBe(node.platform.blocks.length - 1);

    const chains = await rpc('/ext/bc/P', 'platform.getBlockchains', {});
    expectShape(chains, example('platform.getBlockchains').response.result);
    expect(chains.blockchains).toHaveLength(world.subnets.flatMap((s) => s.blockchains).length);
    expect(chains.blockchains.map((b: any) => b.id)).not.toContain(P);

    const supply = await rpc('/ext/bc/P', 'platform.getCurrentSupply', example('platform.getCurrentSupply').request.body.params);
    expectShape(supply, example('platform.getCurrentSupply').response.result, 'result', { extra: ['height'] });
    expect(BigInt(supply.supply)).toBeGreaterThan(2n ** 53n);
  });

  it('platform: statuses, all five', async () => {
    const created = [...node.chains.values()].find((c) => c.status === 'Created')!;
    const validating = [...node.chains.values()].find((c) => c.status === 'Validating' && c.subnet.subnetId !== PRIMARY_NETWORK_ID)!;
    const syncing = [...node.chains.values()].find((c) => c.status === 'Syncing')!;
    const status = (blockchainID: string) => rpc('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID });
    const createdStatus = await status(created.blockchain.blockchainId);
    expect(createdStatus).toEqual(example('platform.getBlockchainStatus').response.result);
    expect(await status(validating.blockchain.blockchainId)).toEqual({ status: 'Validating' });
    expect(await status(syncing.blockchain.blockchainId)).toEqual({ status: 'Syncing' });
    expect(await status('X')).toEqual({ status: 'Validating' });
    expect(await status(proposedBlockchainIds('mainnet')[0]!)).toEqual({ status: 'Preferred' });
    expect(await status(derivedId('no such chain'))).toEqual({ status: 'Unknown' });
    expect((await rpcError('/ext/bc/P', 'platform.getBlockchainStatus', {})).message).toBe("argument 'blockchainID' not given");
    expect((await rpcError('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: 'nope' })).message).toBe(
      'problem parsing blockchainID "nope": input string is smaller than the checksum size',
    );
    expect(
      (await rpcError('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: `${created.blockchain.blockchainId.slice(0, -1)}1` }))
        .message,
    ).toMatch(/^problem parsing blockchainID ".*": invalid input checksum$/);
  });

  it('platform.getCurrentValidators: Primary Network (one node with its delegators), L1, subnet', async () => {
    const now = TIMELINE.now;
    const running = (t: (typeof world.transactions.p)[number]) => t.startTimestamp! <= now && t.endTimestamp! > now;
    const validators = world.transactions.p.filter(
      (t) => ['AddValidatorTx', 'AddPermissionlessValidatorTx'].includes(t.txType) && running(t),
    );
    const delegations = world.transactions.p.filter(
      (t) => ['AddDelegatorTx', 'AddPermissionlessDelegatorTx'].includes(t.txType) && running(t),
    );
    const withDelegators = validators.find((v) => delegations.some((d) => d.nodeId === v.nodeId))!;
    const examples = example('platform.getCurrentValidators').responses;

    const one = await rpc('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [withDelegators.nodeId] });
    expectShape(one, examples[0].body.result, 'result', { extra: ['signer'] });
    const v = one.validators[0];
    const mine = delegations.filter((d) => d.nodeId === withDelegators.nodeId);
    expect(v).toMatchObject({
      txID: withDelegators.txHash,
      weight: withDelegators.amountStaked[0]!.amount,
      delegatorCount: String(mine.length),
      potentialReward: withDelegators.estimatedReward,
    });
    expect(v.delegators.map((d: any) => d.txID).sort()).toEqual(mine.map((d) => d.txHash).sort());

    const all = await rpc('/ext/bc/P', 'platform.getCurrentValidators', {});
    expect(all.validators.map((x: any) => x.txID).sort()).toEqual(validators.map((x) => x.txHash).sort());
    expect(all.validators.every((x: any) => x.delegators === undefined)).toBe(true);
    const permissionless = all.validators.find((x: any) => x.signer);
    expect(Object.keys(permissionless.signer)).toEqual(['publicKey', 'proofOfPossession']);

    const l1 = world.subnets.find((s) => s.isL1 && world.l1Validators.some((x) => x.subnetId === s.subnetId && x.active))!;
    const l1Answer = await rpc('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: l1.subnetId });
    expectShape(l1Answer, examples[1].body.result);
    const active = world.l1Validators.filter((x) => x.subnetId === l1.subnetId && x.active);
    expect(l1Answer.validators.map((x: any) => [x.validationID, x.weight, x.balance])).toEqual(
      active.map((x) => [x.validationId, String(x.weight), String(x.remainingBalance)]),
    );

    const legacy = world.transactions.p.find(
      (t) => t.txType === 'AddSubnetValidatorTx' && running(t) && !world.subnets.find((s) => s.subnetId === t.subnetId)!.isL1,
    )!;
    const subnet = await rpc('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: legacy.subnetId, nodeIDs: [legacy.nodeId] });
    expect(subnet.validators[0]).toMatchObject({ txID: legacy.txHash, nodeID: legacy.nodeId, startTime: String(legacy.startTimestamp) });
  });

  it('platform: L1 validator, subnet, tx, UTXOs', async () => {
    const v = world.l1Validators.find((x) => x.active)!;
    const l1 = await rpc('/ext/bc/P', 'platform.getL1Validator', { validationID: v.validationId });
    expectShape(l1, example('platform.getL1Validator').response.result);
    expect(l1).toMatchObject({ subnetID: v.subnetId, nodeID: v.nodeId, weight: String(v.weight), publicKey: v.blsCredentials.publicKey });

    const legacy = world.subnets.find((s) => !s.isL1 && s.subnetId !== PRIMARY_NETWORK_ID)!;
    const subnet = await rpc('/ext/bc/P', 'platform.getSubnet', { subnetID: legacy.subnetId });
    expectShape(subnet, example('platform.getSubnet').response.result);
    expect(subnet.controlKeys).toEqual(legacy.subnetOwnershipInfo.addresses.map(pAddress));
    const converted = world.subnets.find((s) => s.isL1)!;
    expect(await rpc('/ext/bc/P', 'platform.getSubnet', { subnetID: converted.subnetId })).toMatchObject({
      isPermissioned: false,
      managerChainID: converted.l1ValidatorManagerDetails!.blockchainId,
      managerAddress: converted.l1ValidatorManagerDetails!.contractAddress.toLowerCase(),
    });

    const staking = world.transactions.p.find((t) => t.txType === 'AddValidatorTx')!;
    const tx = await rpc('/ext/bc/P', 'platform.getTx', { txID: staking.txHash, encoding: 'json' });
    expectShape(tx, example('platform.getTx').response.result, 'result', { extra: ['shares'] });
    expect(tx.tx.unsignedTx.validator).toEqual({
      nodeID: staking.nodeId,
      start: staking.startTimestamp,
      end: staking.endTimestamp,
      weight: Number(staking.amountStaked[0]!.amount),
    });

    const examples = example('platform.getUTXOs').examples;
    const pUtxos = world.utxos.get(P)!.filter((u) => u.createdOn === P);
    const owner = pUtxos[0]!.owners[0]!;
    const page = await rpc('/ext/bc/P', 'platform.getUTXOs', {
      ...examples[0].request.body.params,
      addresses: [pAddress(owner)],
      limit: 1,
    });
    expectShape(page, examples[0].response.result);
    expect(page.endIndex.address).toBe(pAddress(owner));
    const rest = await rpc('/ext/bc/P', 'platform.getUTXOs', {
      ...examples[1].request.body.params,
      addresses: [pAddress(owner)],
      startIndex: page.endIndex,
      limit: 1024,
    });
    expect(Number(page.numFetched) + Number(rest.numFetched)).toBe(pUtxos.filter((u) => u.owners.includes(owner)).length);
    const fromC = world.utxos.get(P)!.find((u) => u.createdOn === world.chainIds.c)!;
    const atomic = await rpc('/ext/bc/P', 'platform.getUTXOs', {
      ...examples[2].request.body.params,
      addresses: [pAddress(fromC.owners[0]!)],
      sourceChain: 'C',
    });
    expectShape(atomic, examples[2].response.result);
    expect(atomic.utxos.map((h: string) => decodeUtxo(decodeHexWithChecksum(h), 'avax', 'P').utxoId)).toContain(fromC.id);
  });

  it('Subnet-EVM: fee config, chain config, rules, precompiles, validators', async () => {
    const id = withUpgrades.blockchain.blockchainId;
    const rpcPath = `/ext/bc/${id}/rpc`;
    const evm = async (method: string, params: unknown[] = []) => {
      const res = await post(rpcPath, { jsonrpc: '2.0', id: 1, method, params });
      return JSON.parse(res.text).result;
    };
    const fee = await evm('eth_feeConfig', example('subnetevm.eth_feeConfig').request.body.params);
    expectShape(fee, example('subnetevm.eth_feeConfig').response.result);
    const config = await evm('eth_getChainConfig');
    const expected = example('subnetevm.eth_getChainConfig').response.result;
    for (const key of [
      'chainId',
      'feeConfig',
      'allowFeeRecipients',
      'homesteadBlock',
      'eip150Block',
      'muirGlacierBlock',
      'subnetEVMTimestamp',
    ])
      expectShape(config[key], expected[key], key);
    for (const upgrade of config.upgrades.precompileUpgrades) {
      expect(Object.keys(upgrade)).toHaveLength(1);
      expect(Object.values(upgrade)[0]).toMatchObject({ blockTimestamp: expect.any(Number) });
    }
    expect(config.upgrades.precompileUpgrades.length).toBeGreaterThan(0);
    expect(config.chainId).toBe(withUpgrades.blockchain.evmChainId);
    expect(config.feeConfig).toEqual((withUpgrades.blockchain.genesisData as { config: { feeConfig: unknown } }).config.feeConfig);
    expect(Object.keys(config)).toEqual([...Object.keys(config)].sort());
    const rules = await evm('eth_getActiveRulesAt');
    expectShape(rules, example('subnetevm.eth_getActiveRulesAt').response.result, 'result', {
      maps: ['ethRules', 'avalancheRules', 'precompiles'],
    });
    const precompiles = await evm('eth_getActivePrecompilesAt');
    // Allow-list configs also name managers and enabled addresses; the fee manager its initial config, Warp its quorum.
    expectShape(precompiles, example('subnetevm.eth_getActivePrecompilesAt').response.result, 'result', {
      maps: ['result'],
      extra: ['managerAddresses', 'enabledAddresses', 'initialFeeConfig', 'quorumNumerator', 'requirePrimaryNetworkSigners'],
    });
    expect(Object.keys(precompiles)).toEqual(Object.keys(rules.precompiles));

    const validators = example('subnetevm.validators.getCurrentValidators');
    const l1Chain = trackedEvm.find(
      (c) => c.subnet.isL1 && world.l1Validators.some((v) => v.subnetId === c.subnet.subnetId && v.weight > 0),
    )!;
    const answer = await rpc(
      `/ext/bc/${l1Chain.blockchain.blockchainId}/validators`,
      'validators.getCurrentValidators',
      validators.request.body.params,
    );
    expectShape(answer, validators.response.result);
    const wanted = world.l1Validators.filter((v) => v.subnetId === l1Chain.subnet.subnetId && v.weight > 0);
    expect(answer.validators.map((v: any) => [v.validationID, v.nodeID, v.weight, v.isActive, v.isL1Validator])).toEqual(
      wanted.map((v) => [v.validationId, v.nodeId, v.weight, v.active, true]),
    );
  });
});

describe('the node.jsonrpc-errors.json cases, answered exactly', () => {
  const errors = example('jsonrpc-errors');
  const unknownId = derivedId('unknown tx');

  it('gorilla: each JSON-RPC case, HTTP 200 with the node error', async () => {
    for (const c of errors.gorilla.cases.filter((x: any) => x.request)) {
      const body = JSON.parse(JSON.stringify(c.request.body).replace('<valid but unknown id>', unknownId));
      const res = await post(c.request.path, body);
      expect(res.status, c.case).toBe(c.httpStatus);
      expect(res.headers['content-type'], c.case).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.text), c.case).toEqual(c.response);
      expect(res.text.endsWith('}\n')).toBe(true);
    }
    const version = errors.gorilla.cases.find((x: any) => x.case.startsWith('jsonrpc member'));
    expect(JSON.parse((await post('/ext/bc/P', { jsonrpc: '1.0', id: 1, method: 'platform.getHeight' })).text)).toEqual(version.response);
    // A parse error is written even though the request has no id to answer.
    expect(JSON.parse((await post('/ext/bc/P', '{"jsonrpc": "2.0", "method": ')).text).error).toEqual({
      code: -32700,
      message: 'unexpected EOF',
      data: { jsonrpc: '', method: '', params: null, id: null },
    });
  });

  it('gorilla: HTTP method and content type', async () => {
    const notPost = await call('/ext/bc/P', { method: 'GET' });
    expect([notPost.status, notPost.headers['content-type'], notPost.text]).toEqual([
      405,
      'text/plain; charset=utf-8',
      'rpc: POST method required, received GET',
    ]);
    const text = await call('/ext/bc/P', { body: '{}', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.headers['content-type'], text.text]).toEqual([
      415,
      'text/plain; charset=utf-8',
      'rpc: unrecognized Content-Type: text/plain',
    ]);
    const none = await call('/ext/bc/P', { body: '{}' });
    expect([none.status, none.text]).toEqual([415, 'rpc: unrecognized Content-Type: ']);
    const charset = await call('/ext/bc/P', {
      body: JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'platform.getHeight' }),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(JSON.parse(charset.text)).toMatchObject({ id: 'a', result: { height: expect.any(String) } });
  });

  it('gorilla: params as object, one-element array or absent; uint64 as string or number; notifications', async () => {
    const last = node.avm.blocks.at(-1)!;
    for (const params of [{ height: String(last.height) }, { height: last.height }, [{ height: last.height, encoding: 'hex' }]]) {
      expect((await rpc('/ext/bc/X', 'avm.getBlockByHeight', params)).block).toBe(
        (await rpc('/ext/bc/X', 'avm.getBlock', { blockID: last.id })).block,
      );
    }
    // Missing params are zero values: height 0.
    expect((await rpc('/ext/bc/X', 'avm.getBlockByHeight')).block).toBe(
      (await rpc('/ext/bc/X', 'avm.getBlock', { blockID: node.avm.blocks[0]!.id })).block,
    );
    const invalid =
      "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";
    for (const params of [
      { height: -1 },
      { height: '1e3' },
      { height: 1.5 },
      { height: '18446744073709551616' },
      'x',
      [5],
      { encoding: 'base64' },
    ]) {
      expect((await rpcError('/ext/bc/X', 'avm.getBlockByHeight', params)).message).toBe(invalid);
    }
    expect((await rpcError('/ext/bc/X', 'avm.getTx', { txID: 'NotAnId' })).message).toBe(invalid);
    expect((await rpcError('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: ['NodeID-nope'] })).message).toBe(invalid);
    expect((await rpcError('/ext/bc/X', 'avm.getTx', { txID: PRIMARY_NETWORK_ID })).message).toBe('nil transaction ID');
    // Keys match struct fields case-insensitively, as in Go.
    expect((await rpc('/ext/bc/X', 'avm.getTxStatus', { TXID: world.transactions.x[0]!.txHash })).status).toBe('Accepted');

    for (const body of [
      { jsonrpc: '2.0', method: 'platform.getHeight' },
      { jsonrpc: '2.0', id: null, method: 'platform.getFoo' },
    ]) {
      const res = await post('/ext/bc/P', body);
      expect([res.status, res.text, res.headers['content-type']]).toEqual([200, '', undefined]);
    }
    expect(sandbox.count('platform.getHeight')).toBe(1);
  });

  it('every path: 404 for what the node does not serve, 403 for a foreign host, node-id on every answer', async () => {
    const unknown = errors.allEndpoints.unknownPath;
    for (const path of [
      '/ext/nothing',
      `/ext/bc/${derivedId('nowhere')}/rpc`,
      `/ext/bc/${untracked.blockchain.blockchainId}/rpc`,
      `/ext/bc/${untracked.blockchain.blockchainId}/validators`,
      '/ext/bc/X/rpc',
    ]) {
      const res = await post(path, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
      expect([res.status, res.text, res.headers['content-type']], path).toEqual([
        unknown.httpStatus,
        `${unknown.responseText}\n`,
        'text/plain; charset=utf-8',
      ]);
      expect(res.headers['node-id']).toBe(SANDBOX_NODE_ID);
    }
    expect(sandbox.count('unknown')).toBe(5);
    const host = await call('/ext/bc/P', { body: '{}', headers: { ...JSON_CT, host: 'evil.example' } });
    expect([host.status, host.text]).toEqual([403, `${errors.allEndpoints.invalidHost.responseText}\n`]);
    expect(
      (
        await call('/ext/bc/P', {
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight' }),
          headers: { ...JSON_CT, host: 'localhost' },
        })
      ).status,
    ).toBe(200);
    const routed = await call('/ext/bc/P', { body: '{}', headers: { ...JSON_CT, 'avalanche-api-route': 'P' } });
    expect([routed.status, routed.text]).toEqual([404, '']);
  });

  it('EVM /rpc: method not found, params, batches and their limits, HTTP checks', async () => {
    const path = `/ext/bc/${trackedEvm[0]!.blockchain.blockchainId}/rpc`;
    const evm = errors.evmRpc;
    const single = await post(path, { jsonrpc: '2.0', id: 2, method: 'invalid_method', params: [] });
    expect(JSON.parse(single.text)).toEqual(evm.methodNotFound);
    expect(single.headers['content-type']).toBe('application/json');

    const call1 = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] });
    const batch = JSON.parse(
      (
        await post(
          path,
          Array.from({ length: 1000 }, (_v, i) => call1(i + 1)),
        )
      ).text,
    );
    expect(batch).toHaveLength(1000);
    expect(batch[999]).toEqual({ jsonrpc: '2.0', id: 1000, result: `0x${trackedEvm[0]!.blockchain.evmChainId!.toString(16)}` });
    expect(
      JSON.parse(
        (
          await post(
            path,
            Array.from({ length: 1001 }, (_v, i) => call1(i + 7)),
          )
        ).text,
      ),
    ).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'batch too large' } }]);
    expect(JSON.parse((await post(path, [])).text)).toEqual(evm.batchErrors.emptyBatch);
    expect(JSON.parse((await post(path, [5, call1(3), { jsonrpc: '2.0', method: 'eth_chainId' }])).text)).toEqual([
      evm.batchErrors.invalidElement,
      { jsonrpc: '2.0', id: 3, result: expect.any(String) },
    ]);
    expect(sandbox.count('batch')).toBe(4);

    const bad = JSON.parse((await post(path, { jsonrpc: '2.0', id: 1, method: 'eth_feeConfig', params: ['12'] })).text);
    expect(bad.error).toEqual({ code: -32602, message: 'invalid argument 0: hex string without 0x prefix' });
    expect(JSON.parse((await post(path, { jsonrpc: '2.0', id: 1, method: 'eth_getActiveRulesAt', params: ['1'] })).text).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64',
    });
    expect(JSON.parse((await post(path, { jsonrpc: '2.0', id: 1, method: 'eth_getChainConfig', params: [1] })).text).error).toEqual({
      code: -32602,
      message: 'too many arguments, want at most 0',
    });
    expect(JSON.parse((await post(path, '{"jsonrpc":')).text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error' },
    });

    const wrongType = await call(path, { body: '{}', headers: { 'content-type': 'text/plain' } });
    expect([wrongType.status, wrongType.text]).toEqual([415, 'invalid content type, only application/json is supported\n']);
    const put = await call(path, { method: 'PUT', body: '{}', headers: JSON_CT });
    expect([put.status, put.text]).toEqual([405, 'method not allowed\n']);
    const probe = await call(path, { method: 'GET' });
    expect([probe.status, probe.text]).toEqual([200, '']);
  });

  it('EVM /rpc on the C-Chain: coreth has no fee config, rules or precompiles methods', async () => {
    const config = JSON.parse(
      (await post('/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_getChainConfig', params: [] })).text,
    ).result;
    expect(config).toMatchObject({ chainId: 43114, homesteadBlock: 0, durangoBlockTimestamp: expect.any(Number) });
    expect(
      JSON.parse((await post('/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_getChainConfig', params: [] }, 'fuji')).text).result
        .chainId,
    ).toBe(43113);
    for (const method of ['eth_feeConfig', 'eth_getActiveRulesAt', 'eth_getActivePrecompilesAt']) {
      const error = JSON.parse((await post(`/ext/bc/${world.chainIds.c}/rpc`, { jsonrpc: '2.0', id: 1, method, params: [] })).text).error;
      expect(error).toEqual({ code: -32601, message: `the method ${method} does not exist/is not available` });
    }
  });
});

describe('agreement with the Data API', () => {
  it('P- and X-Chain blocks sit at the heights, under the hashes, the Data API reports', async () => {
    for (const t of world.transactions.p.filter((_, i) => i % 97 === 0)) {
      expect((await rpc('/ext/bc/P', 'platform.getBlockByHeight', { height: t.blockNumber, encoding: 'json' })).block.id).toBe(t.blockHash);
    }
    const linear = world.transactions.x.filter((t) => t.chainFormat === 'linear');
    for (const t of linear.filter((_, i) => i % 23 === 0)) {
      if (t.chainFormat !== 'linear') continue;
      expect((await rpc('/ext/bc/X', 'avm.getBlockByHeight', { height: String(t.blockHeight), encoding: 'json' })).block.id).toBe(
        t.blockHash,
      );
    }
    const lastX = linear.at(-1)!;
    expect((await rpc('/ext/bc/X', 'avm.getHeight')).height).toBe(String(lastX.chainFormat === 'linear' ? lastX.blockHeight : -1));
  });

  it('serves the genesis CreateAssetTx behind AVAX and its allocations, whose addresses touched the X-Chain', async () => {
    const genesis = await rpc('/ext/bc/X', 'avm.getTx', { txID: world.avaxAssetId, encoding: 'json' });
    expect(genesis.tx).toMatchObject({ id: world.avaxAssetId, unsignedTx: { symbol: 'AVAX', name: 'Avalanche', denomination: 9 } });
    const many = xUtxos().filter((u) => u.owners.includes(world.manyUtxosAddress));
    expect(new Set(many.map((u) => u.txId))).toEqual(new Set([world.avaxAssetId]));
    expect(world.chainIdsByAddress.get(world.manyUtxosAddress)).toContain(X);
  });
});

describe('UTXO paging', () => {
  it('pages through an address with more UTXOs than one page, by endIndex, at most 1024 each', async () => {
    const address = xAddress(world.manyUtxosAddress);
    const mine = xUtxos().filter((u) => u.owners.includes(world.manyUtxosAddress));
    expect(mine.length).toBeGreaterThan(1024);
    const seen: string[] = [];
    let startIndex: unknown;
    const sizes: number[] = [];
    for (;;) {
      const page = await rpc('/ext/bc/X', 'avm.getUTXOs', {
        addresses: [address],
        limit: 5000,
        encoding: 'hex',
        ...(startIndex ? { startIndex } : {}),
      });
      sizes.push(Number(page.numFetched));
      if (page.utxos.length === 0) {
        expect(page.endIndex).toEqual(startIndex);
        break;
      }
      for (const hex of page.utxos) {
        const u = decodeUtxo(decodeHexWithChecksum(hex), 'avax', 'X');
        const w = mine.find((m) => m.id === u.utxoId)!;
        expect(u).toEqual({
          utxoId: w.id,
          txId: w.txId,
          outputIndex: w.outputIndex,
          assetId: w.assetId,
          outputType: 'secp256k1 transfer',
          amount: String(w.amount),
          locktime: '0',
          threshold: 1,
          addresses: [address],
        });
        seen.push(u.utxoId);
      }
      expect(page.endIndex.utxo).toBe(seen.at(-1));
      startIndex = page.endIndex;
    }
    expect(sizes).toEqual([1024, mine.length - 1024, 0]);
    expect(new Set(seen).size).toBe(mine.length);
    // In the order of the address index: by UTXO id bytes.
    const hexes = seen.map((id) => Buffer.from(cb58Decode(id, 32)).toString('hex'));
    expect(hexes).toEqual([...hexes].sort());
  });

  it('keeps limits: default 1024, each page by limit, addresses at most 1024', async () => {
    const address = xAddress(world.manyUtxosAddress);
    expect((await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: [address] })).numFetched).toBe('1024');
    const small = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: [address], limit: 3 });
    expect(small.utxos).toHaveLength(3);
    const next = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: [address], limit: 3, startIndex: small.endIndex });
    expect(next.utxos.some((u: string) => small.utxos.includes(u))).toBe(false);
    expect((await rpcError('/ext/bc/X', 'avm.getUTXOs', { addresses: [] })).message).toBe('no addresses provided');
    expect((await rpcError('/ext/bc/X', 'avm.getUTXOs', { addresses: Array(1025).fill(address) })).message).toBe(
      'number of addresses given, 1025, exceeds maximum, 1024',
    );
    expect((await rpcError('/ext/bc/X', 'avm.getUTXOs', { addresses: [pAddress(world.addresses[0]!)] })).message).toBe(
      `couldn't parse address "${pAddress(world.addresses[0]!)}": expected chainID to be "${X}" but was "${P}"`,
    );
    expect((await rpcError('/ext/bc/X', 'avm.getUTXOs', { addresses: [xAddress(fuji.addresses[0]!)] })).message).toBe(
      `couldn't parse address "${xAddress(fuji.addresses[0]!)}": expected hrp "avax" but got "fuji"`,
    );
    expect((await rpcError('/ext/bc/X', 'avm.getUTXOs', { addresses: [address], sourceChain: 'Q' })).message).toBe(
      'problem parsing source chainID "Q": there is no ID with alias: Q',
    );
  });

  it('reads atomic UTXOs waiting in shared memory with sourceChain, by alias or id', async () => {
    const fromC = xUtxos().filter((u) => u.createdOn === world.chainIds.c);
    const owners = [...new Set(fromC.flatMap((u) => u.owners))].map(xAddress);
    const byAlias = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: owners, sourceChain: 'C' });
    const byId = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: owners, sourceChain: world.chainIds.c });
    expect(byAlias.utxos).toEqual(byId.utxos);
    expect(byAlias.utxos.map((h: string) => decodeUtxo(decodeHexWithChecksum(h), 'avax', 'X').utxoId).sort()).toEqual(
      fromC.map((u) => u.id).sort(),
    );
    const regular = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: owners });
    expect(regular.utxos.some((u: string) => byAlias.utxos.includes(u))).toBe(false);
  });

  it('decodes NFT outputs (type 11) as the world holds them', async () => {
    const nfts = xUtxos('fuji').filter((u) => u.groupId !== undefined && u.createdOn === fuji.chainIds.x);
    expect(nfts.length).toBeGreaterThan(0);
    const nft = nfts[0]!;
    const page = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: [xAddress(nft.owners[0]!)] }, 'fuji');
    const decoded = page.utxos.map((h: string) => decodeUtxo(decodeHexWithChecksum(h), 'fuji', 'X'));
    expect(decoded.find((u: any) => u.utxoId === nft.id)).toEqual({
      utxoId: nft.id,
      txId: nft.txId,
      outputIndex: nft.outputIndex,
      assetId: nft.assetId,
      outputType: 'nft transfer',
      groupId: nft.groupId,
      payload: nft.payload,
      locktime: '0',
      threshold: 1,
      addresses: [xAddress(nft.owners[0]!)],
    });
  });

  it('balances sum the X-Chain UTXOs', async () => {
    const owner = ownersWith(2)[0]!;
    const mine = xUtxos().filter((u) => u.createdOn === X && u.owners.includes(owner) && u.assetId === world.avaxAssetId);
    const balance = await rpc('/ext/bc/X', 'avm.getBalance', { address: xAddress(owner), assetID: 'AVAX' });
    expect(balance.balance).toBe(String(mine.reduce((s, u) => s + u.amount, 0n)));
    expect(balance.utxoIDs).toHaveLength(mine.length);
    const all = await rpc('/ext/bc/X', 'avm.getAllBalances', { address: xAddress(owner) });
    expect(all.balances).toContainEqual({ asset: 'AVAX', balance: balance.balance });
  });
});

describe('index limits', () => {
  it('answers the index errors, and what it has when it runs out', async () => {
    const vtx = node.indexes['X/vtx'].containers;
    const range = (startIndex: unknown, numToFetch: unknown) =>
      rpcBody('/ext/index/X/vtx', 'index.getContainerRange', { startIndex, numToFetch, encoding: 'hex' });
    expect((await range(0, 0)).error!.message).toBe('numToFetch must be in [1,1024] but is 0');
    expect((await range(0, 1025)).error!.message).toBe('numToFetch must be in [1,1024] but is 1025');
    expect((await range(vtx.length, 1)).error!.message).toBe(`start index (${vtx.length}) > last accepted index (${vtx.length - 1})`);
    const tail = (await range(String(vtx.length - 3), '1024')).result.containers;
    expect(tail.map((c: any) => [c.id, c.index])).toEqual(vtx.slice(-3).map((c, i) => [c.id, String(vtx.length - 3 + i)]));
    expect((await rpcError('/ext/index/X/vtx', 'index.getContainerByIndex', { index: vtx.length })).message).toBe(
      `no container at index ${vtx.length}`,
    );
    expect((await rpcError('/ext/index/X/vtx', 'index.getContainerByID', { id: derivedId('none') })).message).toBe('not found');
    expect((await rpcError('/ext/index/X/vtx', 'index.getIndex', { id: derivedId('none') })).message).toBe('not found');
    expect(await rpc('/ext/index/X/vtx', 'index.isAccepted', { id: derivedId('none') })).toEqual({ isAccepted: false });
    expect((await rpcError('/ext/index/X/vtx', 'index.getLastAccepted', { encoding: 'json' })).message).toBe(
      'unsupported encoding in method',
    );
  });

  it("holds each chain's containers: C blocks, P blocks, X blocks and vertices", async () => {
    const cLast = await rpc('/ext/index/C/block', 'index.getLastAccepted', {});
    const head = node.cBlocks.at(-1)!;
    expect(cLast.index).toBe(String(head.number - 1));
    expect(cLast.id).toBe(cb58Encode(Buffer.from(head.hash.slice(2), 'hex')));
    // An RLP list: header, transactions, uncles, version, atomic data.
    expect(decodeHexWithChecksum(cLast.bytes)[0]).toBeGreaterThanOrEqual(0xf8);
    const pFirst = await rpc('/ext/index/P/block', 'index.getContainerByIndex', { index: 0 });
    expect(pFirst.id).toBe(node.platform.blocks[1]!.id);
    expect(pFirst.bytes).toBe((await rpc('/ext/bc/P', 'platform.getBlockByHeight', { height: 1 })).block);
    const xBlock = await rpc('/ext/index/X/block', 'index.getLastAccepted', {});
    expect(xBlock.id).toBe(node.avm.blocks.at(-1)!.id);
    const vertex = await rpc('/ext/index/X/vtx', 'index.getContainerByIndex', { index: 0 });
    expect(vertex.id).toBe(world.vertices[0]!.vertexHash);
    expect(Buffer.from(decodeHexWithChecksum(vertex.bytes)).subarray(2, 34)).toEqual(Buffer.from(cb58Decode(X, 32)));
  });
});

describe('the live clock', () => {
  it('adds P- and X-Chain blocks that getHeight, getBlockByHeight, getBlock and the index all serve alike', async () => {
    const sha = (bytes: Uint8Array) => cb58Encode(createHash('sha256').update(bytes).digest());
    for (const [chain, path, api, base, index] of [
      ['P', '/ext/bc/P', 'platform', node.platform.blocks, '/ext/index/P/block'],
      ['X', '/ext/bc/X', 'avm', node.avm.blocks, '/ext/index/X/block'],
    ] as const) {
      const top = base.length - 1;
      expect((await rpc(path, `${api}.getHeight`, {})).height).toBe(String(top));
      expect((await rpcError(path, `${api}.getBlockByHeight`, { height: String(top + 1), encoding: 'json' })).message).toMatch(/not found/);
      sandbox.live.advance(2);
      const height = await rpc(path, `${api}.getHeight`, {});
      expectShape(height, example(`${api}.getHeight`).response.result);
      expect(height.height).toBe(String(top + 2));
      const hexExample = example(api === 'avm' ? 'avm.getBlockByHeight' : 'platform.getBlockByHeight.hex');
      const hex = await rpc(path, `${api}.getBlockByHeight`, { height: String(top + 2), encoding: 'hex' });
      expectShape(hex, hexExample.response.result);
      const bytes = Buffer.from(decodeHexWithChecksum(hex.block));
      // avalanchego names a block by the sha256 of its bytes; the codec writes the height after the parent.
      const json = await rpc(path, `${api}.getBlockByHeight`, { height: String(top + 2), encoding: 'json' });
      expect(json.block).toMatchObject({ id: sha(bytes), height: top + 2, parentID: node.madeBlock(chain, 0).id, txs: [] });
      expect(json.block.time).toBe(base.at(-1)!.time + 2);
      if (chain === 'P') {
        expectShape(json, example('platform.getBlockByHeight.json').response.result, 'result', { extra: ['id', 'time'] });
        expect(bytes.readUInt32BE(2)).toBe(32);
      } else {
        expect(Object.keys(json.block)).toEqual(['parentID', 'height', 'time', 'merkleRoot', 'txs', 'id']);
      }
      expect(await rpc(path, `${api}.getBlock`, { blockID: json.block.id, encoding: 'hex' })).toEqual(hex);
      // The index holds the same block (the P-Chain's starts after its genesis block).
      const last = await rpc(index, 'index.getLastAccepted', { encoding: 'hex' });
      expect(last).toMatchObject({ id: json.block.id, bytes: hex.block, index: String(chain === 'P' ? top + 1 : top + 2) });
      sandbox.live.reset();
      expect((await rpcError(path, `${api}.getBlock`, { blockID: json.block.id, encoding: 'json' })).message).toMatch(/not found/);
    }
  });
});

describe('knobs and state', () => {
  it('fails the health checks named in `unhealthy`: GET answers 503', async () => {
    sandbox.node.unhealthy = ['network'];
    const res = await call('/ext/health', { method: 'GET' });
    expect(res.status).toBe(503);
    const reply = JSON.parse(res.text);
    expect(reply.healthy).toBe(false);
    expect(reply.checks.network).toMatchObject({
      error: expect.any(String),
      contiguousFailures: expect.any(Number),
      timeOfFirstFailure: expect.any(String),
    });
    expect(reply.checks.router.error).toBeUndefined();
    expect((await call('/ext/health/liveness', { method: 'GET' })).status).toBe(200);
    expect((await rpc('/ext/health', 'health.health', {})).healthy).toBe(false);
    // Readiness only runs the bootstrapped check.
    expect((await call('/ext/health/readiness', { method: 'GET' })).status).toBe(200);
    sandbox.reset();
    expect((await call('/ext/health', { method: 'GET' })).status).toBe(200);
  });

  it('switches the admin and index APIs off (404), also through POST /_sandbox/knobs', async () => {
    await fetch(`${sandbox.url}/_sandbox/knobs`, {
      method: 'POST',
      body: JSON.stringify({ node: { adminEnabled: false, indexEnabled: false } }),
    });
    expect(sandbox.node.knobs).toMatchObject({ adminEnabled: false, indexEnabled: false });
    for (const path of ['/ext/admin', '/ext/index/X/tx', '/ext/index/C/block']) {
      const res = await post(path, { jsonrpc: '2.0', id: 1, method: 'index.getLastAccepted', params: {} });
      expect([res.status, res.text], path).toEqual([404, '404 page not found\n']);
    }
    sandbox.reset();
    expect((await post('/ext/admin', { jsonrpc: '2.0', id: 1, method: 'admin.lockProfile' })).status).toBe(200);
  });

  it('keeps bootstrapping chains at 503 and reports them in the bootstrapped check', async () => {
    sandbox.node.bootstrapping = ['X', withUpgrades.blockchain.blockchainId];
    for (const path of ['/ext/bc/X', `/ext/bc/${X}`, '/ext/bc/avm', `/ext/bc/${withUpgrades.blockchain.blockchainId}/rpc`]) {
      const res = await post(path, { jsonrpc: '2.0', id: 1, method: 'avm.getHeight' });
      expect([res.status, res.headers['content-type'], res.text], path).toEqual([
        503,
        'text/plain; charset=utf-8',
        'API call rejected because chain is not done bootstrapping\n',
      ]);
    }
    expect((await post('/ext/bc/P', { jsonrpc: '2.0', id: 1, method: 'platform.getHeight' })).status).toBe(200);
    const readiness = await call('/ext/health/readiness', { method: 'GET' });
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.text).checks.bootstrapped).toMatchObject({
      message: [PRIMARY_NETWORK_ID, withUpgrades.subnet.subnetId],
      error: 'subnets not bootstrapped',
    });
  });

  it('aliases chains and endpoints, usable in paths until reset', async () => {
    const admin = (method: string, params: unknown) => rpcBody('/ext/admin', method, params);
    expect((await admin('admin.aliasChain', { chain: 'X', alias: 'exchange' })).result).toEqual({});
    expect((await rpc('/ext/admin', 'admin.getChainAliases', { chain: X })).aliases).toEqual(['X', 'avm', X, 'exchange']);
    expect((await rpc('/ext/bc/exchange', 'avm.getHeight')).height).toBe(String(node.avm.blocks.length - 1));
    expect((await rpc('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: 'exchange' })).status).toBe('Validating');
    expect((await admin('admin.aliasChain', { chain: 'X', alias: 'exchange' })).error!.message).toBe(
      'alias already mapped to an ID: exchange',
    );
    expect((await admin('admin.aliasChain', { chain: 'nowhere', alias: 'n' })).error!.message).toBe('there is no ID with alias: nowhere');
    expect((await admin('admin.aliasChain', { chain: 'X', alias: 'a'.repeat(513) })).error!.message).toBe('alias length is too long');

    const evmAlias = (await admin('admin.aliasChain', { chain: withUpgrades.blockchain.blockchainId, alias: 'mychain' })).result;
    expect(evmAlias).toEqual({});
    expect(JSON.parse((await post('/ext/bc/mychain/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).text).result).toBe(
      `0x${withUpgrades.blockchain.evmChainId!.toString(16)}`,
    );

    expect((await admin('admin.alias', { endpoint: 'bc/P', alias: 'pchain' })).result).toEqual({});
    expect((await rpc('/ext/pchain', 'platform.getHeight')).height).toBe(String(node.platform.blocks.length - 1));
    expect((await admin('admin.alias', { endpoint: 'health', alias: 'pchain' })).error!.message).toBe(
      'route is either already aliased or already maps to a handle: /ext/pchain',
    );
    expect((await call('/ext/h/readiness', { method: 'GET' })).status).toBe(404);
    await admin('admin.alias', { endpoint: 'health', alias: 'h' });
    expect((await call('/ext/h/readiness', { method: 'GET' })).status).toBe(200);
    expect(sandbox.count('GET /ext/health/readiness')).toBe(1);
    expect(sandbox.node.network('mainnet').router.aliases.get('/ext/health')).toEqual(['/ext/h']);

    sandbox.reset();
    expect((await post('/ext/bc/exchange', { jsonrpc: '2.0', id: 1, method: 'avm.getHeight' })).status).toBe(404);
    expect((await rpc('/ext/admin', 'admin.getChainAliases', { chain: X })).aliases).toEqual(['X', 'avm', X]);
  });

  it("keeps the CPU profiler and logger levels per network, with the node's errors", async () => {
    const admin = (method: string, params: unknown = {}, network: NetworkName = 'mainnet') =>
      rpcBody('/ext/admin', method, params, network);
    expect((await admin('admin.stopCPUProfiler')).error!.message).toBe("cpu profiler doesn't exist");
    expect((await admin('admin.startCPUProfiler')).result).toEqual({});
    expect((await admin('admin.startCPUProfiler')).error!.message).toBe('cpu profiler already running');
    expect(sandbox.node.network('mainnet').cpuProfilerRunning).toBe(true);
    expect((await admin('admin.startCPUProfiler', {}, 'fuji')).result).toEqual({});
    expect((await admin('admin.stopCPUProfiler')).result).toEqual({});
    expect((await admin('admin.setLoggerLevel', { loggerName: 'X' })).error!.message).toBe(
      'need to specify either displayLevel or logLevel',
    );
    expect((await admin('admin.setLoggerLevel', { logLevel: 'LOUD' })).error!.message).toBe(
      "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
    );
    expect((await admin('admin.getLoggerLevel', { loggerName: 'nope' })).error!.message).toBe('logger with name "nope" not found');
    await admin('admin.setLoggerLevel', { displayLevel: 'verbo' });
    const levels = (await admin('admin.getLoggerLevel')).result.loggerLevels;
    expect(Object.values(levels).every((l: any) => l.displayLevel === 'VERBO' && l.logLevel === 'INFO')).toBe(true);
    expect((await admin('admin.getChainAliases', { chain: 'X' })).error!.message).toBe('input string is smaller than the checksum size');
    expect((await admin('admin.getChainAliases', { chain: untracked.blockchain.blockchainId })).result).toEqual({ aliases: null });
  });

  it('counts node requests by method, logs their bodies, and takes faults by operation', async () => {
    sandbox.fail({ operation: 'platform.getCurrentValidators', kind: 'status', status: 503 });
    const faulted = await post('/ext/bc/P', { jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params: {} });
    expect([faulted.status, faulted.headers['content-type'], faulted.text]).toEqual([
      503,
      'text/plain; charset=utf-8',
      'API call rejected because chain is not done bootstrapping\n',
    ]);
    expect(faulted.headers['node-id']).toBe(SANDBOX_NODE_ID);
    await rpc('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: PRIMARY_NETWORK_ID });
    expect(sandbox.count('platform.getCurrentValidators')).toBe(2);
    const logged = sandbox.log.filter((r) => r.service === 'node');
    expect(logged.at(-1)).toMatchObject({
      operation: 'platform.getCurrentValidators',
      method: 'POST',
      path: '/mainnet/ext/bc/P',
      status: 200,
      body: { params: { subnetID: PRIMARY_NETWORK_ID } },
    });
    expect(logged[0]!.status).toBe(503);

    const answers: number[] = [];
    sandbox.onAnswer = (_r, a) => answers.push(a.status);
    sandbox.knobs.latencyMs = 50;
    const started = Date.now();
    await call('/ext/health/liveness', { method: 'GET' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(answers).toEqual([200]);
    sandbox.onAnswer = undefined;
    expect(sandbox.count('GET /ext/health/liveness')).toBe(1);
  });
});

describe('Subnet-EVM history', () => {
  it("has fee configs, rules and precompiles that change over the chain's blocks", async () => {
    const chain = node.subnetEvm(withUpgrades.blockchain.blockchainId)!;
    const path = `/ext/bc/${withUpgrades.blockchain.blockchainId}/rpc`;
    const evm = async (method: string, params: unknown[]) => JSON.parse((await post(path, { jsonrpc: '2.0', id: 1, method, params })).text);
    const upgrades = (chain.chainConfig.upgrades as { precompileUpgrades: Record<string, { blockTimestamp: number; disable?: boolean }>[] })
      .precompileUpgrades;
    const first = Object.values(upgrades[0]!)[0]!.blockTimestamp;
    const before = chain.blocks.filter((b) => b.time < first).at(-1)!;
    const latest = (await evm('eth_feeConfig', ['latest'])).result;
    const older = (await evm('eth_feeConfig', [`0x${before.number.toString(16)}`])).result;
    const byHash = (await evm('eth_feeConfig', [before.hash])).result;
    expect(byHash).toEqual(older);
    expect(older.lastChangedAt).toBe(0);
    const changes = new Set(chain.blocks.map((b) => JSON.stringify(chain.feeConfigAt(b.number))));
    expect(changes.size).toBeGreaterThan(1);
    expect([...changes].some((c) => JSON.parse(c).lastChangedAt > 0)).toBe(true);
    expect(latest).toEqual(chain.feeConfigAt(chain.blocks.at(-1)!.number));

    const rulesBefore = (await evm('eth_getActiveRulesAt', [first - 1])).result;
    const rulesAfter = (await evm('eth_getActiveRulesAt', [first])).result;
    expect(rulesBefore.precompiles).not.toEqual(rulesAfter.precompiles);
    expect((await evm('eth_getActivePrecompilesAt', [first])).result[Object.keys(upgrades[0]!)[0]!]).toEqual(
      upgrades[0]![Object.keys(upgrades[0]!)[0]!]!.disable ? undefined : Object.values(upgrades[0]!)[0],
    );
    expect((await evm('eth_feeConfig', [`0x${(chain.blocks.length + 5).toString(16)}`])).error).toEqual({
      code: -32000,
      message: 'cannot query unfinalized data',
    });
    expect((await evm('eth_feeConfig', [`0x${'ab'.repeat(32)}`])).error).toEqual({ code: -32000, message: 'header for hash not found' });
  });

  it("answers validators of a legacy subnet's chain, and a node-id filter", async () => {
    const current = (t: (typeof world.transactions.p)[number]) =>
      t.txType === 'AddSubnetValidatorTx' && t.startTimestamp! <= TIMELINE.now && t.endTimestamp! > TIMELINE.now;
    const chain = trackedEvm.find(
      (c) => !c.subnet.isL1 && world.transactions.p.some((t) => current(t) && t.subnetId === c.subnet.subnetId),
    )!;
    const path = `/ext/bc/${chain.blockchain.blockchainId}/validators`;
    const all = await rpc(path, 'validators.getCurrentValidators', {});
    expect(all.validators.length).toBeGreaterThan(0);
    expect(all.validators.every((v: any) => v.isL1Validator === false && v.isActive === true)).toBe(true);
    const one = await rpc(path, 'validators.getCurrentValidators', { nodeIDs: [all.validators[0].nodeID] });
    expect(one.validators).toEqual([all.validators[0]]);
    const stranger = world.nodeIds.find((n) => !all.validators.some((v: any) => v.nodeID === n))!;
    expect((await rpcError(path, 'validators.getCurrentValidators', { nodeIDs: [stranger] })).message).toBe(
      `couldn't find validator with node ID ${stranger}`,
    );
  });
});
