/**
 * Safe defaults for deployments: an instance that is deployed (NODE_ENV=production, or REDIS_URL
 * or TRUSTED_DOCUMENTS set) never serves the built-in sandbox's made-up data in place of an
 * upstream it cannot reach; it says so, and is not ready. On a laptop (none of those), `SANDBOX=auto`
 * still serves the sandbox offline. This machine has no network, as an offline laptop or a
 * cluster whose egress broke.
 */
import { describe, expect, it } from 'vitest';
import { startGatewayProcess } from '../helpers/gateway-process.js';

describe('SANDBOX=auto with the public upstreams unreachable', () => {
  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['REDIS_URL set', { REDIS_URL: 'redis://127.0.0.1:9' }],
    ['TRUSTED_DOCUMENTS set', { TRUSTED_DOCUMENTS: 'allow' }],
  ])('in a deployment (%s): serves no made-up data, says why, and is not ready', async (_name, env) => {
    const gw = await startGatewayProcess(undefined, { ...env, READY_TIMEOUT_MS: '500' });
    try {
      const ready = await fetch(`${gw.origin}/ready`);
      expect(ready.status).toBe(503);
      const res = await gw.query('{ network { subnets(first: 1) { nodes { subnetId } } } }');
      expect(res.body.data?.network?.subnets ?? null).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.code).toMatch(/^UPSTREAM_/);
      for (let i = 0; i < 100 && !gw.logs.some((l) => /is not served in its place/.test(String(l.msg))); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(gw.logs.find((l) => /is not served in its place/.test(String(l.msg)))?.msg).toMatch(
        /unreachable, and this is a deployment \(.+\): the built-in sandbox is not served in its place\. \/ready answers 503/,
      );
    } finally {
      await gw.stop();
    }
  });

  it('on a laptop (none of those set): serves the built-in sandbox, never as the network: each answer says so, and it is not ready', async () => {
    const gw = await startGatewayProcess(undefined, {});
    try {
      const res = await gw.query('{ network { subnets(first: 1) { nodes { subnetId } } } }');
      expect(res.body.data.network.subnets.nodes).toHaveLength(1);
      expect(gw.logs.some((l) => /serving the built-in sandbox world instead/.test(String(l.msg)))).toBe(true);
      const answer = await fetch(gw.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(answer.headers.get('x-avalanche-sandbox')).toMatch(/^offline; serving the built-in sandbox \(made-up data\)/);
      const ready = await fetch(`${gw.origin}/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { reason: string }).reason).toMatch(/made-up data.*SANDBOX=on/);
    } finally {
      await gw.stop();
    }
  }, 60_000);

  it('asked for by name (SANDBOX=on): serves the sandbox, says so on each answer, and is ready', async () => {
    const gw = await startGatewayProcess(undefined, { SANDBOX: 'on' });
    try {
      const res = await gw.query('{ network { subnets(first: 1) { nodes { subnetId } } } }');
      expect(res.body.data.network.subnets.nodes).toHaveLength(1);
      const ready = await fetch(`${gw.origin}/ready`);
      expect(ready.headers.get('x-avalanche-sandbox')).toBe('on (SANDBOX=on)');
      expect(ready.status).toBe(200);
    } finally {
      await gw.stop();
    }
  }, 60_000);
});
