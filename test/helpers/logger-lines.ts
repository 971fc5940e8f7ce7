/**
 * Logs through the gateway's logger (src/base/logger.ts) in a process of its own, whose stdout is
 * the test's to read (test/base/logger.test.ts): `node --import tsx logger-lines.ts SCENARIO`.
 * `MARK` on stderr marks a moment: the end of a second in which the event loop ran nothing (no
 * timer could hand gathered lines over meanwhile; the thread pool could write those handed over),
 * or of a wait in which nothing more was logged.
 */
import { writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, GATHERED_BYTES, GATHERED_MS, writeInfo } from '../../src/base/logger.js';
import { Rng } from '../fuzz/random.js';

const block = (ms: number) => {
  for (const until = Date.now() + ms; Date.now() < until; );
  writeSync(2, 'MARK\n');
};

/** Characters that JSON must escape or that serializers treat apart: quotes, controls, separators, bidi, astral. */
const CHARACTERS = [
  'a',
  'Z',
  '0',
  ' ',
  '"',
  '\\',
  '/',
  '\n',
  '\t',
  '\u0000',
  '\u001f',
  '\u007f',
  'é',
  '€',
  '\u2028',
  '\u2029',
  '\u202e',
  '😀',
  '<',
  '&',
  "'",
];

/** Up to 60 characters: pino writes a string under 42 characters with its own loop, a longer one with JSON.stringify. */
function generatedString(rng: Rng): string {
  let text = '';
  for (let n = rng.int(0, 60); n > 0; n--) text += CHARACTERS[rng.int(0, CHARACTERS.length - 1)];
  return text;
}

const NUMBERS = [0, -0, 1, -1, 0.1, 1.5, 123.4, 2 ** 53, 1e21, 5e-7, -3.25, Number.NaN, Number.POSITIVE_INFINITY];

function generatedValue(rng: Rng, depth: number): unknown {
  switch (rng.int(0, depth < 2 ? 6 : 4)) {
    case 0:
      return generatedString(rng);
    case 1:
      return rng.chance(0.5) ? NUMBERS[rng.int(0, NUMBERS.length - 1)] : rng.int(-1e9, 1e9) / 10;
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return generatedFields(rng, depth + 1);
    default:
      return Array.from({ length: rng.int(0, 3) }, () => generatedValue(rng, depth + 1));
  }
}

/** An object of 0 to 8 members with identifier names, as the request log's are. */
function generatedFields(rng: Rng, depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let n = rng.int(0, 8); n > 0; n--) fields[`k${rng.int(0, 20)}_${depth}`] = generatedValue(rng, depth);
  return fields;
}

/** One character of each UTF-8 width, and one JSON escapes. */
const WIDE = ['a', 'é', '€', '😀', '\n'];

const logger = createLogger('info');
switch (process.argv[2]) {
  // One request-log-like line a millisecond for 200 ms: written together, not one write each.
  case 'spaced':
    for (let i = 0; i < 200; i++) {
      logger.info({ i }, 'graphql request');
      await sleep(1);
    }
    await sleep(GATHERED_MS * 2);
    break;
  // A warning goes out at once, with the lines before it.
  case 'warn':
    logger.info('first');
    logger.info('second');
    logger.warn('third');
    block(1000);
    await sleep(GATHERED_MS * 2);
    break;
  // A line below warn waits for the timer, which runs once the loop does.
  case 'info':
    logger.info('gathered');
    block(1000);
    await sleep(GATHERED_MS * 2);
    break;
  // A warning logged while a write is under way follows it out, with no other line to prompt it
  // (as many lines as the test says: one hand-over of GATHERED_BYTES, then a few lines and the
  // warning, under GATHERED_BYTES).
  case 'warn-behind-write':
    for (let i = 0, n = Number(process.argv[3]); i < n; i++) logger.info({ i }, 'enough to be handed over');
    logger.warn('behind a write');
    await sleep(GATHERED_MS * 4);
    writeSync(2, 'MARK\n');
    break;
  // Generated objects, each logged by pino then by writeInfo: the two lines of each pair should
  // differ by their time alone (test/base/logger.test.ts).
  case 'twins': {
    const rng = new Rng(process.argv[3] ?? 'twins');
    for (let i = 0; i < 400; i++) {
      const fields = generatedFields(rng, 0);
      const msg = generatedString(rng);
      logger.info(fields, msg);
      if (!writeInfo(logger, fields, msg)) throw new Error('writeInfo refused the logger createLogger made');
    }
    await sleep(GATHERED_MS * 2);
    break;
  }
  // Generated messages of one- to four-byte characters, of every length up to past GATHERED_BYTES:
  // each line's bytes cross the gathering's end somewhere, and a few lines are longer than it.
  case 'wide': {
    const rng = new Rng(process.argv[3] ?? 'wide');
    for (let i = 0; i < 300; i++) {
      const length = rng.chance(0.02) ? rng.int(GATHERED_BYTES / 4, GATHERED_BYTES * 2) : rng.int(0, 2000);
      let msg = '';
      while (msg.length < length) msg += WIDE[rng.int(0, WIDE.length - 1)];
      logger.info({ i }, msg);
    }
    await sleep(GATHERED_MS * 2);
    break;
  }
  // Nothing gathered is lost when the process exits at once.
  case 'exit':
    for (let i = 0; i < 3; i++) logger.info({ i }, 'before exit');
    process.exit(0);
}
