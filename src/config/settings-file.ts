/**
 * The settings file (CONFIG_FILE, which the CLI's --config sets): a mapping of setting names to
 * values, in JSON or YAML, under the environment (a variable set in the environment wins). The
 * gateway reads it at start, and again on each reload (src/gateway/reload.ts), which is why the process
 * reads it itself rather than the CLI folding it into the environment once.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { SETTING_NAMES } from './settings.js';

/** The file cannot be read, or holds what is not a setting: the message names the file and each problem. */
export class SettingsFileError extends Error {
  override name = 'SettingsFileError';
}

/**
 * A settings file: a mapping of setting names to strings, numbers or booleans (YAML reads JSON
 * too). Unknown names are refused, as a typo would otherwise be a setting silently not applied.
 */
export function readSettingsFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SettingsFileError(`--config ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    // The parser's message quotes the offending line, which may be a secret's (ADMIN_TOKEN: "…):
    // only where it is, and what is wrong, reach the log.
    const { code, linePos } = error as { code?: string; linePos?: [{ line: number; col: number }] };
    const where = linePos ? ` at line ${linePos[0].line}, column ${linePos[0].col}` : '';
    throw new SettingsFileError(`--config ${path}: not valid YAML or JSON${where}${code ? ` (${code})` : ''}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SettingsFileError(`--config ${path}: must be a mapping of settings, e.g. PORT: 4000`);
  }
  const problems: string[] = [];
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    // `$schema`: where an editor finds schema/settings.schema.json, not a setting.
    if (name === '$schema') continue;
    if (!SETTING_NAMES.includes(name) || name === 'CONFIG_FILE')
      problems.push(`${name}: not a setting of the gateway (README "Configuration" lists them)`);
    else if (value === null || value === undefined) continue;
    else if (['string', 'number', 'boolean'].includes(typeof value)) settings[name] = String(value);
    else problems.push(`${name}: must be a string, a number or a boolean`);
  }
  if (problems.length > 0) throw new SettingsFileError(`--config ${path}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return settings;
}

/** `env` with CONFIG_FILE's settings under it, when it names one; `env` itself otherwise. */
export function withSettingsFile(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const file = env.CONFIG_FILE;
  if (!file) return env;
  const merged: Record<string, string | undefined> = { ...env };
  for (const [name, value] of Object.entries(readSettingsFile(file))) {
    // A variable set empty counts as unset, as loadConfig reads it.
    if (merged[name] === undefined || merged[name] === '') merged[name] = value;
  }
  return merged;
}
