import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, servingSandbox } from '../../src/config/config.js';

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

  it("paces the default poll intervals to the embedded sandbox's blocks, keeping the ones set and the real pace elsewhere", () => {
    const urls = { dataApi: 'http://127.0.0.1:1/data', metricsApi: 'http://127.0.0.1:1/metrics', node: { mainnet: 'x', fuji: 'y' } };
    const c = loadConfig({ LIVE_POLL_FEE_CONFIG_MS: '30000' });
    expect(c.live.intervals).toEqual({ blocks: 2_000, transactions: 5_000, feeConfig: 30_000, validators: 10_000, tps: 60_000 });
    const paced = servingSandbox(c, urls);
    expect(paced.upstreams).toBe(urls);
    expect(paced.live.intervals).toEqual({ blocks: 2_000, transactions: 3_000, feeConfig: 30_000, validators: 3_000, tps: 3_000 });
    // A sandbox whose chains stand still has no pace to follow.
    expect(servingSandbox(loadConfig({ SANDBOX_BLOCK_MS: '0' }), urls).live.intervals.tps).toBe(60_000);
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

  it('lists every conflict between settings at once, in one ConfigError', () => {
    let error: unknown;
    try {
      loadConfig({
        CACHE: 'redis',
        REDIS_KEY_PREFIX: 'eu:',
        HTTP_HEADERS_TIMEOUT_MS: '20000',
        RATE_LIMIT_BURST: '5',
        CORS_CREDENTIALS: 'true',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
      'CACHE',
      'REDIS_KEY_PREFIX',
      'HTTP_HEADERS_TIMEOUT_MS',
      'RATE_LIMIT_BURST',
      'CORS_CREDENTIALS',
    ]);
  });

  it('bounds the distinct subscription topics: 500 by default, refusing what is not a count with the range', () => {
    expect(loadConfig({}).live.maxTopics).toBe(500);
    expect(loadConfig({ LIVE_MAX_TOPICS: '20' }).live.maxTopics).toBe(20);
    for (const bad of ['0', '-1', '1.5', 'many', '100001']) {
      expect(() => loadConfig({ LIVE_MAX_TOPICS: bad })).toThrow(`LIVE_MAX_TOPICS: must be an integer from 1 to 100000 (got "${bad}")`);
    }
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

  it('reads the operations settings: metrics, log sampling, readiness, tracing by OTEL_*', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      logSampleRate: 1,
      metrics: { enabled: true, maxOperations: 200 },
      ready: { upstreams: ['data-api', 'metrics-api', 'node-mainnet', 'node-fuji'], cacheMs: 5000, timeoutMs: 2000 },
    });
    expect(defaults.tracing).toBeUndefined();
    const c = loadConfig({
      METRICS: 'off',
      LOG_SAMPLE_RATE: '0.25',
      READY_UPSTREAMS: 'node-mainnet, data-api',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
    });
    expect(c).toMatchObject({ logSampleRate: 0.25, metrics: { enabled: false }, ready: { upstreams: ['node-mainnet', 'data-api'] } });
    // The specification's default protocol, unless a variable names one (the traces' own first).
    expect(c.tracing).toEqual({ endpoint: 'http://collector:4318/v1/traces', protocol: 'http/protobuf' });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://jaeger:4318/v1/traces', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).tracing,
    ).toEqual({ endpoint: 'http://jaeger:4318/v1/traces', protocol: 'http/json' });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      }).tracing?.protocol,
    ).toBe('http/protobuf');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeUndefined();
    expect(loadConfig({ READY_UPSTREAMS: 'none' }).ready.upstreams).toEqual([]);
  });

  it('refuses bad operations settings, each with what is allowed, and never echoes the metrics token', () => {
    let error: unknown;
    try {
      loadConfig({
        LOG_SAMPLE_RATE: '2',
        METRICS_TOKEN: 'short-secret',
        READY_UPSTREAMS: 'data-api,redis',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      });
    } catch (e) {
      error = e;
    }
    const message = (error as ConfigError).message;
    expect(message).toContain('LOG_SAMPLE_RATE: must be a fraction from 0 to 1');
    expect(message).toContain('METRICS_TOKEN: must be at least 16 characters');
    expect(message).not.toContain('short-secret');
    expect(message).toContain('READY_UPSTREAMS: must be none or a comma list of data-api, metrics-api, node-mainnet, node-fuji');
    expect(message).toContain('OTEL_EXPORTER_OTLP_PROTOCOL: must be http/protobuf (the default) or http/json');
  });

  it('refuses FEDERATION without SUBGRAPH_TOKEN where /subgraph would undo TRUSTED_DOCUMENTS=only or INTROSPECTION=false', () => {
    for (const env of [
      { FEDERATION: 'true', TRUSTED_DOCUMENTS: 'only' },
      { FEDERATION: 'true', INTROSPECTION: 'false' },
    ]) {
      expect(() => loadConfig(env)).toThrow(/SUBGRAPH_TOKEN: needed with FEDERATION=true/);
      expect(loadConfig({ ...env, SUBGRAPH_TOKEN: 'router-secret-0123456789' }).subgraphToken).toBe('router-secret-0123456789');
    }
    expect(loadConfig({ FEDERATION: 'true' }).subgraphToken).toBeUndefined();
    expect(() => loadConfig({ SUBGRAPH_TOKEN: 'short' })).toThrow(/SUBGRAPH_TOKEN: must be at least 16 characters/);
  });

  it('reads Redis as deployments run it: one server, a cluster, sentinels, TLS files, a key prefix', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379' }).redis).toEqual({
      mode: 'standalone',
      urls: ['redis://10.0.0.5:6379'],
      keyPrefix: '',
    });
    expect(loadConfig({ REDIS_URL: 'redis://a:7000, redis://b:7001', REDIS_MODE: 'cluster', REDIS_KEY_PREFIX: 'eu:' }).redis).toMatchObject(
      {
        mode: 'cluster',
        urls: ['redis://a:7000', 'redis://b:7001'],
        keyPrefix: 'eu:',
      },
    );
    const file = new URL(import.meta.url).pathname;
    expect(
      loadConfig({
        REDIS_URL: 'rediss://:pw@s1:26379,rediss://s2:26379',
        REDIS_MODE: 'sentinel',
        REDIS_SENTINEL_MASTER: 'mymaster',
        REDIS_TLS_CA_FILE: file,
      }).redis,
    ).toMatchObject({ mode: 'sentinel', sentinelMaster: 'mymaster', tls: { caFile: file } });
  });

  it('refuses Redis settings that cannot work, each saying why, and never echoes the URL or the sentinel password', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ REDIS_URL: 'redis://a:1,redis://b:2' })).toEqual([expect.stringMatching(/^REDIS_URL: one URL, unless REDIS_MODE/)]);
    expect(problems({ REDIS_URL: 'redis://a:1', REDIS_MODE: 'sentinel', REDIS_SENTINEL_PASSWORD: 'hunter2-secret' })).toEqual([
      expect.stringMatching(/^REDIS_SENTINEL_MASTER: needed/),
    ]);
    expect(problems({ REDIS_URL: 'redis://a:1/2', REDIS_MODE: 'cluster' })).toEqual([expect.stringMatching(/database 0 only/)]);
    expect(problems({ REDIS_URL: 'redis://a:1', REDIS_TLS_CA_FILE: '/nonexistent.pem' })).toEqual([
      'REDIS_TLS_CA_FILE: must name a file this process can read (got "/nonexistent.pem")',
    ]);
    const file = new URL(import.meta.url).pathname;
    expect(problems({ REDIS_URL: 'redis://a:1', REDIS_TLS_CERT_FILE: file })).toEqual([
      'REDIS_TLS_CERT_FILE: needs a rediss:// REDIS_URL (TLS)',
      expect.stringMatching(/^REDIS_TLS_CERT_FILE: a client certificate needs its key/),
    ]);
    expect(problems({ REDIS_KEY_PREFIX: 'x:' })).toEqual(['REDIS_KEY_PREFIX: needs REDIS_URL (Redis is not used without it)']);
    expect(problems({ REDIS_URL: 'redis://a:1', REDIS_KEY_PREFIX: '{eu}:' })).toEqual([
      expect.stringMatching(/^REDIS_KEY_PREFIX: .*braces/),
    ]);
    const secret = problems({ REDIS_URL: 'http://user:hunter2-secret@a:1', REDIS_SENTINEL_PASSWORD: '' });
    expect(secret).toEqual([expect.stringMatching(/^REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/)]);
    expect(secret.join()).not.toContain('hunter2');
  });
});
