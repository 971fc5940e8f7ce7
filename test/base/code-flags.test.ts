/**
 * Which V8 flags the built entry sets (src/base/code-flags.ts): those that change compiled code,
 * with what V8 would have made of them at start, but those the operator named on the command line
 * or in NODE_OPTIONS, in any spelling V8 takes. test/deploy/start.test.ts checks on the built
 * gateway that they hold and that Node's builtins keep their code caches.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CODE_FLAGS, codeFlagsToSet, parallelScavengeOff } from '../../src/base/code-flags.js';

const heads = CODE_FLAGS.map(({ flag }) => flag);
const all = CODE_FLAGS.flatMap(({ flag, implies }) => [flag, ...implies]);

/** Every spelling V8 takes of a boolean flag, on and off. */
function spellings(flag: string): string[] {
  const name = flag.replace(/^--no-/, '');
  const under = name.replace(/-/g, '_');
  return [`--${name}`, `--no-${name}`, `--no${name}`, `-${name}`, `--${under}`, `--no_${under}`, `--no-${under}`];
}

/** This Node's V8 flags as it starts with `flags`: every flag's value, a line each (`--maglev`, `--no-maglev`, `--x=3`). */
function flagValues(flags: string[]): Set<string> {
  const run = spawnSync(process.execPath, [...flags, '--print-flag-values', '-e', '0'], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return new Set(run.stdout.split('\n').filter((line) => line.startsWith('-')));
}

describe('CODE_FLAGS', () => {
  it('are what giving their flags at start changes in V8, implications included, on this Node', () => {
    const plain = flagValues([]);
    const given = flagValues(heads);
    const changed = [...given].filter((line) => !plain.has(line));
    expect(changed.sort()).toEqual([...all].sort());
  });
});

describe('codeFlagsToSet', () => {
  it('sets every flag and its implications when none is named', () => {
    expect(codeFlagsToSet([], '')).toEqual(all);
    expect(
      codeFlagsToSet(['--max-semi-space-size=4', '--no-memory-reducer', '--no-parallel-scavenge'], '--max-old-space-size=512'),
    ).toEqual(all);
    expect(codeFlagsToSet(['--import', 'data:text/javascript,', '--enable-source-maps'])).toEqual(all);
  });

  it('leaves a flag the operator named, in any spelling, on the command line or in NODE_OPTIONS, with its implications', () => {
    for (const { flag } of CODE_FLAGS) {
      const others = CODE_FLAGS.filter((other) => other.flag !== flag).flatMap((other) => [other.flag, ...other.implies]);
      for (const spelling of spellings(flag)) {
        expect(codeFlagsToSet([spelling]), spelling).toEqual(others);
        expect(codeFlagsToSet(['--no-memory-reducer'], `  --max-old-space-size=512   ${spelling} `), spelling).toEqual(others);
      }
    }
    expect(codeFlagsToSet(['--maglev'], '--allocation-site-pretenuring')).toEqual([]);
  });

  it('leaves an implied value the operator named, and sets the rest', () => {
    for (const { implies } of CODE_FLAGS) {
      for (const implied of implies) {
        const named = implied.includes('=') ? implied.replace(/=.*/, '=12345') : implied.replace(/^--no-/, '--');
        expect(codeFlagsToSet([named]), named).toEqual(all.filter((flag) => flag !== implied));
      }
    }
  });

  it('does not take a flag whose name only begins like one of them for it', () => {
    // Generated: every flag name with a suffix, as V8 has (`--maglev-inlining`, `--maglev-osr`).
    for (const flag of all) {
      const name = flag.replace(/^--(no-)?/, '').replace(/=.*/, '');
      for (const suffix of ['-inlining', '-osr', '_stats', 's']) {
        expect(codeFlagsToSet([`--${name}${suffix}`, `--no-${name}${suffix}`])).toEqual(all);
      }
    }
  });
});

describe('parallelScavengeOff', () => {
  it('reads the last parallel-scavenge flag named, in any spelling, NODE_OPTIONS first and the command line over it', () => {
    expect(parallelScavengeOff([], '')).toBe(false);
    expect(parallelScavengeOff(['--max-semi-space-size=4', '--no-memory-reducer'], '--max-old-space-size=512')).toBe(false);
    for (const spelling of spellings('--no-parallel-scavenge')) {
      const off = /^--?no/.test(spelling);
      expect(parallelScavengeOff([spelling]), spelling).toBe(off);
      expect(parallelScavengeOff(['--no-memory-reducer'], ` --max-old-space-size=512  ${spelling} `), spelling).toBe(off);
      // The command line overrides NODE_OPTIONS, and the later of two flags the earlier.
      expect(parallelScavengeOff([spelling], off ? '--parallel-scavenge' : '--no-parallel-scavenge'), spelling).toBe(off);
      expect(parallelScavengeOff([], `${spelling} ${off ? '--parallel-scavenge' : '--no-parallel-scavenge'}`), spelling).toBe(!off);
      expect(parallelScavengeOff(['--no-parallel-scavenge', spelling]), spelling).toBe(off);
      expect(parallelScavengeOff(['--parallel-scavenge', spelling]), spelling).toBe(off);
    }
  });

  it('does not take a flag whose name only begins like it for it', () => {
    for (const suffix of ['-tasks', '_stats', 's']) {
      expect(parallelScavengeOff([`--no-parallel-scavenge${suffix}`])).toBe(false);
      expect(parallelScavengeOff(['--no-parallel-scavenge', `--parallel-scavenge${suffix}`])).toBe(true);
    }
    expect(parallelScavengeOff(['--no-parallel-marking', '--no-parallel-compaction'])).toBe(false);
  });
});
