/**
 * The explorer's search box (examples/web/src/components/SearchBox.tsx) in Chromium, as
 * test/examples/browser.test.ts runs the explorer: the production build against the built gateway
 * on a sandbox. An id of each kind is typed into the box of a page and submitted: one match with a
 * page of its own goes straight there; any other answer is listed on the search page. Screenshots
 * land in /tmp/search-shots/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worldBlocks } from '../../sandbox/data-api/primary-network-block.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { CHROMIUM } from '../helpers/servers.js';

const WEB = fileURLToPath(new URL('../../examples/web/', import.meta.url));
const SHOTS = '/tmp/search-shots/';
const world = getWorld('mainnet');
const evm = getEvmWorld('mainnet');
const staking = getStakingWorld('mainnet');
const subnet = world.subnets.find((s) => s.subnetId !== '11111111111111111111111111111111LpoYY' && s.blockchains.length > 0)!;
const cChain = evm.chains.get('43114')!;
const l1Chain = [...evm.chains.values()].find((c) => c.chainId !== '43114' && c.transactions.length > 0)!;

let h: Harness;
let gateway: GatewayProcess;
let server: PreviewServer;
let browser: Browser;
let base: string;
let outDir: string;

beforeAll(async () => {
  h = await startHarness();
  gateway = await startGatewayProcess(h.sandbox);
  outDir = await mkdtemp(join(tmpdir(), 'explorer-search-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  server = await preview({
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, proxy: { '/graphql': gateway.origin } },
  });
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  await mkdir(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await gateway?.stop();
  await h?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** Types `text` into the search box of the subnets page and submits it. */
async function searchFrom(page: Page, text: string) {
  await page.goto(`${base}/#/mainnet/subnets`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

describe('the search box', () => {
  it.each([
    ['p-transaction', () => world.transactions.p.at(-1)!.txHash, (id: string) => `#/mainnet/tx/p/${id}`, 'h1'],
    ['x-transaction', () => world.transactions.x.at(-1)!.txHash, (id: string) => `#/mainnet/tx/x/${id}`, 'h1'],
    ['subnet', () => subnet.subnetId, (id: string) => `#/mainnet/subnets/${id}`, 'h1'],
    ['blockchain', () => subnet.blockchains[0]!.blockchainId, () => `#/mainnet/subnets/${subnet.subnetId}`, 'h1'],
    ['validation-id', () => world.l1Validators[0]!.validationId, () => `#/mainnet/subnets/${world.l1Validators[0]!.subnetId}`, 'h1'],
    ['address', () => world.addresses[0]!, (id: string) => `#/mainnet/address/${id}`, 'h1'],
    ['address-with-prefix', () => `X-${world.addresses[0]!}`, () => `#/mainnet/address/${world.addresses[0]!}`, 'h1'],
  ])(
    '%s: goes straight to its page, or lists it first when the id is several things',
    async (name, id, where, _) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await searchFrom(page, id());
        // The search page comes first; one match replaces it with its page, several stay listed.
        const first = page.locator('table.search-results tbody a').first();
        await Promise.race([page.waitForURL((url) => url.hash === where(id()), { timeout: 60_000 }), first.waitFor({ timeout: 60_000 })]);
        if (new URL(page.url()).hash !== where(id())) {
          // A subnet id is also its CreateSubnetTx's id: both are listed, the most specific first.
          await page.screenshot({ path: join(SHOTS, `${name}-matches.png`), fullPage: true });
          expect(await first.getAttribute('href')).toBe(where(id()));
          await first.click();
          await page.waitForURL((url) => url.hash === where(id()), { timeout: 30_000 });
        }
        await page.locator('h1').first().waitFor();
        // For the screenshot only: the page's queries done. A page holding a subscription (the
        // address page's live transactions) never goes idle, so this waits a few seconds at most.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
        expect(new URL(page.url()).hash).toBe(where(id()));
      } finally {
        await page.close();
      }
    },
    90_000,
  );

  it.each([
    ['p-block', () => worldBlocks(world, 'avalanche', 'p').find((b) => b.txCount > 0)!.blockHash, /P-Chain block/],
    ['node-id', () => staking.validators[0]!.nodeId, /Validator/],
    ['asset', () => world.avaxAssetId, /Asset/],
    ['evm-address', () => cChain.accounts[0]!, /EVM address on chain 43114/],
    ['evm-transaction', () => l1Chain.transactions[0]!.txHash, new RegExp(`EVM transaction on chain ${l1Chain.chainId}`)],
    ['evm-block', () => cChain.transactions[0]!.blockHash, /EVM block \d+ on chain 43114/],
    ['evm-chain-id', () => l1Chain.chainId, /EVM chain/],
    ['icm-message', () => evm.icm[0]!.messageId, /ICM message/],
    ['unknown-hash', () => `0x${'ab'.repeat(32)}`, /Nothing on Mainnet has this id/],
  ])(
    '%s: lists what it found on the search page',
    async (name, id, shows) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await searchFrom(page, id());
        await page.waitForURL((url) => url.hash.startsWith('#/mainnet/search/'), { timeout: 30_000 });
        await page.getByText(shows).first().waitFor({ timeout: 30_000 });
        await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
        const text = await page.locator('main').innerText();
        expect(text).toMatch(shows);
      } finally {
        await page.close();
      }
    },
    90_000,
  );
});
