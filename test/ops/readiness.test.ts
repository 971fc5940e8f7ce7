/**
 * /ready: 200 while the configured upstreams answer and the gateway is not draining; 503 with
 * which upstream and why otherwise. Probes are kept READY_CACHE_MS, so orchestrators asking
 * often do not multiply upstream calls, and drain flips readiness before the last request ends.
 */
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadinessReport } from '../../src/ops/readiness.js';
import type { GatewayServer } from '../../src/http/server.js';
import { OpenApiContract } from '../helpers/openapi.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const running: { h: Harness; gw: GatewayServer }[] = [];
afterEach(async () => {
  await Promise.all(
    running.splice(0).map(async ({ h, gw }) => {
      await gw.drain(100);
      await h.close();
    }),
  );
});

async function served(env: Record<string, string>) {
  const h = await startHarness(env, { sandbox });
  const { gw, origin, port } = await serve(h);
  running.push({ h, gw });
  const ready = async () => {
    const res = await fetch(`${origin}/ready`);
    return { status: res.status, body: (await res.json()) as ReadinessReport };
  };
  return { h, gw, port, ready };
}

describe('/ready', () => {
  it('answers 200 when every configured upstream answers its probe', async () => {
    const { ready } = await served({ READY_CACHE_MS: '0' });
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.ready).toBe(true);
    expect(Object.keys(body.upstreams).sort()).toEqual(['data-api', 'metrics-api', 'node-fuji', 'node-mainnet']);
    expect(Object.values(body.upstreams).every((u) => u.ok)).toBe(true);
    expect(sandbox.counts).toEqual({ 'data-health-check': 1, 'metrics-health-check': 1, 'platform.getHeight': 2 });
  });

  it('answers 503 naming the upstream that fails and why, and 200 again once it is back', async () => {
    const { ready } = await served({ READY_CACHE_MS: '0' });
    sandbox.fail({ operation: 'data-health-check', kind: 'status', status: 503, times: -1 });
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body.ready).toBe(false);
    expect(down.body.reason).toMatch(/^data-api does not answer: .*503/);
    expect(down.body.upstreams['data-api']).toMatchObject({ ok: false, reason: expect.stringMatching(/503/) });
    expect(down.body.upstreams['node-mainnet']).toMatchObject({ ok: true });
    // A probe is not retried: one call per probe.
    expect(sandbox.count('data-health-check')).toBe(1);
    sandbox.reset();
    expect((await ready()).status).toBe(200);
  });

  it('counts an upstream that does not answer within READY_TIMEOUT_MS as down', async () => {
    const { ready } = await served({
      READY_CACHE_MS: '0',
      READY_TIMEOUT_MS: '300',
      READY_UPSTREAMS: 'node-mainnet',
      UPSTREAM_TIMEOUT_MS: '1000',
    });
    sandbox.fail({ operation: 'platform.getHeight', kind: 'hang', times: -1 });
    const started = performance.now();
    const { status, body } = await ready();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(status).toBe(503);
    expect(body.reason).toBe('node-mainnet does not answer: no answer within 300 ms');
  });

  it('probes each upstream once per READY_CACHE_MS however often it is asked', async () => {
    const { ready } = await served({ READY_CACHE_MS: '60000' });
    const answers = await Promise.all([ready(), ready(), ready()]);
    answers.push(await ready());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(sandbox.count('data-health-check')).toBe(1);
    expect(sandbox.count('platform.getHeight')).toBe(2);
  });

  it('probes nothing with READY_UPSTREAMS=none', async () => {
    const { ready } = await served({ READY_UPSTREAMS: 'none' });
    expect(await ready()).toEqual({ status: 200, body: { ready: true, upstreams: {} } });
    expect(sandbox.total).toBe(0);
  });

  it('says draining, with 503, as soon as shutdown starts, while the request in flight is still answered', async () => {
    const { gw, port } = await served({ READY_UPSTREAMS: 'none' });
    sandbox.knobs.latencyMs = 500;
    const inflight = fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' }),
    });
    // A probe whose request is half sent: its connection is busy, so drain does not close it.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /ready HTTP/1.1\r\nhost: x\r\n');
    await sleep(100);
    const drained = gw.drain(5_000);
    const answer = new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (chunk) => {
        got += String(chunk);
        if (got.includes('}')) resolve(got);
      });
    });
    socket.write('\r\n');
    const text = await answer;
    socket.destroy();
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(JSON.parse(text.slice(text.indexOf('{')))).toEqual({ ready: false, reason: 'draining: the gateway is shutting down' });
    expect((await inflight).status).toBe(200);
    await drained;
    sandbox.knobs.latencyMs = 0;
  });
});

describe("the sandbox's health checks", () => {
  it('answer as the specs define (HealthCheckResultDto), at the paths the probes ask', async () => {
    for (const [spec, name, url] of [
      ['data-api.glacier.openapi.json', 'glacier', `${sandbox.dataApiUrl}/v1/health-check`],
      ['metrics-api.popsicle.openapi.json', 'popsicle', `${sandbox.metricsApiUrl}/v2/health-check`],
    ] as const) {
      const contract = new OpenApiContract(new URL(`../contract/${spec}`, import.meta.url), name);
      const path = new URL(url).pathname.replace(/^\/(data|metrics)/, '');
      const match = contract.match('GET', path)!;
      expect(match).toBeDefined();
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const schema = contract.responseSchema(match, 200)!;
      expect(contract.validate(schema, await res.json())).toEqual([]);
      // The schema is the real one: a status it does not list is refused.
      expect(contract.validate(schema, { status: 'up' })).not.toEqual([]);
    }
  });
});
