/**
 * docs/screenshot.png, the README's picture: GraphiQL on the built gateway serving the sandbox
 * (`SANDBOX=on`, as `npm run demo`), its first tab run. `npm run docs:screenshot` runs it with
 * Debian's Chromium (or CHROMIUM_PATH), as the browser tests do.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startGatewayProcess } from './gateway-process.js';

const OUT = fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url));

const gateway = await startGatewayProcess(undefined, { SANDBOX: 'on' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, deviceScaleFactor: 1 });
  // Warm: the sandbox builds its world on the first call.
  await gateway.query('{ network { subnets(first: 1) { nodes { subnetId } } } }');
  await page.goto(`${gateway.origin}/`);
  // The first example's tab (SubnetsWithChains), run as a person would: select it, press Run.
  await page.locator('#graphiql-session-tab-0').click();
  await page.locator('.graphiql-tab-active').waitFor();
  const answered = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST', { timeout: 30_000 });
  await page.locator('.graphiql-execute-button').click();
  await answered;
  await page.locator('.result-window').getByText('"data"').first().waitFor();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  await gateway.stop();
}
