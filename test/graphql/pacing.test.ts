/**
 * One request completing a large answer shares the event loop (src/graphql/pacing.ts): the answer is the
 * same, completed over several turns, with others' work in between.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../src/graphql/pacing.js';
import { startHarness } from '../helpers/harness.js';

const FIELDS = 'subnetId isL1 blockchains { blockchainId blockchainName evmChainId vmId }';
/** Thirty aliased pages of a hundred subnets with their chains, from one cached page: 1.4 MB of answer. */
const COSTLY = `{ network { ${Array.from({ length: 30 }, (_, i) => `s${i}: subnets(first: 100) { nodes { ${FIELDS} } }`).join(' ')} } }`;

/** The answer to COSTLY, and how many turns of the event loop ran while it was completed (the page is cached). */
async function turnsWhileCompleting(env: Record<string, string>) {
  const h = await startHarness(env);
  try {
    await h.raw('{ network { subnets(first: 100) { nodes { subnetId } } } }');
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    // In process: over a socket, the client in this process would read and unzip 1.4 MB in chunks,
    // turns counted along with the completion this measures; the server's answer is compared below.
    const answer = await h.inProcess(COSTLY);
    running = false;
    const calls = { ...h.sandbox.counts };
    return { answer, turns, calls, served: await h.raw(COSTLY) };
  } finally {
    await h.close();
  }
}

describe('a request completing a large answer', () => {
  it('lets the event loop turn while it completes, and answers the same as in one pass', async () => {
    // The query is priced past MAX_RESULT_NODES (10,000) by default, and refused: allowed here,
    // as an operator may, to see how it is completed.
    const paced = await turnsWhileCompleting({ MAX_RESULT_NODES: '100000' });
    const whole = await turnsWhileCompleting({ MAX_RESULT_NODES: '100000', PACE_ITEMS_PER_TURN: '0' });
    expect(paced.answer.errors).toBeUndefined();
    expect(paced.answer.data).toEqual(whole.answer.data);
    expect(paced.served.data).toEqual(paced.answer.data);
    expect(paced.calls).toEqual({ listSubnets: 2 });
    // About 9,000 list items at 500 a turn: the loop turns some eighteen times more than for the
    // request's own steps (parsing the body, yoga's pipeline), which is all it turns in one pass.
    expect(paced.turns - whole.turns).toBeGreaterThanOrEqual(12);
  });
});

describe('a pacer', () => {
  const isPaused = (value: unknown) => value instanceof Promise;

  it('counts the items of one turn: lists arriving a turn apart never wait, however many', async () => {
    const pacer = new Pacer(10);
    for (let i = 0; i < 50; i++) {
      expect(isPaused(pacer.pass([i], 4)), `list ${i}`).toBe(false);
      await nextTurn();
    }
  });

  it('hands back the lists past its items in one turn at the next, in order, and counts that turn afresh', async () => {
    const pacer = new Pacer(10);
    const passed: string[] = [];
    const lists = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => pacer.pass(name, 4));
    // 4 + 4 fit the turn; the third list spends it, and it and every list after wait.
    expect(lists.map(isPaused)).toEqual([false, false, true, true, true, true, true]);
    await Promise.all(lists.map((list) => Promise.resolve(list).then((name) => passed.push(name))));
    expect(passed).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    // c and d were passed in the next turn, where e spent it again: e, f and g came a turn later.
    await nextTurn();
    await nextTurn();
    expect(isPaused(pacer.pass('h', 4))).toBe(false);
  });
});
