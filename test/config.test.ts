import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('defaults to the public endpoints', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 4000,
      sandbox: 'auto',
      apiKeyHeader: 'x-service-api-key',
      upstreamsConfigured: false,
      upstreams: {
        dataApi: 'https://data-api.avax.network',
        metricsApi: 'https://metrics.avax.network',
        node: { mainnet: 'https://api.avax.network', fuji: 'https://api.avax-test.network' },
      },
    });
    expect(c.apiKey).toBeUndefined();
  });

  it('lists every problem at once, each naming its variable, and never echoes the key', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATA_API_URL: 'ftp://x',
        UPSTREAM_TIMEOUT_MS: '5',
        API_KEY_HEADER: 'bad header',
        SANDBOX: 'maybe',
        LOG_LEVEL: 'loud',
        DATA_API_KEY: '',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'SANDBOX',
      'DATA_API_URL',
      'API_KEY_HEADER',
      'UPSTREAM_TIMEOUT_MS',
      'LOG_LEVEL',
    ]);
    expect((error as ConfigError).message).toContain('PORT: must be an integer from 0 to 65535 (got "abc")');
    expect((error as ConfigError).message).toContain('UPSTREAM_TIMEOUT_MS: must be an integer from 100 to 120000');
  });

  it('keeps the key secret in errors, lower-cases the header name, treats empty as unset', () => {
    expect(() => loadConfig({ DATA_API_KEY: 'x'.repeat(5), PORT: '70000' })).toThrow(/PORT/);
    try {
      loadConfig({ DATA_API_KEY: 'top-secret', PORT: '70000' });
    } catch (e) {
      expect((e as Error).message).not.toContain('top-secret');
    }
    const c = loadConfig({ API_KEY_HEADER: 'X-Glacier-Api-Key', NODE_URL_FUJI: '', DATA_API_URL: 'http://127.0.0.1:1/data' });
    expect(c.apiKeyHeader).toBe('x-glacier-api-key');
    expect(c.upstreams.node.fuji).toBe('https://api.avax-test.network');
    expect(c.upstreamsConfigured).toBe(true);
  });
});
