/**
 * No secret in any log line. Operators configure providers' URLs with their keys in the path, the
 * query or the authority, and secrets in a settings file; the gateway logs upstream URLs (at start,
 * when a circuit opens) and a settings file's problems. On the built gateway (`npm start`), every
 * line it writes is searched for each secret.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { shownUrl } from '../../src/base/shown-url.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A port nothing listens on: calls to it fail at once, as an unreachable provider's would. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('shownUrl', () => {
  it.each([
    ['https://avax.provider.io/v2/0123456789abcdef0123', 'https://avax.provider.io/…'],
    ['https://user:hunter2@node.example:9650', 'https://node.example:9650'],
    ['https://node.example/?apikey=hunter2', 'https://node.example/…'],
    ['https://data-api.avax.network', 'https://data-api.avax.network'],
    ['not a url hunter2', '(an invalid URL)'],
  ])('%s is shown as %s', (url, shown) => {
    expect(shownUrl(url)).toBe(shown);
    expect(shownUrl(url, '/ext/bc/P')).toBe(shown === '(an invalid URL)' ? shown : `${shown}/ext/bc/P`);
  });
});

describe('the built gateway writes no secret to its log', () => {
  it('when a URL setting holding a key is refused', () => {
    const run = spawnSync(process.execPath, ['dist/main.js'], {
      cwd: join(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_URL_MAINNET: 'https://u:PASSWORD0123456789@node.example/v2/PATHKEY0123456789?apikey=QUERYKEY0123456789',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).toBe(1);
    expect(output).toContain('NODE_URL_MAINNET: must be an http(s) URL without query or fragment');
    expect(output).toContain('(got "https://node.example/…")');
    for (const secret of ['PASSWORD0123456789', 'PATHKEY0123456789', 'QUERYKEY0123456789']) expect(output).not.toContain(secret);
  });

  it("when a provider's URL holds its key in the path and the authority, and the upstream fails until its circuit opens", async () => {
    // A query string is refused (above): the key in the path and the authority.
    const secrets = ['PATHKEY0123456789abcdef', 'PASSWORD0123456789'];
    const port = await closedPort();
    const gw = await startGatewayProcess(sandbox, {
      NODE_URL_MAINNET: `http://user:${secrets[1]}@127.0.0.1:${port}/v2/${secrets[0]}`,
      BREAKER_MIN_REQUESTS: '2',
      BREAKER_MIN_CLIENTS: '1',
      LOG_LEVEL: 'debug',
    });
    try {
      for (let i = 0; i < 6; i++) await gw.query('{ network(name: MAINNET) { pChain { height } } }');
      // The circuit's line comes as it opens; the failures' summary within 10 s at most.
      for (let i = 0; i < 100 && !gw.logs.some((l) => /keeps failing/.test(String(l.msg))); i++)
        await new Promise((r) => setTimeout(r, 50));
      const lines = gw.logs.map((l) => JSON.stringify(l));
      expect(lines.some((l) => l.includes('keeps failing') && l.includes(`127.0.0.1:${port}/…/ext/bc/P`))).toBe(true);
      expect(lines.some((l) => l.includes('GraphQL gateway ready'))).toBe(true);
      for (const secret of secrets) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    } finally {
      await gw.stop();
    }
  }, 60_000);

  it("when a settings file's line holding a secret does not parse", () => {
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'PORT: 4000\nADMIN_TOKEN: "SETTINGSECRET0123456789\nLOG_LEVEL: info\n');
    const run = spawnSync(process.execPath, ['dist/main.js'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CONFIG_FILE: file, SANDBOX: 'off' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).toBe(1);
    expect(output).toMatch(/--config .*broken\.yaml: not valid YAML or JSON at line \d+, column \d+/);
    expect(output).not.toContain('SETTINGSECRET');
  });
});
