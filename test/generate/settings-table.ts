/**
 * The README's configuration table, written from the declarations of src/config/settings.ts so
 * that the words a reader finds there are the ones the code carries, and no setting goes
 * undocumented. `npm run codegen:settings` runs this file to rewrite the table in README.md
 * (between its markers); test/config/settings-table.test.ts fails when the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { ROWS, type Row } from '../../src/config/settings.js';

export const README = fileURLToPath(new URL('../../docs/configuration.md', import.meta.url));
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

export const SETTINGS_SCHEMA_FILE = fileURLToPath(new URL('../../schema/settings.schema.json', import.meta.url));

/**
 * A setting's JSON Schema as a file may give it: the environment's string (the schema's input), or
 * the value YAML reads where the kind says one (src/config/kinds.ts `asYamlReadsIt`).
 */
function fileForm(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      const { yamlValue, default: fallback, ...text } = jsonSchema as Record<string, unknown>;
      if (yamlValue === undefined) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, fallback === undefined ? {} : { default: fallback }, { anyOf: [yamlValue, text] });
    },
  }) as Record<string, unknown>;
  const { $schema: _, ...rest } = json;
  return rest;
}

/**
 * A JSON Schema of the settings file (CONFIG_FILE, `--config`), from the same declarations: each
 * setting with its row's words, its default and what it takes. A file holds a value as YAML reads
 * it (`PORT: 4000`) or as the environment gives it (`PORT: "4000"`): both are allowed. Names the
 * gateway does not know are refused, as the gateway refuses them. Editors complete and check
 * a file that names it (`# yaml-language-server: $schema=…`, or `"$schema"` in JSON).
 */
export function settingsJsonSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const row of ROWS as readonly Row[]) {
    for (const [name, schema] of Object.entries(row.settings) as [string, z.ZodType][]) {
      if (name === 'CONFIG_FILE') continue;
      const { default: _, ...form } = fileForm(schema);
      // The default as a file would write it: a list as its comma list, a text as text.
      const value = schema instanceof z.ZodDefault ? (schema.def.defaultValue as unknown) : undefined;
      const fallback = Array.isArray(value) ? value.join(',') : form.type === 'string' && value !== undefined ? String(value) : value;
      properties[name] = {
        description: row.about.replace(/`/g, ''),
        markdownDescription: row.about,
        ...(fallback !== undefined ? { default: fallback } : {}),
        ...form,
      };
    }
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://github.com/avalanche-graphql-gateway/avalanche-graphql-gateway/schema/settings.schema.json',
    title: 'Avalanche GraphQL gateway settings',
    description: 'A settings file (CONFIG_FILE, --config): settings by their variable names; a variable set in the environment wins.',
    type: 'object',
    additionalProperties: false,
    properties: { $schema: { type: 'string' }, ...properties },
  };
}

/** The schema file's text, as committed. */
export const settingsSchemaText = () => `${JSON.stringify(settingsJsonSchema(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withSettingsTable(readFileSync(README, 'utf8')));
  writeFileSync(SETTINGS_SCHEMA_FILE, settingsSchemaText());
}
