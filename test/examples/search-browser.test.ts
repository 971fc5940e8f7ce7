/**
 * The explorer's search box (examples/web/src/components/SearchBox.tsx) in Chromium, as
 * test/examples/browser.test.ts runs the explorer: the production build against the built gateway
 * on a sandbox. An id of each kind issue 32 lists, from the sandbox's world, is typed into the box
 * of a page and submitted; one match goes straight to its page, several are listed and the first
 * is followed. Each kind must end on its own page, and that page must show the object from the
 * world (a value the page reads from the gateway, not the id the URL gave it) with nothing said
 * missing. A screenshot of each page lands in test-results/search-screens/<kind>.png (and, where
 * the search page listed several matches, <kind>-matches.png).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupDigits } from '../../examples/web/src/format.js';
import { worldBlocks } from '../../sandbox/data-api/primary-network-block.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';
import { buildExample, launchChromium } from '../helpers/chromium.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const WEB = fileURLToPath(new URL('../../examples/web/', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../test-results/search-screens/', import.meta.url));
const world = getWorld('mainnet');
const evm = getEvmWorld('mainnet');
const staking = getStakingWorld('mainnet');
const subnet = world.subnets.find((s) => s.subnetId !== '11111111111111111111111111111111LpoYY' && s.blockchains.length > 0)!;
const cChain = evm.chains.get('43114')!;
const l1Chain = [...evm.chains.values()].find((c) => c.chainId !== '43114' && c.transactions.length > 0)!;
const pBlock = worldBlocks(world, 'avalanche', 'p').find((b) => b.txCount > 0)!;
const pTx = world.transactions.p.at(-1)!;
const xTx = world.transactions.x.at(-1)!;
const nodeId = staking.validators[0]!.nodeId;
/** The node's newest validation, of any subnet: what its page shows. */
const validation = staking.validators.filter((v) => v.nodeId === nodeId).sort((a, b) => b.startTimestamp - a.startTimestamp)[0]!;
const l1Validator = world.l1Validators[0]!;
const address = world.addresses[0]!;
const evmAccount = cChain.accounts[0]!;
const evmTx = l1Chain.transactions[0]!;
const cBlock = cChain.transactions[0]!;
const icm = evm.icm[0]!;

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
  await buildExample(WEB, outDir);
  server = await preview({
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, proxy: { '/graphql': gateway.origin } },
  });
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
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

const exactly = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');

/**
 * Each kind: the id typed, the page its first match leads to (its URL's hash), and what that page
 * shows of the object once the gateway answered.
 */
const KINDS: [kind: string, query: string, page: string | RegExp, shows: RegExp[]][] = [
  ['p-transaction', pTx.txHash, `#/mainnet/tx/p/${pTx.txHash}`, [exactly(pTx.txType), /Chains touched/]],
  ['x-transaction', xTx.txHash, `#/mainnet/tx/x/${xTx.txHash}`, [exactly(xTx.txType), /Chains touched/]],
  [
    'p-block',
    pBlock.blockHash,
    `#/mainnet/block/p/${pBlock.blockHash}`,
    [exactly(pBlock.blockType), exactly(pBlock.transactions[0]!), new RegExp(`Height\\s+${groupDigits(pBlock.blockNumber)}\\b`)],
  ],
  ['subnet', subnet.subnetId, `#/mainnet/subnets/${subnet.subnetId}`, [exactly(subnet.ownerAddresses[0]!), /Blockchains/]],
  [
    'blockchain',
    subnet.blockchains[0]!.blockchainId,
    `#/mainnet/subnets/${subnet.subnetId}`,
    [exactly(subnet.blockchains[0]!.blockchainName)],
  ],
  ['node-id', nodeId, `#/mainnet/validator/${nodeId}`, [exactly(validation.subnetId), exactly(validation.txHash)]],
  [
    'validation-id',
    l1Validator.validationId,
    `#/mainnet/subnets/${l1Validator.subnetId}`,
    [exactly(l1Validator.validationId), exactly(l1Validator.nodeId)],
  ],
  ['address', address, `#/mainnet/address/${address}`, [/X-Chain balances/, /X-Chain UTXOs/]],
  ['address-with-prefix', `X-${address}`, `#/mainnet/address/${address}`, [/X-Chain balances/, /X-Chain UTXOs/]],
  ['evm-address', evmAccount, new RegExp(`^#/mainnet/evm/\\d+/address/${evmAccount}$`, 'i'), [/Balance/, /Newest transactions/]],
  [
    'evm-transaction',
    evmTx.txHash,
    `#/mainnet/evm/${l1Chain.chainId}/tx/${evmTx.txHash}`,
    [exactly(evmTx.from.address), exactly(evmTx.to.address), new RegExp(`Block\\s+${groupDigits(evmTx.blockNumber)}\\b`)],
  ],
  [
    'evm-block',
    cBlock.blockHash,
    `#/mainnet/evm/43114/block/${cBlock.blockHash}`,
    [new RegExp(`Height\\s+${groupDigits(cBlock.blockNumber)}\\b`), exactly(cBlock.txHash)],
  ],
  ['evm-chain-id', l1Chain.chainId, `#/mainnet/evm/${l1Chain.chainId}`, [/Newest blocks/, /Native token/]],
  ['asset', world.avaxAssetId, `#/mainnet/asset/${world.avaxAssetId}`, [/Avalanche \(AVAX\)/, /X-Chain transactions/]],
  ['icm-message', icm.messageId, `#/mainnet/icm/${icm.messageId}`, [exactly(icm.from), exactly(icm.to), /Relayer reward/]],
];

/** Whether a URL is the page `where` names. */
const at = (url: string | URL, where: string | RegExp) => {
  const { hash } = new URL(url);
  return typeof where === 'string' ? hash === where : where.test(hash);
};

describe('the search box', () => {
  it.each(KINDS)(
    '%s: its first match leads to its page, which shows it',
    async (kind, query, where, shows) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await searchFrom(page, query);
        // One match replaces the search page with its page; several stay listed, the most specific first.
        const first = page.locator('table.search-results tbody a').first();
        await Promise.race([page.waitForURL((url) => at(url, where), { timeout: 60_000 }), first.waitFor({ timeout: 60_000 })]);
        if (!at(page.url(), where)) {
          await page.screenshot({ path: join(SHOTS, `${kind}-matches.png`), fullPage: true });
          await first.click();
          await page.waitForURL((url) => at(url, where), { timeout: 30_000 });
        }
        const main = page.locator('main');
        for (const shown of shows) await expect.poll(() => main.innerText(), { timeout: 30_000 }).toMatch(shown);
        // For the screenshot only: the page's queries done. A page holding a subscription (the
        // address page's live transactions) never goes idle, so this waits a few seconds at most.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        await page.screenshot({ path: join(SHOTS, `${kind}.png`), fullPage: true });
        // Nothing said missing or failed: the whole object came.
        expect(await main.locator('.notice.error, .notice.warning, .unavailable').allInnerTexts()).toEqual([]);
        expect(at(page.url(), where), new URL(page.url()).hash).toBe(true);
      } finally {
        await page.close();
      }
    },
    90_000,
  );

  it('an id nothing has is said so on the search page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await searchFrom(page, `0x${'ab'.repeat(32)}`);
      await page.waitForURL((url) => url.hash.startsWith('#/mainnet/search/'), { timeout: 30_000 });
      await page.getByText(/Nothing on Mainnet has this id/).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: join(SHOTS, 'unknown-hash.png'), fullPage: true });
    } finally {
      await page.close();
    }
  }, 90_000);
});
