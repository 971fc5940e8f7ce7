import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { isoTime } from '../../src/base/logger.js';

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
