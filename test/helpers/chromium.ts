/**
 * What the example apps' browser tests share: a production build of an example (examples/web,
 * examples/apollo) and Debian's Chromium, driven by playwright-core, launched so that it calls
 * nowhere but the loopback addresses the test gives it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM } from './servers.js';

/**
 * Builds the example whose vite.config.ts is in `dir` into `outDir`, as shipped. vitest sets
 * NODE_ENV=test, with which Vite would build React's development JSX; the build is the
 * production one. No other test file runs in this worker meanwhile.
 */
export async function buildExample(dir: string, outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(dir, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Chromium, headless, with a fresh profile (Playwright gives each launch its own --user-data-dir). */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium; npm test does as root) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    // These keep Chromium from calling home, which the closed network would refuse.
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
}
