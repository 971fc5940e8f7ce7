/**
 * The README's configuration table, written from the declarations of src/config/settings.ts so
 * that the words a reader finds there are the ones the code carries, and no setting goes
 * undocumented. `npm run codegen:settings` runs this file to rewrite the table in README.md
 * (between its markers); test/config/settings-table.test.ts fails when the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ROWS, type Row } from '../../src/config/settings.js';

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));
export const START = '<!-- settings:start: written by `npm run codegen:settings` from src/config/settings.ts -->';
export const END = '<!-- settings:end -->';

/** A schema's default as the README shows it, or undefined when it has none. */
function defaultOf(schema: z.ZodType): string | undefined {
  if (!(schema instanceof z.ZodDefault)) return undefined;
  const value: unknown = schema.def.defaultValue;
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}

/** The Default column: the row's own words, else the schemas' defaults in the row's order, else none. */
export function shownDefault(row: Row): string {
  if (row.shown !== undefined) return row.shown;
  const defaults = Object.values(row.settings).map((schema) => defaultOf(schema as z.ZodType));
  return defaults.every((d) => d === undefined) ? '—' : defaults.map((d) => d ?? '—').join(', ');
}

/** The table, header and rows, as markdown. */
export function settingsTable(): string {
  const lines = ['| Variable | Default | |', '|---|---|---|'];
  for (const row of ROWS as readonly Row[]) {
    const title =
      row.title ??
      Object.keys(row.settings)
        .map((name) => `\`${name}\``)
        .join(', ');
    lines.push(`| ${title} | ${shownDefault(row)} | ${row.about} |`);
  }
  return lines.join('\n');
}

/** `readme` with the table between its markers replaced by `table`. */
export function withSettingsTable(readme: string, table = settingsTable()): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md: the settings table must sit between ${START} and ${END}`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withSettingsTable(readFileSync(README, 'utf8')));
}
