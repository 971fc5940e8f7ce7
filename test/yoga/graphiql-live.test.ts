/**
 * A person in GraphiQL, in a real browser (Debian's Chromium, driven by playwright-core): they
 * type a subscription, run it, and see the blocks the sandbox produces arrive one after another.
 * GraphiQL must send it in a way the gateway's CSRF prevention lets through (a POST of JSON,
 * not a bare GET). A screenshot lands in test-results/screenshots/, which CI keeps. And a page's
 * own EventSource, which can only GET without headers, subscribing to the built gateway
 * (`npm start`, its defaults).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import type { GatewayServer } from '../../src/http/server.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { serve, startHarness, type Harness, withoutCost } from '../helpers/harness.js';
import { until } from '../helpers/live.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
/** The P-Chain's height before the clock moves it. */
const last = getNodeWorld('mainnet').platform.blocks.length - 1;

let h: Harness;
let served: GatewayServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH.`);
  }
  h = await startHarness({ LIVE_POLL_BLOCKS_MS: '200' });
  ({ gw: served, origin: base } = await serve(h, { maxBodyBytes: 1 << 20, headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 }));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  served?.server.closeAllConnections();
  await new Promise((resolve) => served?.server.close(resolve));
  await h?.close();
});

describe('GraphiQL', () => {
  it('shows new blocks as they are accepted', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // GraphiQL runs nothing before it has the schema: wait for its introspection's answer.
    const introspected = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST', { timeout: 30_000 });
    await page.goto(`${base}/graphql`);
    await introspected;
    const editor = page.getByText('query SubnetsWithChains').first();
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // The editor closes brackets itself.
    // The README's first example, as it works against the public endpoints.
    await page.keyboard.type('subscription NewPChainBlocks { pChainBlocks(network: MAINNET) { height', { delay: 5 });
    // GraphiQL takes the editor's text a moment later (its tab is then named after the operation):
    // a click before that would run the old document.
    await page.locator('.graphiql-tab', { hasText: 'NewPChainBlocks' }).waitFor({ timeout: 10_000 });
    // The editor's suggestions can open a moment after the last keystroke and cover the Run
    // button, as they would for a person, who closes them and looks again. Only the look is
    // retried (a trial click): a second real click would stop the subscription the first began.
    const run = page.locator('.graphiql-execute-button');
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Escape');
          return run.click({ trial: true, timeout: 1_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    await run.click({ timeout: 5_000 });
    await until(() => h.gateway.live.stats().polling.includes('pChainBlocks:mainnet'), 'GraphiQL subscribed', 15_000);
    await until(() => h.sandbox.count('platform.getHeight') >= 1, 'the poller started');
    await new Promise((resolve) => setTimeout(resolve, 50));
    h.sandbox.live.advance();
    await page.getByText(`"${last + 1}"`).waitFor({ timeout: 10_000 });
    h.sandbox.live.advance();
    await page.getByText(`"${last + 2}"`).waitFor({ timeout: 10_000 });
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}graphiql-subscription.png` });
    expect(errors).toEqual([]);
    await page.close();
    await until(() => h.gateway.live.stats().topics === 0, 'the page closed its subscription');
  }, 60_000);
});

describe("a page's EventSource", () => {
  it('subscribes over GET to the built gateway, with no header to add; a query so asked is refused', async () => {
    h.sandbox.reset();
    // `npm start` as users run it, default settings (blocks polled every 2 s).
    const gateway = await startGatewayProcess(h.sandbox);
    const page = await browser.newPage();
    try {
      // A page of the gateway's own origin, as a web app it serves would be.
      await page.goto(`${gateway.origin}/health`);
      await page.evaluate(() => {
        const w = window as unknown as { events: unknown[]; refused: boolean };
        w.events = [];
        w.refused = false;
        const subscription = 'subscription { pChainBlocks(network: MAINNET) { height } }';
        const blocks = new EventSource(`/graphql?query=${encodeURIComponent(subscription)}`);
        blocks.addEventListener('next', (e) => w.events.push(JSON.parse((e as MessageEvent).data)));
        const query = new EventSource(`/graphql?query=${encodeURIComponent('{ network { xChain { height } } }')}`);
        query.onerror = () => {
          // Refused (403): the browser does not retry a request answered with an error status.
          w.refused = query.readyState === EventSource.CLOSED;
        };
      });
      await until(() => h.sandbox.count('platform.getHeight') >= 1, 'the poller started', 15_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      h.sandbox.live.advance();
      await page.waitForFunction(() => (window as unknown as { events: unknown[] }).events.length > 0, undefined, { timeout: 15_000 });
      const [first] = await page.evaluate(() => (window as unknown as { events: unknown[] }).events);
      expect(withoutCost(first)).toEqual({ data: { pChainBlocks: { height: String(last + 1) } } });
      await page.waitForFunction(() => (window as unknown as { refused: boolean }).refused, undefined, { timeout: 5_000 });
      // The query never ran: its one upstream call would have been avm.getHeight.
      expect(h.sandbox.count('avm.getHeight')).toBe(0);
    } finally {
      await page.close();
      await gateway.stop();
    }
  }, 60_000);
});
