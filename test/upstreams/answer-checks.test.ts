/**
 * The generated answer checks (test/generate/answer-checks.ts) leave out where a misfit is while
 * they check, and say it only when `locate` runs them again: what they answer, and the errors
 * `locate` gives, must be Ajv's own. Compared here with Ajv's code as it was generated, on real
 * answers of the sandbox's world with one member changed at a time, at random.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shipped from '../../src/upstreams/answer-checks.generated.js';
import { checkedAnswer, withAnswerChecks } from '../../src/upstreams/transport.js';
import { InvalidResponseError } from '../../src/upstreams/errors.js';
import type { HttpRequest } from '../../src/upstreams/http.js';
import { getWorld } from '../../sandbox/world/world.js';
import { Rng } from '../fuzz/random.js';
import { answerChecks } from '../generate/answer-checks.js';

type Check = ((data: unknown) => boolean) & { errors?: { instancePath: string }[] | null };
type Checks = Record<string, Record<string, Check>>;

const world = getWorld('mainnet');
const dir = mkdtempSync(join(tmpdir(), 'answer-checks-'));
let ajv: { ANSWER_CHECKS: Checks };

beforeAll(async () => {
  const file = join(dir, 'ajv.mjs');
  writeFileSync(file, answerChecks({ pathsOnDemand: false }).replace('// @ts-nocheck', ''));
  ajv = await import(pathToFileURL(file).href);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every place in `value` that holds a string, a number or a boolean, as a path of keys. */
function leaves(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...at, Array.isArray(value) ? Number(key) : key], out);
  } else if (value !== null) out.push(at);
  return out;
}

/** `value` with the leaf at `path` replaced by one of another type. */
function changed(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let holder = copy;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  holder[last] = typeof holder[last] === 'string' ? 7 : 'seven';
  return copy;
}

const answers: { service: string; operation: string; body: unknown }[] = [
  { service: 'data-api', operation: 'listSubnets', body: { subnets: world.subnets.slice(0, 40) } },
  {
    service: 'data-api',
    operation: 'listL1Validators',
    body: { validators: world.l1Validators.slice(0, 20).map(({ active: _active, ...wire }) => wire), blockHeight: '12' },
  },
  { service: 'data-api', operation: 'listBlockchains', body: { blockchains: world.subnets.flatMap((s) => s.blockchains).slice(0, 40) } },
];

describe('the answer checks, paths left out until asked for', () => {
  it.each(answers)('answer and locate misfits as Ajv does: $operation, 150 random misfits', ({ service, operation, body }) => {
    const check = shipped.ANSWER_CHECKS[service as 'data-api'][operation as 'listSubnets'] as Check;
    const original = ajv.ANSWER_CHECKS[service]![operation]!;
    expect(check(body)).toBe(true);
    expect(original(body)).toBe(true);
    const rng = new Rng(`answer-checks ${operation}`);
    const places = leaves(body);
    let refused = 0;
    for (let i = 0; i < 150; i++) {
      const path = places[rng.int(0, places.length - 1)]!;
      const misfit = changed(body, path);
      const fits = check(misfit);
      expect(fits, path.join('/')).toBe(original(misfit));
      if (fits) continue;
      refused++;
      // The check alone says what, not where; `locate` says both, as Ajv does.
      expect(shipped.locate(check, misfit)).toEqual(original.errors);
      expect(original.errors![0]!.instancePath).not.toBe('');
      // and leaves the next run without paths again: a misfit below the answer's top level is told by its last step alone.
      const depth = original.errors![0]!.instancePath.split('/').length;
      check(misfit);
      if (depth > 2) expect(check.errors![0]!.instancePath.split('/').length).toBeLessThan(depth);
    }
    expect(refused).toBeGreaterThan(30);
  });

  it('an answer that does not fit names where, deep in its lists', async () => {
    const req = {
      service: 'data-api',
      operation: 'listSubnets',
      method: 'GET',
      baseUrl: 'http://x',
      path: '/v1/networks/mainnet/subnets',
    } as HttpRequest;
    const body = changed({ subnets: world.subnets.slice(0, 40) }, ['subnets', 31, 'blockchains', 0, 'blockchainId']);
    const map = await withAnswerChecks(async () => checkedAnswer(req, 'subnets'));
    expect(() => map({ status: 200, body, bytes: 0 })).toThrow(InvalidResponseError);
    expect(() => map({ status: 200, body, bytes: 0 })).toThrow(/\/subnets\/31\/blockchains\/0\/blockchainId must be string/);
    expect(map({ status: 200, body: { subnets: world.subnets.slice(0, 40) }, bytes: 0 })).toEqual({ subnets: world.subnets.slice(0, 40) });
  });
});
