import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { GATHERED_BYTES, isoTime } from '../../src/base/logger.js';

describe('isoTime', () => {
  it("writes what pino's isoTime writes, at every millisecond of a second and across seconds, days and years", () => {
    const starts = [0, Date.UTC(1999, 11, 31, 23, 59, 59), Date.UTC(2026, 10, 30, 16, 28, 24), Date.UTC(2024, 1, 29, 0, 0, 0)];
    // Forward through each start's neighbourhood, then back: the cached second must follow both ways.
    const times = starts.flatMap((start) => Array.from({ length: 2500 }, (_, i) => start + i));
    for (const now of [...times, ...times.reverse()]) {
      expect(isoTime(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
    }
  });

  it('writes the time now when asked without one', () => {
    const before = Date.now();
    const written = Date.parse(JSON.parse(`{${isoTime().slice(1)}}`).time);
    expect(written).toBeGreaterThanOrEqual(before);
    expect(written).toBeLessThanOrEqual(Date.now());
    expect(pino.stdTimeFunctions.isoTime().length).toBe(isoTime().length);
  });
});

/**
 * What test/helpers/logger-lines.ts wrote: its log lines, and its marks (`(mark)`), in the
 * order they arrived; and in how many pieces stdout brought them (no more than the writes made).
 */
async function logLines(scenario: string, ...args: string[]): Promise<{ arrived: string[]; pieces: number; lines: string[] }> {
  const script = new URL('../helpers/logger-lines.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', script, scenario, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const arrived: string[] = [];
  const written: string[] = [];
  let stderr = '';
  let pieces = 0;
  // A write past the pipe's atomic size (4 KiB) may come in two reads: a line is whole once its newline is in.
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pieces++;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      written.push(line);
      arrived.push(JSON.parse(line).msg);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (chunk.includes('MARK')) arrived.push('(mark)');
  });
  const code = await new Promise((resolve) => child.once('close', resolve));
  expect(code, stderr).toBe(0);
  expect(partial, 'a line cut short').toBe('');
  return { arrived, pieces, lines: written };
}

describe('createLogger', () => {
  it('gathers lines below warn into few writes, in order', async () => {
    const { arrived, pieces } = await logLines('spaced');
    expect(arrived).toEqual(Array.from({ length: 200 }, () => 'graphql request'));
    // A write of its own for each line, a millisecond apart, came in 200 pieces or nearly.
    expect(pieces).toBeLessThan(20);
  });

  it('writes a warning at once, with the lines gathered before it', async () => {
    const { arrived } = await logLines('warn');
    expect(arrived).toEqual(['first', 'second', 'third', '(mark)']);
  });

  it('writes a line below warn once the loop runs its timer', async () => {
    const { arrived } = await logLines('info');
    expect(arrived).toEqual(['(mark)', 'gathered']);
  });

  it('writes a warning logged while a write is under way once that write is done', async () => {
    // Lines of about 90 characters: one hand-over, then about a tenth of GATHERED_BYTES left.
    const lines = Math.ceil(GATHERED_BYTES / 80);
    const { arrived } = await logLines('warn-behind-write', String(lines));
    expect(arrived).toEqual([...Array.from({ length: lines }, () => 'enough to be handed over'), 'behind a write', '(mark)']);
  });

  it('writes with writeInfo the line pino writes, on generated objects and messages, but for the time', async () => {
    const { lines } = await logLines('twins');
    expect(lines).toHaveLength(800);
    const untimed = (line: string) => line.replace(/,"time":"[^"]+"/, '');
    for (let i = 0; i < lines.length; i += 2) {
      expect(untimed(lines[i + 1]!), lines[i]).toBe(untimed(lines[i]!));
      expect(lines[i]).toMatch(/^\{"level":"info","time":"[^"]+"/);
    }
  });

  it('writes every line whole and in order, whatever its width in bytes, a line longer than the gathering too', async () => {
    const { lines } = await logLines('wide');
    expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(lines.some((line) => Buffer.byteLength(line) > GATHERED_BYTES)).toBe(true);
    expect(lines.join('')).not.toContain('\ufffd');
  });

  it('loses nothing gathered when the process exits at once', async () => {
    const { arrived } = await logLines('exit');
    expect(arrived).toEqual(['before exit', 'before exit', 'before exit']);
  });
});
