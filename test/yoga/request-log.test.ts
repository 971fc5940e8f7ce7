/**
 * What the gateway writes to its log for a request: one line with the operation, its cost and
 * its errors by code, however many upstream calls failed; never a key, a token or a variable.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorld } from '../../sandbox/world/world.js';
import { serve, startHarness, type Harness } from '../helpers/harness.js';

const world = getWorld('mainnet');
const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
let raw = '';
let h: Harness;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw += String(chunk);
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  h = await startHarness(
    { UPSTREAM_RETRIES: '2', DATA_API_KEY: 'operator-secret-key', ADMIN_TOKEN: 'admin-secret-token-0123456789' },
    { logger: pino({ level: 'info' }, stream) },
  );
});
afterAll(() => h.close());

describe('the request log', () => {
  it('is one line for a fan-out over a failing upstream, with its failures by code, and one warning', async () => {
    lines.length = 0;
    h.sandbox.fail({ operation: 'getTxByHash', kind: 'status', status: 503, times: -1 });
    const aliases = world.transactions.p
      .slice(0, 30)
      .map((tx, i) => `t${i}: transaction(chain: P_CHAIN, txHash: "${tx.txHash}") { txHash }`);
    const res = await h.raw(`query Fanout { network { ${aliases.join(' ')} } }`);
    expect(res.errors).toHaveLength(30);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    const requests = lines.filter((l) => l.msg === 'graphql request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      operation: 'Fanout',
      type: 'query',
      outcome: 'partial',
      upstream: { calls: 90, retries: 60, reused: 0, refused: 0 },
      errors: { UPSTREAM_UNAVAILABLE: 30 },
      // The harness sends over a loopback socket: the log names the client by its address.
      client: '127.0.0.1',
    });
    expect(typeof requests[0]!.ms).toBe('number');
    h.sandbox.reset();
  });

  it('never holds an API key, a token or a variable value', async () => {
    raw = '';
    const address = world.addresses[0]!;
    await h.raw(
      'query Mine($a: AvalancheAddress!) { network { address(address: $a) { chains { blockchainId } } } }',
      { a: address },
      {
        'x-service-api-key': 'client-secret-key',
        authorization: 'Bearer admin-secret-token-0123456789',
      },
    );
    await h.raw('{ network { admin { loggerLevels { loggerName } } } }', undefined, { authorization: 'Bearer wrong-token-0123456789abc' });
    // The same over HTTP, on the lean path: the line names the client's address, nothing it sent.
    const { gw, url } = await serve(h);
    try {
      lines.length = 0;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-api-key': 'client-secret-key',
          authorization: 'Bearer admin-secret-token-0123456789',
        },
        body: JSON.stringify({
          query: 'query Mine($a: AvalancheAddress!) { network { address(address: $a) { chains { blockchainId } } } }',
          variables: { a: address },
        }),
      });
      expect(res.status).toBe(200);
      expect(lines.filter((l) => l.msg === 'graphql request')).toEqual([
        expect.objectContaining({ operation: 'Mine', client: '127.0.0.1' }),
      ]);
    } finally {
      await gw.drain(100);
    }
    expect(raw).toContain('"operation":"Mine"');
    for (const secret of ['client-secret-key', 'operator-secret-key', 'admin-secret-token', 'wrong-token', address])
      expect(raw).not.toContain(secret);
  });

  it('counts a document refused before it runs as a request', async () => {
    lines.length = 0;
    await h.raw('{ network { nope } }');
    expect(lines.filter((l) => l.msg === 'graphql request')).toEqual([
      expect.objectContaining({ outcome: 'refused', errors: { GRAPHQL_VALIDATION_FAILED: 1 } }),
    ]);
  });
});

describe('LOG_SAMPLE_RATE', () => {
  const capture = () => {
    const out: { msg: string; [key: string]: unknown }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) out.push(JSON.parse(line));
        done();
      },
    });
    return { out, logger: pino({ level: 'info' }, stream) };
  };

  it('at 0 logs no request that went well, and every one with errors or refused', async () => {
    const { out, logger } = capture();
    const sampled = await startHarness({ LOG_SAMPLE_RATE: '0' }, { sandbox: h.sandbox, logger });
    try {
      for (let i = 0; i < 5; i++) await sampled.raw('query Fine { network { name } }');
      h.sandbox.fail({ operation: 'listSubnets', kind: 'status', status: 503, times: -1 });
      await sampled.raw('query Failing { network { subnets(first: 1) { nodes { subnetId } } } }');
      await sampled.raw('{ network { nope } }');
      h.sandbox.reset();
      const requests = out.filter((l) => l.msg === 'graphql request');
      expect(requests.map((l) => l.operation ?? l.outcome)).toEqual(['Failing', 'refused']);
      expect(requests[0]).toMatchObject({ errors: { UPSTREAM_UNAVAILABLE: 1 } });
    } finally {
      await sampled.close();
    }
  });

  it('at 0.5 logs about half of them', async () => {
    const { out, logger } = capture();
    const sampled = await startHarness({ LOG_SAMPLE_RATE: '0.5' }, { sandbox: h.sandbox, logger });
    try {
      for (let i = 0; i < 200; i++) await sampled.raw('query Fine { network { name } }');
      const logged = out.filter((l) => l.msg === 'graphql request').length;
      // Binomial(200, 0.5): outside 60..140 with a probability below 1e-8.
      expect(logged).toBeGreaterThan(60);
      expect(logged).toBeLessThan(140);
    } finally {
      await sampled.close();
    }
  });
});
