/**
 * README's configuration table is what src/config/settings.ts declares: each setting in one row,
 * the reloadable ones named in the "Reloads" table, and nothing written there by hand that the
 * declarations do not say.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { readSettingsFile } from '../../src/config/settings-file.js';
import { RELOADABLE, ROWS, SETTING_NAMES } from '../../src/config/settings.js';
import { README, SETTINGS_SCHEMA_FILE, settingsSchemaText, withSettingsTable } from '../generate/settings-table.js';

const readme = readFileSync(README, 'utf8');

describe('the declared settings and the manual (docs/configuration.md)', () => {
  it('give the same configuration table: `npm run codegen:settings` writes it', () => {
    // On failure: run `npm run codegen:settings` and commit README.md.
    expect(readme).toBe(withSettingsTable(readme));
  });

  it('declare each setting in one row only', () => {
    const declared = ROWS.flatMap((row) => Object.keys(row.settings));
    expect(declared).toHaveLength(new Set(declared).size);
    expect(declared).toEqual(SETTING_NAMES);
  });

  it('name every reloadable setting where the manual says what a reload applies', () => {
    const operating = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8');
    const header = operating.indexOf('| Reloads | Needs a restart |');
    const reloads = operating.slice(header).split('\n')[2]!.split(' | ')[0]!;
    for (const name of RELOADABLE) expect(reloads).toContain(`\`${name}\``);
  });
});

describe("the settings file's JSON Schema (schema/settings.schema.json)", () => {
  const committed = readFileSync(SETTINGS_SCHEMA_FILE, 'utf8');
  const schema = JSON.parse(committed) as { properties: Record<string, { default?: unknown }> };
  const validate = new Ajv2020({ strict: false }).compile(schema);
  const ok = (file: Record<string, unknown>) => {
    const valid = validate(file);
    return { valid, errors: valid ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message}`) };
  };

  it('is what the declarations give: `npm run codegen:settings` writes it', () => {
    expect(committed).toBe(settingsSchemaText());
  });

  it('names every setting a file may hold, and only those', () => {
    expect(Object.keys(schema.properties).filter((k) => k !== '$schema')).toEqual(SETTING_NAMES.filter((n) => n !== 'CONFIG_FILE'));
    expect(ok({ PORTT: 4000 }).valid).toBe(false);
    expect(ok({ CONFIG_FILE: 'other.yaml' }).valid).toBe(false);
  });

  it("takes each setting's default, as YAML reads it, and the gateway takes the same file", () => {
    // REDIS_URL too: the Redis settings' defaults written out are refused without one (a setting
    // that cannot apply is an error, not silently ignored), which no JSON Schema of one file says.
    const file = {
      ...Object.fromEntries(Object.entries(schema.properties).flatMap(([k, p]) => (p.default === undefined ? [] : [[k, p.default]]))),
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    expect(Object.keys(file).length).toBeGreaterThan(50);
    const yaml = parseYaml(
      Object.entries(file)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join('\n'),
    ) as Record<string, unknown>;
    expect(ok(yaml)).toEqual({ valid: true, errors: [] });
    expect(() => loadConfig(Object.fromEntries(Object.entries(yaml).map(([k, v]) => [k, String(v)])))).not.toThrow();
  });

  it('takes numbers and booleans as YAML reads them, or as the environment writes them, and refuses what the gateway refuses', () => {
    expect(ok({ PORT: 4000, COST_EXTENSIONS: false, LOG_SAMPLE_RATE: 0.5, RATE_LIMIT_PER_SECOND: 2.5 })).toEqual({
      valid: true,
      errors: [],
    });
    expect(ok({ PORT: '4000', COST_EXTENSIONS: 'false', CACHE: 'redis' })).toEqual({ valid: true, errors: [] });
    for (const bad of [
      { PORT: 70000 },
      { PORT: -1 },
      { PORT: 'x' },
      { CACHE: 'disk' },
      { LOG_SAMPLE_RATE: 2 },
      { COST_EXTENSIONS: 'yes' },
    ]) {
      expect({ bad, valid: ok(bad).valid }).toEqual({ bad, valid: false });
      expect(() => loadConfig(Object.fromEntries(Object.entries(bad).map(([k, v]) => [k, String(v)])))).toThrow();
    }
  });

  it('lets a file name it in `$schema`, which the gateway reads past', () => {
    const dir = mkdtempSync(join(tmpdir(), 'settings-'));
    try {
      const file = join(dir, 'gateway.json');
      writeFileSync(file, JSON.stringify({ $schema: './schema/settings.schema.json', PORT: 4000, COST_EXTENSIONS: false }));
      expect(ok(JSON.parse(readFileSync(file, 'utf8')))).toEqual({ valid: true, errors: [] });
      expect(readSettingsFile(file)).toEqual({ PORT: '4000', COST_EXTENSIONS: 'false' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
