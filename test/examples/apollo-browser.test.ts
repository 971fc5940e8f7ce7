/**
 * The Apollo Client example (examples/apollo) in a real browser: its production build, served by
 * `vite preview` with /graphql (HTTP and WebSocket) forwarded to the built gateway over the
 * sandbox, opened in Debian's Chromium. It shows an address's P-Chain transactions through a
 * fragment on the `PrimaryNetworkTransaction` interface (which needs the generated
 * `possibleTypes`), appends the next page on "Load more" (the generated `relayStylePagination`
 * policy), and shows a transaction the sandbox's clock adds as the `addressTransactions`
 * subscription brings it, with no query sent again: the event's object goes into the cached list.
 * Then a subnet's validators, one of whose weight the clock changes: the `subnetValidators` event
 * carries it with the same id, and the cache merges it into the row on screen, again with no query.
 *
 * The sandbox's clock is the test's: it moves on (`sandbox.live.advance`) once the gateway's feed
 * has read where the address stands, so the new transaction is the feed's next event.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY } from '../../sandbox/live.js';
import { buildExample, launchChromium } from '../helpers/chromium.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const APP = fileURLToPath(new URL('../../examples/apollo/', import.meta.url));
/** Transactions per page, as examples/apollo/src/App.tsx asks for them. */
const PAGE = 5;

let h: Harness;
let gateway: GatewayProcess;
let server: PreviewServer;
let browser: Browser;
let page: Page;
let base: string;
let outDir: string;
const pageErrors: string[] = [];
/** The operations the page sent over HTTP, by name, in order. */
const posted: string[] = [];
/** The graphql-ws messages the page sent and received. */
const frames: { sent: boolean; message: { type: string; payload?: { data?: unknown; query?: string } } }[] = [];

beforeAll(async () => {
  h = await startHarness();
  // Subscriptions poll as often as the gateway allows, so the event follows the clock closely.
  gateway = await startGatewayProcess(h.sandbox, { LIVE_POLL_TRANSACTIONS_MS: '200', LIVE_POLL_VALIDATORS_MS: '200' });
  outDir = await mkdtemp(join(tmpdir(), 'apollo-example-'));
  await buildExample(APP, outDir);
  server = await preview({
    configFile: join(APP, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, proxy: { '/graphql': { target: gateway.origin, ws: true } } },
  });
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') posted.push(request.postDataJSON()?.operationName ?? request.method());
  });
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push({ sent: true, message: JSON.parse(String(f.payload)) }));
    ws.on('framereceived', (f) => frames.push({ sent: false, message: JSON.parse(String(f.payload)) }));
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await gateway?.stop();
  await h?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function txType(txHash: string) {
  const res = await h.raw<{ network: { transaction: { txType: string } } }>(
    'query ($t: CB58Id!) { network { transaction(chain: P_CHAIN, txHash: $t) { txType } } }',
    { t: txHash },
  );
  return res.data?.network.transaction.txType;
}

const hashes = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tx-hash')));

