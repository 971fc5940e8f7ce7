/**
 * The Apollo Client example (examples/apollo) in a real browser: its production build, served by
 * `vite preview` with /graphql (HTTP and WebSocket) forwarded to the built gateway over the
 * sandbox, opened in Debian's Chromium. It shows an address's P-Chain transactions through a
 * fragment on the `PrimaryNetworkTransaction` interface (which needs the generated
 * `possibleTypes`), appends the next page on "Load more" (the generated `relayStylePagination`
 * policy), and shows a transaction the sandbox's clock adds as the `addressTransactions`
 * subscription brings it, with no query sent again: the event's object goes into the cached list.
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
  gateway = await startGatewayProcess(h.sandbox, { LIVE_POLL_TRANSACTIONS_MS: '200' });
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
});
