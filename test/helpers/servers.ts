/**
 * What the tests need beside node_modules: Debian's redis-server (the Redis tests start their own),
 * Chromium (the browser test drives it) and openssl (the Redis TLS test makes its certificates). `npm test` runs this first (`pretest`), so that the
 * README's `npm ci && npm test` works on a fresh machine: as root with apt-get, it installs what
 * is missing (and stops the service Debian starts with redis-server: the tests run their own);
 * otherwise it stops at once with the exact command to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The Debian packages whose programs are missing. */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (spawnSync('redis-server', ['--version']).error) missing.push('redis-server');
  if (spawnSync('openssl', ['version']).error) missing.push('openssl');
  return missing;
}

function run(command: string[]): void {
  console.log(`$ ${command.join(' ')}`);
  const result = spawnSync(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) throw new Error(`\`${command.join(' ')}\` failed (${result.error?.message ?? `exit code ${result.status}`})`);
}

function ensure(): void {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  const apt = !spawnSync('apt-get', ['--version']).error;
  if (!root || !apt) {
    console.error(
      `The tests need ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\n` +
        (apt ? `Run as root:\n\n  sudo sh -c '${install}'\n` : `Install ${missing.join(' and ')} (on Debian: ${install}), `) +
        `${apt ? '\n' : ''}or set CHROMIUM_PATH to a Chromium and put redis-server on PATH; then run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`The tests need ${missing.join(' and ')}: installing from Debian's packages.`);
  run(['apt-get', 'update', '-q']);
  run(['apt-get', 'install', '-y', '-q', ...missing]);
  // Debian starts the packaged redis-server as a service where it can: the tests use their own.
  if (missing.includes('redis-server')) spawnSync('service', ['redis-server', 'stop'], { stdio: 'ignore' });
  const still = missingPackages();
  if (still.length > 0) throw new Error(`${still.join(' and ')} still missing after apt-get install`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensure();
