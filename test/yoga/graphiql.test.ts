/**
 * GraphiQL opens with the examples: one tab for the tour query, then one per examples/*.graphql
 * with its sample variables, and renders only on request (src/yoga/graphiql.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, exampleTabs, type Tab } from '../../src/yoga/graphiql.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();
const dir = new URL('../../examples/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.graphql'))
  .sort();

/** The options the page hands GraphiQL: the JSON after the root element in its last script. */
function pageOptions(html: string): { defaultTabs: Tab[]; query: string; title: string } {
  const call = "renderYogaGraphiQL(\n          window.document.querySelector('#root'),";
  const start = html.lastIndexOf(call);
  expect(start).toBeGreaterThan(0);
  const rest = html.slice(start + call.length);
  return JSON.parse(rest.slice(0, rest.indexOf(',\n        );')));
}

describe('the GraphiQL page', () => {
  it('opens with the tour, then every example of examples/ as a tab, with sample variables where they are needed', async () => {
    const res = await h.gateway.yoga.fetch('http://gateway.test/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const options = pageOptions(await res.text());
    expect(options.title).toBe('Avalanche GraphQL gateway');
    expect(options.query).toBe(DEFAULT_QUERY);
    expect(options.defaultTabs[0]).toEqual({ query: DEFAULT_QUERY });
    expect(options.defaultTabs.slice(1).map((t) => t.query)).toEqual(files.map((f) => readFileSync(new URL(f, dir), 'utf8')));
    for (const [i, file] of files.entries()) {
      const tab = options.defaultTabs[i + 1]!;
      const declares = /query \w+\(\$/.test(tab.query);
      // Exactly the examples that declare variables come with them, and those parse as JSON.
      expect(tab.variables !== undefined, file).toBe(declares);
      if (tab.variables)
        expect(JSON.parse(tab.variables), file).toEqual(
          JSON.parse(readFileSync(new URL(file.replace('.graphql', '.variables.json'), dir), 'utf8')),
        );
    }
  });
});

describe('exampleTabs', () => {
  it('reads a folder of operations and sidecars, in name order', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'graphiql-tabs-'));
    writeFileSync(join(folder, 'b.graphql'), 'query B($n: Int!) { network { name } }\n');
    writeFileSync(join(folder, 'b.variables.json'), '{"n":1}');
    writeFileSync(join(folder, 'a.graphql'), '{ network { name } }\n');
    writeFileSync(join(folder, 'notes.md'), 'not an operation');
    expect(await exampleTabs(pathToFileURL(`${folder}/`))).toEqual([
      { query: DEFAULT_QUERY },
      { query: '{ network { name } }\n' },
      { query: 'query B($n: Int!) { network { name } }\n', variables: '{\n  "n": 1\n}' },
    ]);
  });

  it('leaves the tour alone when there is no examples folder (a trimmed deployment)', async () => {
    expect(await exampleTabs(pathToFileURL(join(tmpdir(), 'no-such-folder-graphiql/')))).toEqual([{ query: DEFAULT_QUERY }]);
  });
});
