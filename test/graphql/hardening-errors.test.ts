/**
 * What reaches a client when something fails: never a stack trace or a file path (whatever
 * NODE_ENV says), never an upstream's raw body, and an upstream's own words only where they
 * explain something, bounded in length.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeUpstreamError } from '../../src/graphql/errors.js';
import { HttpError, InvalidResponseError, NodeApiUnavailableError, RpcError } from '../../src/upstreams/errors.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const Q = '{ network { subnets(first: 2) { nodes { subnetId } } } }';

describe('masking does not depend on NODE_ENV', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  });

  it('a node answer of the wrong shape is refused with no stack, original error (its zod report) or file path', async () => {
    // This answer used to fail inside the gateway (masked as "Unexpected error."); it is checked now.
    h.sandbox.fail({
      operation: 'platform.getCurrentValidators',
      kind: 'body',
      body: { jsonrpc: '2.0', id: 1, result: { validators: 7 } },
    });
    const res = await h.raw('{ network { subnet(subnetId: "11111111111111111111111111111111LpoYY") { currentValidators { nodeId } } } }');
    expect(codes(res)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
    expect(res.errors![0]!.extensions).toEqual({
      code: 'UPSTREAM_INVALID_RESPONSE',
      upstream: { service: 'node', operation: 'platform.getCurrentValidators', status: 200, at: 'validators', expected: 'a list' },
    });
    const text = JSON.stringify(res);
    expect(text).not.toMatch(/issues|invalid_type|ZodError/);
    expect(text).not.toMatch(/stack|originalError|\.ts:\d|\.js:\d|node_modules|\/work\//);
  });

  it('an answer that is not JSON is an invalid response, without any of its body', async () => {
    h.sandbox.fail({ operation: 'listSubnets', kind: 'malformed' });
    const res = await h.raw(Q);
    expect(codes(res)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
    expect(res.errors![0]!.message).toBe('The Data API sent an answer to listSubnets that its API does not allow; try again later.');
    expect(res.errors![0]!.extensions).toEqual({
      code: 'UPSTREAM_INVALID_RESPONSE',
      upstream: { service: 'data-api', operation: 'listSubnets', status: 200 },
    });
    expect(JSON.stringify(res)).not.toContain('subnetId\\":');
  });
});

describe("an upstream's words: only where they explain, bounded", () => {
  const meta = { service: 'data-api' as const, operation: 'listSubnets' };
  const huge = `Invalid address format; ${'x'.repeat(1024 * 1024)}`;

  it.each([
    [400, /^The Data API rejected listSubnets: Invalid address format; x+… \(cut at 300 characters\)\.$/],
    [401, /^The Data API refused the request's credentials \(401\): Invalid address format; x+… \(cut at 300 characters\)\.$/],
    [404, /^The Data API found nothing at listSubnets: Invalid address format; x+…/],
  ])('a %i message of 1 MB is cut to 300 characters, in the message and in extensions', (status, message) => {
    const described = describeUpstreamError(new HttpError({ ...meta, status, upstreamMessage: huge }));
    expect(described.message).toMatch(message);
    expect(described.message.length).toBeLessThan(400);
    expect((described.extensions.upstream as { message: string }).message).toHaveLength(300 + '… (cut at 300 characters)'.length);
  });

  it('a 5xx names the status, not the body; its text in extensions is bounded', () => {
    const described = describeUpstreamError(new HttpError({ ...meta, status: 502, upstreamMessage: `<html>${'x'.repeat(10_000)}` }));
    expect(described.message).toBe('The Data API is unavailable (listSubnets answered 502); try again later.');
    expect(JSON.stringify(described).length).toBeLessThan(600);
  });

  it('an invalid response never shows its reason, which may quote the body', () => {
    const described = describeUpstreamError(new InvalidResponseError(200, 'not JSON: "<html><body>secret internal page"', meta));
    expect(JSON.stringify(described)).not.toContain('secret');
  });

  it("the node's -32000 words are passed on bounded; a crash's are not passed on at all", () => {
    const node = { service: 'node' as const, operation: 'platform.getTx' };
    const service = describeUpstreamError(new RpcError(-32000, `couldn't get tx: ${'y'.repeat(100_000)}`, null, node));
    expect(service.message).toMatch(/^The node answered platform\.getTx with an error: couldn't get tx: y+… \(cut at 300 characters\)\.$/);
    const crash = describeUpstreamError(
      new RpcError(-32603, 'panic: goroutine 1 [running]: /src/vms/platformvm/service.go:120', null, node),
    );
    expect(JSON.stringify(crash)).not.toMatch(/panic|goroutine|service\.go/);
  });

  it('a gorilla "can\'t find method" behind NODE_API_UNAVAILABLE is bounded too', () => {
    const node = { service: 'node' as const, operation: 'platform.getHeight' };
    const cause = new RpcError(-32000, `rpc: can't find method "${'z'.repeat(10_000)}"`, null, node);
    const described = describeUpstreamError(new NodeApiUnavailableError('mainnet', 'P-Chain', 'an older avalanchego', { ...node, cause }));
    expect(JSON.stringify(described).length).toBeLessThan(800);
  });
});
