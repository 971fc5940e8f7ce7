/**
 * Reloading without a restart: on SIGHUP (and, with RELOAD_WATCH_MS, when the settings file or a
 * trusted-document manifest changes) the gateway reads its settings file (CONFIG_FILE, under the
 * environment as at start) and its manifests again, and applies what can change while it serves.
 * Connections stay open: requests in flight finish under the settings they started with, and
 * subscriptions (WebSocket, SSE) go on.
 *
 * What can change is what the gateway reads per request from objects of its own, swapped in one
 * turn of the event loop (src/gateway/gateway.ts `reload`): RELOADABLE, the settings declared
 * `reloadable` in src/config/settings.ts. Everything else is built once at start (the server,
 * the HTTP clients, Redis, caches, the plugins' list): a change to it is refused, one warning
 * line per setting naming it, and the rest of the change applies. A file that does not read or
 * whose settings are invalid changes nothing: the error says why. A manifest that does not load
 * leaves the documents loaded before in place.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { ConfigError, loadConfig, SECRET_KEYS, settingsOf, type Config } from '../config/config.js';
import type { Gateway } from './gateway.js';
import type { Logger } from '../base/logger.js';
import { withSettingsFile } from '../config/settings-file.js';
import { RELOADABLE } from '../config/settings.js';

/**
 * Reloadable settings that cannot be turned on or off by a reload, only changed: with them unset
 * the gateway was built without the part that reads them.
 */
const SET_AT_START: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_SECOND: 'rate limits were built on or off at start (their figures reload, turning them on or off does not)',
  CORS_ORIGINS: 'CORS was built on or off at start (the list of origins reloads, turning CORS on or off does not)',
};

type Settings = Record<string, string | undefined>;

export interface ReloadPlan {
  /** Reloadable settings that changed, to apply. */
  changed: string[];
  /** Settings that changed and need a restart, with why. */
  refused: { name: string; why: string }[];
}

/** What changed from `before` to `after`, and which of those a reload may apply. */
export function planReload(before: Settings, after: Settings): ReloadPlan {
  const plan: ReloadPlan = { changed: [], refused: [] };
  for (const name of Object.keys(after)) {
    if (before[name] === after[name]) continue;
    if (!RELOADABLE.has(name)) plan.refused.push({ name, why: 'it is read once, at start' });
    else if (name in SET_AT_START && (before[name] === undefined) !== (after[name] === undefined))
      plan.refused.push({ name, why: SET_AT_START[name]! });
    else plan.changed.push(name);
  }
  return plan;
}

const shown = (name: string, value: string | undefined) =>
  SECRET_KEYS.has(name) ? '(secret)' : value === undefined ? '(unset)' : JSON.stringify(value);

export interface ReloaderOptions {
  /** The process's environment as it started: what the settings file sits under. */
  env: Record<string, string | undefined>;
  gateway: Pick<Gateway, 'reload'>;
  logger: Logger;
  /** The configuration the gateway started with. */
  config: Config;
}

export class Reloader {
  /** The settings in force: as at start, with each reload's applied changes. */
  private applied: Settings;
  private manifests: readonly string[];
  private watched: string[] = [];
  private pending?: NodeJS.Timeout;

  constructor(private readonly options: ReloaderOptions) {
    this.applied = settingsOf(withSettingsFile(options.env));
    this.manifests = options.config.trustedDocuments.manifests;
  }

  /** Reads the settings file and the manifests again and applies what may change; logs what it did. */
  reload(cause: string): void {
    const { logger, env } = this.options;
    let after: Settings;
    try {
      after = settingsOf(withSettingsFile(env));
    } catch (error) {
      logger.error({ cause }, `${cause}: nothing reloaded, the settings in force stay: ${(error as Error).message}`);
      return;
    }
    const plan = planReload(this.applied, after);
    // The refused settings keep their values in force; the others are checked together.
    const kept: Settings = { ...after };
    for (const { name } of plan.refused) kept[name] = this.applied[name];
    let next: Config;
    try {
      next = loadConfig({ ...kept, NODE_ENV: env.NODE_ENV });
    } catch (error) {
      const message = error instanceof ConfigError ? error.problems.join('; ') : (error as Error).message;
      logger.error({ cause }, `${cause}: nothing reloaded, the settings in force stay: ${message}`);
      return;
    }
    for (const { name, why } of plan.refused) {
      logger.warn(
        { cause, setting: name },
        `${cause}: ${name} changed (${shown(name, this.applied[name])} to ${shown(name, after[name])}) but needs a restart: not applied (${why}); the other changes are`,
      );
    }
    const report = this.options.gateway.reload(next);
    this.applied = kept;
    this.manifests = next.trustedDocuments.manifests;
    if (report.manifestError) {
      logger.error(
        { cause },
        `${cause}: the trusted-document manifests did not load, the ${report.documents} documents loaded before are kept: ${report.manifestError}`,
      );
    }
    logger.info(
      { cause, changed: plan.changed, refused: plan.refused.map((r) => r.name), documents: report.documents },
      `${cause}: reloaded${plan.changed.length > 0 ? ` ${plan.changed.join(', ')}` : ' (no setting changed)'}${
        report.documents !== undefined && !report.manifestError ? `, ${report.documents} trusted documents` : ''
      }`,
    );
    if (this.watched.length > 0) this.watch(this.intervalMs);
  }

  private intervalMs = 0;

  /**
   * Also reloads when the settings file or a manifest changes, checked every `intervalMs` (by
   * stat: a file replaced by a rename, as editors and Kubernetes' ConfigMaps do, is seen too).
   */
  watch(intervalMs: number): void {
    this.intervalMs = intervalMs;
    const files = [...new Set([...(this.options.env.CONFIG_FILE ? [this.options.env.CONFIG_FILE] : []), ...this.manifestFiles()])];
    for (const file of this.watched) if (!files.includes(file)) unwatchFile(file, this.changed);
    for (const file of files) if (!this.watched.includes(file)) watchFile(file, { interval: intervalMs, persistent: false }, this.changed);
    this.watched = files;
  }

  private manifestFiles(): readonly string[] {
    return this.options.config.trustedDocuments.mode === 'off' ? [] : this.manifests;
  }

  private readonly changed = (now: Stats, before: Stats): void => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
    // Files written together (a new build's manifests) make one reload.
    clearTimeout(this.pending);
    this.pending = setTimeout(() => this.reload('file change'), 50);
  };

  /** Stops watching: the process is stopping. */
  close(): void {
    clearTimeout(this.pending);
    for (const file of this.watched) unwatchFile(file, this.changed);
    this.watched = [];
  }
}
