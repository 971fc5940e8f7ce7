/**
 * `avalanche-graphql-gateway --workers 2` (dist/cli.js, as the package runs it) as Prometheus sees
 * it: a scrape reaches one worker, and answers for both (src/ops/cluster-metrics.ts). Each
 * request goes on a connection of its own, so the primary hands them to the workers in turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { useSandbox } from '../helpers/sandbox.js';

const REQUESTS = 20;

const sandbox = useSandbox();
let gw: GatewayProcess;

beforeAll(async () => {
  gw = await startGatewayProcess(sandbox, {}, { cli: ['--workers', '2'] });
}, 60_000);
afterAll(async () => {
  await gw?.stop();
});

const onItsOwn = { connection: 'close' };

describe('/metrics with several workers', () => {
  it('counts what every worker served, whichever worker the scrape reaches', async () => {
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(gw.url, {
        method: 'POST',
        headers: { ...onItsOwn, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Counted { network { name } }' }),
      });
      expect(res.status).toBe(200);
    }
    for (let scrape = 0; scrape < 4; scrape++) {
      const text = await (await fetch(`${gw.origin}/metrics`, { headers: onItsOwn })).text();
      expect(sample(text, 'graphql_server_requests_total', { graphql_operation_name: 'Counted', outcome: 'ok' })).toBe(REQUESTS);
      // One scrape, one series: the workers' series are merged, not listed side by side.
      expect(text.match(/^graphql_server_requests_total\{[^}]*graphql_operation_name="Counted"/gm)).toHaveLength(1);
    }
  });
});