describe('the Apollo Client example in Chromium', () => {
  it('shows a page of transactions, appends the next on "Load more", and puts a new one from the subscription at the head without a query', async () => {
    const [address] = h.sandbox.live.addresses('mainnet');
    const known = await h.raw<{ network: { address: { transactions: { nodes: { txHash: string; __typename: string }[] } } } }>(
      `query ($a: AvalancheAddress!) { network { address(address: $a) { transactions(chain: P_CHAIN, first: ${2 * PAGE}) { nodes { __typename txHash } } } } }`,
      { a: address },
    );
    const txs = known.data!.network.address.transactions.nodes;
    expect(txs.length, 'the live address has two pages of transactions').toBe(2 * PAGE);

    await page.goto(`${base}/?address=${address}`);
    await page.locator('tbody tr').first().waitFor();
    expect(await hashes()).toEqual(txs.slice(0, PAGE).map((t) => t.txHash));
    // Read from the cache through the fragment on the interface, which matches a PChainTransaction
    // only by the generated possibleTypes: without them its fields would be missing.
    expect(await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).toEqual(
      await Promise.all(txs.slice(0, PAGE).map(async (t) => (await txType(t.txHash)) ?? '')),
    );

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator(`tr[data-tx-hash="${txs[PAGE]!.txHash}"]`).waitFor();
    expect(await hashes()).toEqual(txs.map((t) => t.txHash));
    expect(posted).toEqual(['AddressTransactions', 'AddressTransactions']);

    // The subscription is open once the gateway's feed has read the address's newest transactions.
    await expect.poll(() => frames.some((f) => !f.sent && f.message.type === 'connection_ack'), { timeout: 10_000 }).toBe(true);
    expect(frames.filter((f) => f.sent && f.message.type === 'subscribe').map((f) => f.message.payload?.query)).toEqual([
      expect.stringContaining('addressTransactions'),
    ]);
    await expect
      .poll(
        () =>
          h.sandbox.log.some(
            (r) => r.operation === 'listLatestPrimaryNetworkTransactions' && r.query.some(([k, v]) => k === 'pageSize' && v === '50'),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

    h.sandbox.live.advance(2);
    const added = h.sandbox.live.transactions('mainnet').at(-1)!;
    await page.locator(`tr[data-tx-hash="${added.txHash}"]`).waitFor({ timeout: 20_000 });
    expect(await hashes()).toEqual([added.txHash, ...txs.map((t) => t.txHash)]);
    // It came as an event over the WebSocket, and no query was sent again.
    expect(frames.some((f) => !f.sent && f.message.type === 'next' && JSON.stringify(f.message.payload).includes(added.txHash))).toBe(true);
    expect(posted).toEqual(['AddressTransactions', 'AddressTransactions']);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it("changes a validator's weight on screen as the subnetValidators subscription brings it, merged by id, without a query", async () => {
    interface Entry {
      id: string;
      weight: string;
    }
    const entries = async () =>
      (
        await h.raw<{ network: { subnets: { nodes: { subnetId: string; isL1: boolean; currentValidators: Entry[] }[] } } }>(
          '{ network { subnets(first: 10) { nodes { subnetId isL1 currentValidators { id weight } } } } }',
        )
      ).data!.network.subnets.nodes.filter((s) => s.isL1 && s.currentValidators.length);
    // An L1's validators as the gateway has them now, and after the clock has changed one's weight.
    h.sandbox.reset();
    const [subnet] = await entries();
    h.sandbox.live.advance(EVERY.validators);
    const after = (await entries()).find((s) => s.subnetId === subnet!.subnetId)!.currentValidators;
    h.sandbox.reset();
    const changed = after.filter((v) => !subnet!.currentValidators.some((b) => b.id === v.id && b.weight === v.weight));
    expect(changed, 'the clock changes one validator of the set, keeping its id').toHaveLength(1);
    const { id, weight } = changed[0]!;
    const old = subnet!.currentValidators.find((v) => v.id === id)!.weight;
    expect(weight).not.toBe(old);

    const requests = posted.length;
    const cell = page.locator(`tr[data-validator-id="${id}"] td.weight`);
    await page.goto(`${base}/?subnet=${subnet!.subnetId}`);
    await expect.poll(() => cell.innerText()).toBe(old);
    expect(await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-validator-id')))).toEqual(
      subnet!.currentValidators.map((v) => v.id),
    );
    // The subscription is open and the gateway's feed polls the set.
    await expect
      .poll(() => frames.some((f) => f.sent && f.message.type === 'subscribe' && f.message.payload?.query?.includes('subnetValidators')))
      .toBe(true);
    const polls = () => h.sandbox.log.filter((r) => r.operation === 'platform.getCurrentValidators').length;
    const seen = polls();
    await expect.poll(polls, { timeout: 10_000 }).toBeGreaterThan(seen);

    h.sandbox.live.advance(EVERY.validators);
    await expect.poll(() => cell.innerText(), { timeout: 20_000 }).toBe(weight);
    // It came as an event over the WebSocket, carrying the same id, and no query was sent again.
    expect(
      frames.some(
        (f) =>
          !f.sent &&
          f.message.type === 'next' &&
          !!(f.message.payload?.data as { subnetValidators?: Entry[] } | undefined)?.subnetValidators?.some(
            (v) => v.id === id && v.weight === weight,
          ),
      ),
    ).toBe(true);
    expect(posted.slice(requests)).toEqual(['SubnetValidators']);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
