/**
 * The layout rules of docs/ARCHITECTURE.md that the import rules (.dependency-cruiser.cjs, run by
 * `npm run lint`) cannot see: where each field of the schema is written, and how long a function
 * of src/ may be.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { longFunctions, MAX_FUNCTION_LINES } from './helpers/long-functions.js';

describe('the schema files', () => {
  it('write each field where it lives: with the type it looks up, else with the type it is on', async () => {
    const script = new URL('helpers/field-placement.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: new URL('../', import.meta.url).pathname,
    });
    const misplaced = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { field: string });
    expect(misplaced).toEqual([]);
  });
});

describe('the functions of src/', () => {
  it(`are at most ${MAX_FUNCTION_LINES} lines long, declarative Pothos field blocks aside (test/helpers/long-functions.ts says which)`, () => {
    expect(longFunctions(new URL('../', import.meta.url).pathname)).toEqual([]);
  });
});
