/**
 * README's configuration table is what src/config/settings.ts declares: each setting in one row,
 * the reloadable ones named in the "Reloads" table, and nothing written there by hand that the
 * declarations do not say.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELOADABLE, ROWS, SETTING_NAMES } from '../../src/config/settings.js';
import { README, withSettingsTable } from '../helpers/settings-table.js';

const readme = readFileSync(README, 'utf8');

describe('the declared settings and the README', () => {
  it('give the same configuration table: `npm run codegen:settings` writes it', () => {
    // On failure: run `npm run codegen:settings` and commit README.md.
    expect(readme).toBe(withSettingsTable(readme));
  });

  it('declare each setting in one row only', () => {
    const declared = ROWS.flatMap((row) => Object.keys(row.settings));
    expect(declared).toHaveLength(new Set(declared).size);
    expect(declared).toEqual(SETTING_NAMES);
  });

  it('name every reloadable setting where the README says what a reload applies', () => {
    const header = readme.indexOf('| Reloads | Needs a restart |');
    const reloads = readme.slice(header).split('\n')[2]!.split(' | ')[0]!;
    for (const name of RELOADABLE) expect(reloads).toContain(`\`${name}\``);
  });
});
