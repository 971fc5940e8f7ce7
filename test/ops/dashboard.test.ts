/**
 * deploy/grafana/dashboard.json against the gateway users run: every metric its PromQL queries
 * (and its variables) name is one `npm start` exposes at /metrics, so a rename cannot leave the
 * dashboard drawing empty panels; and compose.yaml provisions it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type GatewayProcess, startGatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dashboard = JSON.parse(readFileSync(join(ROOT, 'deploy/grafana/dashboard.json'), 'utf8'));

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads: identifiers that are neither functions, keywords, labels nor values. */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const name = match[0];
    // A function: its name is followed by `(`.
    const after = bare.slice(match.index! + name.length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}

function expressions(): string[] {
  const exprs: string[] = [];
  for (const panel of dashboard.panels) for (const target of panel.targets ?? []) exprs.push(target.expr);
  for (const variable of dashboard.templating.list) {
    const query = typeof variable.query === 'string' ? undefined : variable.query?.query;
    const inner = query && /^label_values\((.*),\s*\w+\)$/.exec(query)?.[1];
    if (inner) exprs.push(inner);
  }
  return exprs;
}

describe('the Grafana dashboard', () => {
  it('is read from expressions whose metric names this test can pick out', () => {
    expect(metricsOf('histogram_quantile(0.95, sum by (le, service) (rate(x_seconds_bucket{job=~"$job"}[$__rate_interval])))')).toEqual([
      'x_seconds_bucket',
    ]);
    expect(metricsOf('sum(rate(a_total{code=~"5.."}[5m])) / sum(rate(b_total[5m]))')).toEqual(['a_total', 'b_total']);
    expect(expressions().length).toBeGreaterThan(20);
  });

  it('is provisioned by compose.yaml with the Prometheus it scrapes into', () => {
    const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'));
    const { grafana } = compose.services;
    expect(grafana.volumes).toContain('./deploy/grafana/dashboard.json:/var/lib/grafana/dashboards/gateway.json:ro');
    const provider = parse(readFileSync(join(ROOT, 'deploy/grafana/provisioning/dashboards/gateway.yaml'), 'utf8'));
    expect(provider.providers[0].options.path).toBe('/var/lib/grafana/dashboards');
    const source = parse(readFileSync(join(ROOT, 'deploy/grafana/provisioning/datasources/prometheus.yaml'), 'utf8'));
    expect(source.datasources[0].url).toBe(`http://prometheus:${compose.services.prometheus.ports[0].split(':')[1]}`);
  });

  describe('against `npm start`', () => {
    const sandbox = useSandbox();
    let gw: GatewayProcess;
    beforeAll(async () => {
      gw = await startGatewayProcess(sandbox);
    }, 30_000);
    afterAll(async () => {
      await gw?.stop();
    });

    it('exposes every metric the dashboard queries', async () => {
      // A request that calls upstream, one that fails validation, one answered from the cache.
      await gw.query('query Subnets { network { subnets(first: 1) { nodes { subnetId } } } }');
      await gw.query('{ network { nope } }');
      await gw.query('query Subnets { network { subnets(first: 1) { nodes { subnetId } } } }');
      const text = await (await fetch(`${gw.origin}/metrics`)).text();
      const exposed = new Set(
        [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
          type === 'histogram'
            ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
            : type === 'counter' && !name!.endsWith('_total')
              ? [name!, `${name}_total`]
              : [name!],
        ),
      );
      const named = [...new Set(expressions().flatMap(metricsOf))].sort();
      expect(named.length).toBeGreaterThan(15);
      expect(named.filter((name) => !exposed.has(name))).toEqual([]);
    });
  });
});
