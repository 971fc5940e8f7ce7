/**
 * The node's answers are checked against the shapes the API files declare before anything reads
 * or keeps them. Here, without a gateway, the shapes themselves: every answer recorded from the
 * node's docs (test/contract/examples/node.*.json) passes the check of its method, and the check
 * of the largest answer the gateway takes (a validator set of mainnet's size) stays cheap. What a
 * wrong answer does to a request, on the built gateway, is test/upstreams/node-answers-gateway.test.ts.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NODE_METHODS } from '../../src/upstreams/operations.js';
import { checkAnswer, parseNodeJson, type NodeMethod } from '../../src/upstreams/node/client.js';
import { InvalidResponseError } from '../../src/upstreams/errors.js';

const EXAMPLES = new URL('../contract/examples/', import.meta.url);

interface Recorded {
  file: string;
  method: string;
  result: unknown;
}

type Json = Record<string, any>;

/** Every answer a file records, with the method its request called: the files come in four layouts. */
function recordedAnswers(): Recorded[] {
  const out: Recorded[] = [];
  for (const file of readdirSync(EXAMPLES).filter((f) => f.startsWith('node.') && f.endsWith('.json'))) {
    // Parsed as the gateway parses the node's answers: wide integers keep their digits.
    const doc = parseNodeJson(readFileSync(new URL(file, EXAMPLES), 'utf8')) as Json;
    const methodOf = (request: Json | undefined) => request?.body?.method as string | undefined;
    const push = (method: string | undefined, response: Json | undefined) => {
      const body = response?.bodyRepaired ?? response;
      if (method && body && 'result' in body) out.push({ file, method, result: body.result });
    };
    push(methodOf(doc.request), doc.response);
    for (const r of doc.responses ?? []) push(methodOf(doc.request), r.body);
    for (const e of doc.examples ?? []) push(methodOf(e.request), e.response);
  }
  // The GET routes answer the report health.health's result holds (node.health.GET.json says so).
  const health = out.find((r) => r.method === 'health.health')!;
  for (const route of ['GET /ext/health', 'GET /ext/health/readiness', 'GET /ext/health/liveness'])
    out.push({ file: 'node.health.GET.json', method: route, result: health.result });
  return out;
}

const recorded = recordedAnswers();
const declared = Object.keys(NODE_METHODS) as NodeMethod[];

describe('every recorded answer of a declared method passes its check', () => {
  const ofDeclared = recorded.filter((r) => (declared as string[]).includes(r.method));
  it.each(ofDeclared.map((r) => [r.method, r.file, r] as const))('%s (%s)', (_method, _file, r) => {
    expect(() => checkAnswer(r.method, r.result)).not.toThrow();
  });

  it('the examples cover the methods they record, and name only real methods', () => {
    // Recorded methods the gateway does not call yet (platform.getTx, getUTXOs, getSubnet, getL1Validator) are issue 31's.
    expect(ofDeclared.length).toBeGreaterThanOrEqual(30);
    for (const r of recorded) expect(r.method).toMatch(/^(GET \/ext\/health|[a-z]+\.[a-zA-Z]+|eth_\w+)/);
  });
});

describe('a wrong shape names the method, where, and what belongs there', () => {
  it.each([
    ['avm.getHeight', { height: { $ne: 1 } }, 'height', 'a uint64 (decimal digits, or a whole number)', 'an object'],
    ['platform.getCurrentSupply', [{ supply: '1' }], 'result', 'an object', 'a list'],
    ['platform.getBlockByHeight', '0x00', 'result', 'an object', 'a string'],
    [
      'platform.getCurrentValidators',
      { validators: [{ nodeID: 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD', weight: null }] },
      'validators[0].weight',
      'a uint64',
      'null',
    ],
    ['platform.getBlock', { block: 'x', encoding: 'json' }, 'block', 'an object', 'a string'],
    ['index.getContainerRange', { containers: [{ id: 5 }] }, 'containers[0].id', 'a string', 'a number'],
    ['avm.getTxFee', { createAssetTxFee: '1' }, 'txFee', 'a uint64', 'missing'],
  ] as const)('%s answering %j', (method, answer, at, expected, got) => {
    let error: unknown;
    try {
      checkAnswer(method, answer);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidResponseError);
    const invalid = error as InvalidResponseError;
    expect(invalid).toMatchObject({ service: 'node', operation: method, at });
    expect(invalid.expected).toContain(expected);
    expect(invalid.message).toContain(`node ${method} sent an invalid response`);
    expect(invalid.message).toContain(`is ${got} where`);
    expect(invalid.cause).toBeDefined();
  });

  it('extra fields are let through: the node adds fields between versions', () => {
    expect(() => checkAnswer('avm.getHeight', { height: '5', newField: { any: ['thing'] } })).not.toThrow();
    expect(() =>
      checkAnswer('platform.getCurrentValidators', {
        validators: [{ nodeID: 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD', weight: '1', l2Stuff: 1 }],
      }),
    ).not.toThrow();
  });
});

it('checking a mainnet-sized validator set costs little beside reading it', async () => {
  // In a process of its own (the script says why): the suite's workers share modules across files.
  const script = new URL('../helpers/validator-set-timing.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: new URL('../../', import.meta.url).pathname,
  });
  const { bytes, parse, check } = JSON.parse(stdout.trim().split('\n').pop()!) as { bytes: number; parse: number; check: number };
  console.log(`getCurrentValidators, 1,500 validators, ${bytes} bytes: parse ${parse.toFixed(2)} ms, check ${check.toFixed(2)} ms`);
  // The check is a fraction of the parse it follows (lossless parsing is the cost of that answer).
  expect(check).toBeLessThan(Math.max(parse, 5));
});
