/**
 * Which accept headers get a GraphQL answer (src/http/answer-types.ts `answerable`): generated
 * headers through a bare yoga, which must answer 406 exactly where `answerable` says no, since
 * the server refuses those before anything runs and must refuse nothing yoga would answer. The
 * built gateway's 406: test/http/entries.test.ts.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { answerable } from '../../src/http/answer-types.js';
import { Rng } from '../fuzz/random.js';

// GraphiQL off: the server serves GraphiQL's page itself, before this check (a GET that accepts text/html).
const yoga = createYoga({ schema: createSchema({ typeDefs: 'type Query { a: Int }' }), logging: false, graphiql: false });

const TYPES = [
  'application/json',
  'application/graphql-response+json',
  'multipart/mixed',
  'text/event-stream',
  '*/*',
  'application/*',
  'text/*',
  'multipart/*',
  '*/json',
  'application/xml',
  'text/html',
  'image/png',
  'json',
  '',
  'Application/JSON',
];
const PARAMS = [
  '',
  ';charset=utf-8',
  '; charset=UTF-8',
  ';charset=latin1',
  ';q=0',
  ';q=0.5',
  ';deferSpec=20220824',
  '; charset=utf-8; q=0.1',
];

describe('answerable', () => {
  it('refuses exactly the generated accept headers a bare yoga answers 406, by GET and POST', async () => {
    const rng = new Rng('answer-types');
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const accept = Array.from(
        { length: rng.int(1, 3) },
        () => `${TYPES[rng.int(0, TYPES.length - 1)]}${PARAMS[rng.int(0, PARAMS.length - 1)]}`,
      ).join(rng.chance(0.5) ? ', ' : ',');
      const method = rng.chance(0.5) ? 'GET' : 'POST';
      const res = await (method === 'GET'
        ? yoga.fetch('http://localhost/graphql?query=%7Ba%7D', { headers: { accept } })
        : yoga.fetch('http://localhost/graphql', {
            method,
            headers: { accept, 'content-type': 'application/json' },
            body: '{"query":"{a}"}',
          }));
      await res.text();
      const ours = answerable(method, accept);
      if (!ours) refused++;
      expect({ method, accept, refused: !ours }).toEqual({ method, accept, refused: res.status === 406 });
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('lets a request with no accept header, an empty one, or another method through', () => {
    expect(answerable('POST', undefined)).toBe(true);
    expect(answerable('POST', '')).toBe(true);
    expect(answerable('OPTIONS', 'text/html')).toBe(true);
    expect(answerable('HEAD', 'text/html')).toBe(true);
  });
});
