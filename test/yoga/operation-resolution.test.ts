/**
 * Which operation a request runs (src/yoga/use-error-codes.ts `unresolvedOperation`): generated
 * documents of zero to twelve operations, named and anonymous, against names they have and do
 * not; then every entry of the built gateway, where yoga said only "Could not determine what
 * operation to execute." (and WebSocket graphql-js's own words), and where the refusal must not
 * be kept for the document's text.
 */
import { getOperationAST, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unresolvedOperation } from '../../src/yoga/use-error-codes.js';
import { Rng } from '../fuzz/random.js';
import { ENTRIES, type EntryName } from '../helpers/entries.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

describe('unresolvedOperation', () => {
  it('refuses exactly what getOperationAST finds nothing for, naming the operations and what to send', () => {
    const rng = new Rng('operation-resolution');
    for (let i = 0; i < 500; i++) {
      const count = rng.int(0, 12);
      const kinds = ['query', 'mutation', 'subscription'] as const;
      const names = Array.from({ length: count }, (_, k) =>
        rng.chance(0.2) ? undefined : `Op${k}${rng.chance(0.1) ? 'x'.repeat(100) : ''}`,
      );
      const text = [
        ...names.map((name, k) => `${kinds[k % 3]} ${name ?? ''} { __typename }`),
        ...(rng.chance(0.3) || count === 0 ? ['fragment F on Query { __typename }'] : []),
      ].join('\n');
      const document = parse(text);
      const choices = [undefined, null, '', 'Nope', ...names.filter(Boolean)];
      const operationName = choices[rng.int(0, choices.length - 1)] as string | null | undefined;
      const refusal = unresolvedOperation(document, operationName);
      const case_ = { text, operationName };
      expect({ ...case_, refused: refusal !== undefined }).toEqual({
        ...case_,
        refused: getOperationAST(document, operationName) === null,
      });
      if (!refusal) continue;
      expect(refusal.extensions).toEqual({ code: 'OPERATION_RESOLUTION_FAILURE', http: { status: 400 } });
      if (count === 0) expect(refusal.message).toMatch(/^The document has no operation to run, only fragments/);
      else if (operationName == null)
        expect(refusal.message).toMatch(new RegExp(`^The document has ${count} operations \\(.+\\): send \`operationName\``));
      else expect(refusal.message).toMatch(/^`operationName` ".*" names no operation of the document, whose/);
      // The first ten operations are named (cut at 60 characters), anonymous ones by kind; the rest counted.
      for (const [k, name] of names.slice(0, 10).entries()) {
        expect(refusal.message).toContain(name ? `"${name.slice(0, 60)}` : `an anonymous ${kinds[k % 3]}`);
      }
      if (count > 10) expect(refusal.message).toContain(`, and ${count - 10} more`);
      expect(refusal.message.length).toBeLessThan(1_500);
    }
  });

  it('leaves a name that is not a string to yoga’s check of the parameters', () => {
    const document = parse('query A { __typename } query B { __typename }');
    for (const name of [5, {}, [], true]) expect(unresolvedOperation(document, name)).toBeUndefined();
  });
});

describe('the built gateway, on every entry', () => {
  const sandbox = useSandbox();
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess(sandbox, { FEDERATION: 'true' });
  }, 30_000);
  afterAll(() => gw?.stop());

  const two = 'query A { network { name } } query B { __typename }';
  const codeAndMessage = (body: unknown) => {
    const error = (body as { errors?: { message: string; extensions: { code: string } }[] }).errors?.[0];
    return { code: error?.extensions.code, message: error?.message };
  };

  it.each(['post', 'origin', 'get', 'ws', 'sse', 'subgraph'] as EntryName[])(
    '%s: several operations and no name, then a name none has, each said; the same text then runs with a name it has',
    async (entry) => {
      const noName = await ENTRIES[entry](gw.origin, { query: two });
      expect({ entry, ...codeAndMessage(noName.body) }).toEqual({
        entry,
        code: 'OPERATION_RESOLUTION_FAILURE',
        message: 'The document has 2 operations ("A", "B"): send `operationName` to say which to run.',
      });
      if (typeof noName.status === 'number' && entry !== 'sse') expect({ entry, status: noName.status }).toEqual({ entry, status: 400 });
      const wrong = await ENTRIES[entry](gw.origin, { query: two, operationName: 'C' });
      expect({ entry, ...codeAndMessage(wrong.body) }).toEqual({
        entry,
        code: 'OPERATION_RESOLUTION_FAILURE',
        message: '`operationName` "C" names no operation of the document, whose operations are "A", "B": send one of their names.',
      });
      // Not kept for the text: the same document with a name it has runs.
      const right = await ENTRIES[entry](gw.origin, { query: two, operationName: 'B' });
      expect({ entry, errors: (right.body as { errors?: unknown }).errors, data: (right.body as { data?: unknown }).data }).toEqual({
        entry,
        errors: undefined,
        data: { __typename: 'Query' },
      });
    },
  );
});
