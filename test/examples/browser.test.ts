/**
 * The example explorer (examples/web) in a real browser: Debian's Chromium, driven by
 * playwright-core, opens each page of the production build against a gateway on the sandbox and
 * checks what a person sees there, walking from the subnets to a subnet, one of its validators'
 * P-Chain transactions, and an address behind it; then the loading and error states. The app is
 * served with its /graphql from one origin, as serve.ts does. Then the offline demo as a whole:
 * every kind of explorer page, and every GraphiQL example tab run as a person runs it, each
 * showing data, nothing said missing and no list empty where data is expected. A screenshot of
 * each page lands in test-results/screenshots/, which CI keeps.
 *
 * The ids and values checked are the sandbox's, read through the gateway before the browser
 * starts, so the test follows the sandbox world wherever its generator goes.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatAvax, formatPercent, formatUnits, groupDigits } from '../../examples/web/src/format.js';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { EVERY } from '../../sandbox/live.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';
import { SHOWCASE_ADDRESS } from '../../sandbox/world/showcase.js';
import { getWorld } from '../../sandbox/world/world.js';
import { exampleTabs } from '../../src/yoga/graphiql.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { buildExample, launchChromium } from '../helpers/chromium.js';
import { emptyLists } from '../helpers/shown.js';

const WEB = fileURLToPath(new URL('../../examples/web/', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
/** Subnets per request, as examples/web/src/pages/SubnetsPage.tsx asks for them. */
const PAGE_SIZE = 10;

// What the sandbox holds, as the gateway answers it: the subjects of the pages below.
interface Subnet {
  subnetId: string;
  isL1: boolean;
  blockchains: {
    blockchainName: string;
    status: string | null;
    feeConfig: { gasLimit: string } | null;
    validators: { nodeId: string; uptimePercentage: number }[] | null;
  }[];
  l1Validators: {
    nodes: {
      validationId: string;
      nodeId: string;
      remainingBalance: string;
      transactions: { nodes: { txHash: string; txType: string }[] };
    }[];
  };
}
interface Utxo {
  utxoId: string;
  amount: string;
  asset: { symbol: string; denomination: number };
  addresses: { address: string }[];
}

let h: Harness;
/** The gateway the explorer talks to: `npm start`, over the harness's sandbox. */
let gateway: GatewayProcess;
let server: PreviewServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
/** Uncaught errors in the page: each test ends with none. */
let pageErrors: string[] = [];
/** The bodies the page POSTed to /graphql. */
let sent: Record<string, unknown>[] = [];
let outDir: string;
const shown = { subnets: [] as Subnet[], tracked: undefined as unknown as Subnet, untracked: undefined as unknown as Subnet };

beforeAll(async () => {
  // What the pages should show is read in one query, priced past the default call budget (every
  // subnet counted as an L1 with validators); the explorer itself runs on the shipped defaults.
  h = await startHarness({ DEMAND_CONTROL: 'measure', UPSTREAM_CALL_BUDGET: '1000' });
  // Subscriptions poll as often as the gateway allows, so an event follows the sandbox's clock closely.
  gateway = await startGatewayProcess(h.sandbox, { LIVE_POLL_TRANSACTIONS_MS: '200', LIVE_POLL_VALIDATORS_MS: '200' });
  outDir = await mkdtemp(join(tmpdir(), 'explorer-'));
  await buildExample(WEB, outDir);
  server = await preview({
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    // The explorer's /graphql is the built gateway, as `npm start` runs it (its default cache included).
    preview: { host: '127.0.0.1', port: 0, strictPort: true, proxy: { '/graphql': gateway.origin } },
  });
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
  await mkdir(SHOTS, { recursive: true });

  const res = await h.raw<{ network: { subnets: { nodes: Subnet[] } } }>(`{
    network(name: MAINNET) {
      subnets(first: ${2 * PAGE_SIZE}) {
        nodes {
          subnetId isL1
          blockchains { blockchainName status feeConfig { gasLimit } validators { nodeId uptimePercentage } }
          l1Validators(first: 10) { nodes { validationId nodeId remainingBalance transactions(first: 3) { nodes { txHash txType } } } }
        }
      }
    }
  }`);
  shown.subnets = res.data!.network.subnets.nodes;
  // An L1 on the second page whose chains the sandbox node tracks: reached with "Load more".
  shown.tracked = shown.subnets
    .slice(PAGE_SIZE)
    .find((s) => s.isL1 && s.l1Validators.nodes.length && s.blockchains.every((b) => b.feeConfig && b.validators?.length))!;
  // A subnet on the first page whose chains the node does not run (Created): its cards say so.
  shown.untracked = shown.subnets.slice(0, PAGE_SIZE).find((s) => s.blockchains.some((b) => b.status === 'CREATED'))!;
  expect(shown.tracked, 'the sandbox has a tracked L1 on the second page').toBeDefined();
  expect(shown.untracked, 'the sandbox has an untracked subnet on the first page').toBeDefined();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await gateway?.stop();
  await h?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

beforeEach(async () => {
  h.sandbox.reset();
  // A fresh context per test: no cache of the client's shared between pages.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  sent = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') sent.push(request.postDataJSON());
  });
});

afterEach(async ({ task }) => {
  // What the browser showed when a test failed, beside the screenshots of the pages.
  if (task.result?.state === 'fail')
    await page.screenshot({ path: join(SHOTS, `failed-${task.name.replace(/\W+/g, '-')}.png`), fullPage: true });
  await context.close();
  expect(pageErrors).toEqual([]);
});

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const texts = (selector: string) => page.locator(selector).allInnerTexts();
const attributes = (selector: string, name: string) =>
  page.locator(selector).evaluateAll((els, n) => els.map((e) => e.getAttribute(n)), name);

async function utxosOf(chain: string, txHash: string) {
  const res = await h.raw<{ network: { transaction: { txType: string; consumedUtxos: Utxo[]; emittedUtxos: Utxo[] } } }>(
    `query ($chain: PrimaryNetworkChain!, $txHash: CB58Id!) { network { transaction(chain: $chain, txHash: $txHash) {
      txType
      consumedUtxos { utxoId amount asset { symbol denomination } addresses { address } }
      emittedUtxos { utxoId amount asset { symbol denomination } addresses { address } }
    } } }`,
    { chain, txHash },
  );
  return res.data!.network.transaction;
}

describe('the example explorer in Chromium', () => {
  it('sends the ids of its documents, as the manifest of its build lists them, never their text', async () => {
    const manifest = JSON.parse(await readFile(join(WEB, 'src/gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
    await page.goto(`${base}/#/mainnet/subnets`);
    await page.locator('tr[data-subnet-id]').first().waitFor();
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) {
      expect(body.query).toBeUndefined();
      const hash = (body.extensions as { persistedQuery: { sha256Hash: string } }).persistedQuery.sha256Hash;
      expect(manifest[hash]).toMatch(/\bquery SubnetsPage\b/);
    }
  });

  it('walks from the subnets ("Load more") to a subnet, a validator’s P-Chain transaction and an address behind it', async () => {
    const ids = shown.subnets.map((s) => s.subnetId);
    await page.goto(`${base}/#/mainnet/subnets`);
    await page.locator('tr[data-subnet-id]').first().waitFor();
    expect(await attributes('tr[data-subnet-id]', 'data-subnet-id')).toEqual(ids.slice(0, PAGE_SIZE));

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator(`tr[data-subnet-id="${ids[PAGE_SIZE]}"]`).waitFor();
    expect(await attributes('tr[data-subnet-id]', 'data-subnet-id')).toEqual(ids);
    await shot('subnets');

    // The subnet page: its chains from the node, its L1 validators with their P-Chain entries.
    const subnet = shown.tracked;
    await page.getByRole('link', { name: subnet.subnetId }).click();
    await page.locator('section[data-blockchain-id]').first().waitFor();
    expect(await texts('.card h3')).toEqual(subnet.blockchains.map((b) => b.blockchainName));
    const chain = subnet.blockchains[0]!;
    const card = page.getByRole('region', { name: `Blockchain ${chain.blockchainName}` });
    expect(await card.locator('header .badge').innerText()).toBe('Validating');
    expect(await card.locator('dl.fee dd').first().innerText()).toBe(groupDigits(chain.feeConfig!.gasLimit));
    const validator = chain.validators![0]!;
    expect(await card.locator(`tr[data-node-id="${validator.nodeId}"] td`).nth(2).innerText()).toBe(
      formatPercent(validator.uptimePercentage),
    );
    expect(await page.locator('.unavailable').count()).toBe(0);
    const l1 = subnet.l1Validators.nodes[0]!;
    const row = page.locator(`tr[data-validation-id="${l1.validationId}"]`);
    expect(await row.innerText()).toContain(l1.nodeId);
    expect(await row.locator('td').nth(2).innerText()).toBe(formatAvax(l1.remainingBalance));
    expect(await row.locator('td').nth(3).innerText()).toContain(`balance ${formatAvax(l1.remainingBalance)}`);
    await shot('subnet');

    // One of the validator's P-Chain transactions: its UTXOs, the addresses behind them, their chains.
    const tx = l1.transactions.nodes[0]!;
    await row.getByRole('link', { name: tx.txType }).first().click();
    await page.locator('tr[data-utxo-id]').first().waitFor();
    expect(page.url()).toContain(`/tx/p/${tx.txHash}`);
    const utxos = await utxosOf('P_CHAIN', tx.txHash);
    expect(await page.locator('h1').innerText()).toContain(tx.txHash);
    expect(await page.locator('.facts dd').first().innerText()).toBe(utxos.txType);
    for (const utxo of [...utxos.consumedUtxos, ...utxos.emittedUtxos]) {
      const utxoRow = page.locator(`tr[data-utxo-id="${utxo.utxoId}"]`).first();
      expect(await utxoRow.locator('td').nth(1).innerText()).toBe(
        `${formatUnits(utxo.amount, utxo.asset.denomination)} ${utxo.asset.symbol}`,
      );
      for (const a of utxo.addresses) expect(await utxoRow.innerText()).toContain(a.address);
    }
    expect(await page.getByLabel('Chains touched').locator('.chip').allInnerTexts()).toContain('P-Chain');
    await shot('transaction');

    // The address behind its first UTXO: chains, X-Chain balances and UTXOs.
    const address = utxos.consumedUtxos[0]!.addresses[0]!.address;
    await page.getByRole('link', { name: address }).first().click();
    await page.getByRole('heading', { name: 'X-Chain UTXOs' }).waitFor();
    await page.locator('.loading').waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/address/${address}`);
    const res = await h.raw<{
      network: {
        address: {
          chains: { primaryChain: string | null }[];
          xChainBalances: { unlocked: string; utxoCount: number }[];
          xChainUtxos: { nodes: { utxoId: string; txId: string }[] };
        };
      };
    }>(
      `query ($a: AvalancheAddress!) { network { address(address: $a) {
      chains { primaryChain } xChainBalances { unlocked utxoCount } xChainUtxos(first: 10) { nodes { utxoId txId } }
    } } }`,
      { a: address },
    );
    const known = res.data!.network.address;
    const primary = { X_CHAIN: 'X-Chain', P_CHAIN: 'P-Chain', C_CHAIN: 'C-Chain' } as Record<string, string>;
    expect(await page.locator('main > .chips .chip').allInnerTexts()).toEqual(known.chains.map((c) => primary[c.primaryChain!]));
    const balance = known.xChainBalances[0]!;
    expect(await page.locator('table.balances tbody td').nth(1).innerText()).toBe(`${formatUnits(balance.unlocked, 9)} AVAX`);
    expect(await page.locator('table.balances tbody td').nth(3).innerText()).toBe(String(balance.utxoCount));
    expect(await attributes('table.utxos tr[data-utxo-id]', 'data-utxo-id')).toEqual(known.xChainUtxos.nodes.map((u) => u.utxoId));
    await shot('address');
  }, 60_000);

  it('shows an EVM address’s ICM messages', async () => {
    const first = await h.raw<{ network: { icmMessages: { nodes: { to: string }[] } } }>(
      '{ network { icmMessages(first: 1) { nodes { to } } } }',
    );
    const address = first.data!.network.icmMessages.nodes[0]!.to;
    const res = await h.raw<{ network: { address: { icmMessages: { nodes: { messageId: string; status: string }[] } } } }>(
      'query ($a: AvalancheAddress!) { network { address(address: $a) { icmMessages(first: 10) { nodes { messageId status } } } } }',
      { a: address },
    );
    const messages = res.data!.network.address.icmMessages.nodes;
    await page.goto(`${base}/#/mainnet/address/${address}`);
    await page.locator('tr[data-message-id]').first().waitFor();
    expect(await attributes('tr[data-message-id]', 'data-message-id')).toEqual(messages.map((m) => m.messageId));
    expect(await page.locator('tr[data-message-id] td:nth-child(3)').allInnerTexts()).toEqual(
      messages.map((m) => m.status.charAt(0) + m.status.slice(1).toLowerCase().replace(/_/g, ' ')),
    );
    expect(await page.locator(`tr[data-message-id] a[href$="${address}"]`).count()).toBe(messages.length);
    await shot('address-evm');
  });

  it('shows a new P-Chain transaction of an address as its subscription brings it, at the head of the cached list, with no query sent again', async () => {
    const [address] = h.sandbox.live.addresses('mainnet');
    const rows = 'table.live-transactions tr[data-tx-hash]';
    await page.goto(`${base}/#/mainnet/address/${address}`);
    await page.locator(rows).first().waitFor();
    const before = await attributes(rows, 'data-tx-hash');
    const res = await h.raw<{ network: { address: { transactions: { nodes: { txHash: string }[] } } } }>(
      'query ($a: AvalancheAddress!) { network { address(address: $a) { transactions(chain: P_CHAIN, first: 5) { nodes { txHash } } } } }',
      { a: address },
    );
    expect(before).toEqual(res.data!.network.address.transactions.nodes.map((t) => t.txHash));
    // The subscription went as a POST like the queries, by its id; the gateway's feed has read where the address stands.
    expect(sent.map((b) => (b.extensions as { persistedQuery?: unknown }).persistedQuery)).not.toContain(undefined);
    await expect
      .poll(() =>
        h.sandbox.log.some(
          (r) => r.operation === 'listLatestPrimaryNetworkTransactions' && r.query.some(([k, v]) => k === 'pageSize' && v === '50'),
        ),
      )
      .toBe(true);
    const requests = sent.length;

    h.sandbox.live.advance(2);
    const added = h.sandbox.live.transactions('mainnet').at(-1)!;
    await page.locator(`${rows}[data-tx-hash="${added.txHash}"]`).waitFor({ timeout: 20_000 });
    expect(await attributes(rows, 'data-tx-hash')).toEqual([added.txHash, ...before]);
    expect(sent.length, 'no request after the event').toBe(requests);
    await shot('address-live');
  });

  it('changes a validator’s weight on screen as the subnetValidators subscription brings it, from the cache by id, with no query sent again', async () => {
    // The P-Chain entries of an L1's validators, as the gateway has them now and after the
    // sandbox's clock has changed one validator's weight: the one the page must show changed.
    const entries = async (subnetId: string) =>
      (
        await h.raw<{ network: { subnet: { currentValidators: { id: string; validationId: string; weight: string }[] } } }>(
          'query ($s: CB58Id!) { network { subnet(subnetId: $s) { currentValidators { id validationId weight } } } }',
          { s: subnetId },
        )
      ).data!.network.subnet.currentValidators;
    // An L1 the tests of a cold cache leave alone (the tracked one, the one whose node fails): the last.
    const subnet = shown.subnets.filter((s) => s.isL1 && s.l1Validators.nodes.length).at(-1)!;
    expect(subnet.subnetId).not.toBe(shown.tracked.subnetId);
    expect(subnet).not.toBe(shown.subnets.find((s) => s !== shown.tracked && s.isL1 && s.blockchains.every((b) => b.feeConfig)));
    const before = await entries(subnet.subnetId);
    h.sandbox.live.advance(EVERY.validators);
    const after = await entries(subnet.subnetId);
    h.sandbox.reset();
    const changed = after.filter((v) => !before.some((b) => b.id === v.id && b.weight === v.weight));
    expect(changed, 'the clock changes one validator of the set, keeping its id').toHaveLength(1);
    const { id, validationId, weight } = changed[0]!;
    const old = before.find((b) => b.id === id)!.weight;
    expect(
      subnet.l1Validators.nodes.map((v) => v.validationId),
      'the changed validator is on the page',
    ).toContain(validationId);

    const entry = page.locator(`tr[data-validation-id="${validationId}"] td:nth-child(4) div`).first();
    await page.goto(`${base}/#/mainnet/subnets/${subnet.subnetId}`);
    await expect.poll(() => entry.innerText()).toMatch(new RegExp(`^weight ${groupDigits(old)}\\b`));
    // The page's query, then its subscription; the gateway's feed polls the set from then on.
    await expect.poll(() => sent.length).toBe(2);
    const polls = () => h.sandbox.log.filter((r) => r.operation === 'platform.getCurrentValidators').length;
    const seen = polls();
    await expect.poll(polls, { timeout: 10_000 }).toBeGreaterThan(seen);
    const requests = sent.length;

    h.sandbox.live.advance(EVERY.validators);
    await expect.poll(() => entry.innerText(), { timeout: 20_000 }).toMatch(new RegExp(`^weight ${groupDigits(weight)}\\b`));
    expect(sent.length, 'no request after the event').toBe(requests);
    await shot('subnet-live');
  });

  it('says in one line on its card that the node does not run a chain, without a notice of something missing', async () => {
    const subnet = shown.untracked;
    await page.goto(`${base}/#/mainnet/subnets/${subnet.subnetId}`);
    await page.locator('section[data-blockchain-id]').first().waitFor();
    expect(await texts('.card h3')).toEqual(subnet.blockchains.map((b) => b.blockchainName));
    const created = subnet.blockchains.filter((b) => b.status === 'CREATED');
    expect(await page.locator('.card .not-run').count()).toBe(created.length);
    expect(await page.locator('.not-run').first().innerText()).toMatch(/^The node behind the gateway does not run this chain/);
    expect(await page.getByRole('status').filter({ hasText: 'Part of this page is missing' }).count()).toBe(0);
    expect(await page.locator('.unavailable').count()).toBe(0);
    await shot('subnet-not-run');
  });

  it('says what is missing, in words, when the node fails for a chain it runs', async () => {
    // A tracked L1 no other test shows: no cache of the gateway answers it before the node does.
    const subnet = shown.subnets.find((s) => s !== shown.tracked && s.isL1 && s.blockchains.every((b) => b.feeConfig))!;
    const chain = subnet.blockchains[0]!;
    const [chainId] = [...getNodeWorld('mainnet').chains.entries()].find(([, c]) => c.blockchain.blockchainName === chain.blockchainName)!;
    h.sandbox.node.bootstrapping = [chainId];
    await page.goto(`${base}/#/mainnet/subnets/${subnet.subnetId}`);
    await page.locator('section[data-blockchain-id]').first().waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Part of this page is missing' });
    expect(await notice.innerText()).toContain('UPSTREAM_UNAVAILABLE');
    const card = page.getByRole('region', { name: `Blockchain ${chain.blockchainName}` });
    expect(await card.locator('.unavailable').first().innerText()).toMatch(
      /^Fee config unavailable: The Avalanche node behind the gateway/,
    );
    await shot('subnet-partial');
  });

  it('says "Loading" while the gateway works', async () => {
    h.sandbox.knobs.latencyMs = 300;
    // A Fuji subnet no other test shows: no cache of the gateway answers it before the upstreams do.
    const subnet = getWorld('fuji').subnets.find((s) => s.blockchains.length > 0)!;
    await page.goto(`${base}/#/fuji/subnets/${subnet.subnetId}`);
    const loading = page.getByRole('status').filter({ hasText: 'Loading the subnet…' });
    await loading.waitFor();
    await shot('loading');
    await page.locator('section[data-blockchain-id]').first().waitFor({ timeout: 20_000 });
    expect(await loading.count()).toBe(0);
  });

  it('explains a rate limit in words and loads the page on "Try again"', async () => {
    // Fuji's subnets, which no other test shows: no cache of the gateway holds them, so the request reaches the Data API.
    h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 429, retryAfter: 30, times: -1 });
    await page.goto(`${base}/#/fuji/subnets`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('The Avalanche Data API is getting too many requests right now. Try again in 30 seconds.');
    expect(await alert.innerText()).toContain('UPSTREAM_RATE_LIMITED');
    await shot('error-rate-limited');

    h.sandbox.reset();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.locator('tr[data-subnet-id]').first().waitFor();
    expect(await page.locator('tr[data-subnet-id]').count()).toBe(PAGE_SIZE);
  });

  it('explains input the gateway refuses', async () => {
    // A real address with its last character changed: the right shape, a wrong checksum.
    const real = getWorld('mainnet').addresses[0]!;
    const address = real.slice(0, -1) + (real.endsWith('q') ? 'p' : 'q');
    await page.goto(`${base}/#/mainnet/address/${address}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('That id or address is not valid');
    // The gateway quotes a refused value by its start only (a long one would come back whole otherwise).
    expect(await alert.innerText()).toContain(`is not a valid AvalancheAddress`);
    expect(await alert.innerText()).toContain(`"${address.slice(0, 32)}`);
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await shot('error-bad-input');
  });
});

/**
 * What a page shows that it should not, where data is expected: a notice that part of it is
 * missing, a part unavailable, a request that failed, a list said to be empty, or still loading.
 */
async function shortcomings(): Promise<string[]> {
  const found: string[] = [];
  const count = async (what: string, selector: string) => {
    const n = await page.locator(selector).count();
    if (n > 0) found.push(`${what} ×${n}: ${(await page.locator(selector).first().innerText()).slice(0, 160)}`);
  };
  // A section with nothing under its heading, and a fact that lists nothing ("Owners 0 of").
  const hollow = await page.evaluate(() => [
    ...[...document.querySelectorAll('main h2, main h4')]
      .filter((h) => {
        const next = h.nextElementSibling;
        return !next || /^H[1-6]$/.test(next.tagName) || next.textContent?.trim() === '';
      })
      .map((h) => `section "${h.textContent}" shows nothing`),
    ...[...document.querySelectorAll('main dd')]
      .filter((dd) => /^$|\bof$/.test(dd.textContent?.trim() ?? ''))
      .map((dd) => `fact "${dd.previousElementSibling?.textContent}" lists nothing`),
  ]);
  found.push(...hollow);
  await count('missing', '[role=status]:has-text("Part of this page is missing")');
  await count('unavailable', '.unavailable');
  await count('failed', '[role=alert]');
  await count('empty', '.empty');
  await count('loading', '.loading');
  return found;
}

describe('the offline demo shows everything', () => {
  it('shows data on every kind of explorer page: subnets, the first subnet, the Primary Network, a transaction of each chain, both kinds of address', async () => {
    const latest = await h.raw<{
      network: {
        x: { nodes: { txHash: string }[] };
        c: { nodes: { txHash: string }[] };
        a: { transactions: { nodes: { txHash: string; txType: string }[] } };
      };
    }>(
      `{ network { x: transactions(chain: X_CHAIN, first: 1) { nodes { txHash } } c: transactions(chain: C_CHAIN, first: 1) { nodes { txHash } }
        a: address(address: "${SHOWCASE_ADDRESS}") { transactions(chain: P_CHAIN, first: 10) { nodes { txHash txType } } } } }`,
    );
    const stake = latest.data!.network.a.transactions.nodes.find((t) => t.txType === 'AddPermissionlessValidatorTx')!;
    const first = shown.subnets[0]!;
    const pages: [string, string, string][] = [
      ['subnets', '#/mainnet/subnets', 'tr[data-subnet-id]'],
      ['first-subnet', `#/mainnet/subnets/${first.subnetId}`, 'section[data-blockchain-id]'],
      ['primary-network', '#/mainnet/subnets/11111111111111111111111111111111LpoYY', 'tr[data-node-id]'],
      ['p-chain-transaction', `#/mainnet/tx/p/${stake.txHash}`, 'tr[data-utxo-id]'],
      ['x-chain-transaction', `#/mainnet/tx/x/${latest.data!.network.x.nodes[0]!.txHash}`, 'tr[data-utxo-id]'],
      ['c-chain-transaction', `#/mainnet/tx/c/${latest.data!.network.c.nodes[0]!.txHash}`, 'tr[data-utxo-id]'],
      ['address', `#/mainnet/address/${SHOWCASE_ADDRESS}`, 'table.utxos tr[data-utxo-id]'],
      ['evm-address', `#/mainnet/address/${SHOWCASE_EVM_ADDRESS}`, 'tr[data-message-id]'],
    ];
    const problems: Record<string, string[]> = {};
    for (const [name, path, shows] of pages) {
      await page.goto(`${base}/${path}`);
      await page.locator(shows).first().waitFor({ timeout: 20_000 });
      await page.locator('.loading').first().waitFor({ state: 'detached' });
      const found = await shortcomings();
      if (found.length) problems[name] = found;
      await shot(`demo-${name}`);
    }
    expect(problems).toEqual({});
  }, 120_000);

  it('runs every GraphiQL example tab with data in each answer, as a person runs them', async () => {
    const tabs = await exampleTabs();
    const operationsOf = (query: string) =>
      parse(query)
        .definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
        .map((o) => o.name!.value);
    const introspected = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST', { timeout: 30_000 });
    await page.goto(`${gateway.origin}/graphql`);
    await introspected;
    await page
      .locator('.graphiql-tab')
      .nth(tabs.length - 1)
      .waitFor();
    expect(await page.locator('.graphiql-tab').count()).toBe(tabs.length);
    const problems: Record<string, unknown> = {};
    for (const [i, tab] of tabs.entries()) {
      const operations = operationsOf(tab.query);
      // One click selects a tab (src/yoga/graphiql.ts draws the tabs where they are laid out): the
      // test clicks once and waits, as a person does, for the tab to show as selected.
      await page.locator(`#graphiql-session-tab-${i}`).click();
      await expect.poll(() => page.locator('.graphiql-tab-active').innerText(), { timeout: 10_000 }).toBe(operations[0]);
      // GraphiQL reads the tab's document a moment after the switch and, for a document of several
      // operations, swaps the Run button for one that opens a picker. A press on the old button
      // released on the new one runs nothing: wait until the button is the one this document has.
      const picker = operations.length > 1;
      await page.locator(`.graphiql-execute-button${picker ? '[aria-haspopup="menu"]' : ':not([aria-haspopup])'}`).waitFor();
      for (const name of operations) {
        const answers = (r: Response) =>
          r.url().endsWith('/graphql') && r.request().method() === 'POST' && r.request().postDataJSON()?.operationName === name;
        // A click may still land while the editor takes its document, or a suggestion box covers
        // the button: as a person would, close what is open and click again, each time waiting for
        // what the click shows (the picker, then the answer) rather than for a fixed time.
        let answer: Response | undefined;
        for (let attempt = 0; !answer && attempt < 5; attempt++) {
          const answered = page.waitForResponse(answers, { timeout: 5_000 }).catch(() => undefined);
          await page.keyboard.press('Escape');
          await page.locator('.graphiql-execute-button').click();
          if (picker) {
            const item = page.getByRole('menuitem', { name, exact: true });
            const shown = await item.waitFor({ timeout: 2_000 }).then(
              () => true,
              () => false,
            );
            if (!shown) continue;
            await item.click();
          }
          answer = await answered;
        }
        expect(answer, `${name} was sent`).toBeDefined();
        const body = (await answer!.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        // The admin tab says it needs ADMIN_TOKEN, which the demo does not set: FORBIDDEN is its answer there.
        const expected = /^Admin/.test(name) ? ['FORBIDDEN'] : [];
        const codes = [...new Set((body.errors ?? []).map((e) => e.extensions?.code))];
        const empty = expected.length ? [] : emptyLists(body.data);
        if (JSON.stringify(codes) !== JSON.stringify(expected) || empty.length) problems[name] = { codes, empty };
        await page.locator('.result-window').getByText('"data"').first().waitFor();
      }
      await shot(`graphiql-${operations[0]}`);
    }
    expect(problems).toEqual({});
  }, 180_000);
});
