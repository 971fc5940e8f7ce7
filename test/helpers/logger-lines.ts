/**
 * Logs through the gateway's logger (src/base/logger.ts) in a process of its own, whose stdout is
 * the test's to read (test/base/logger.test.ts): `node --import tsx logger-lines.ts SCENARIO`.
 * `MARK` on stderr marks a moment: the end of a second in which the event loop ran nothing (no
 * timer could hand gathered lines over meanwhile; the thread pool could write those handed over),
 * or of a wait in which nothing more was logged.
 */
import { writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, GATHERED_MS } from '../../src/base/logger.js';

const block = (ms: number) => {
  for (const until = Date.now() + ms; Date.now() < until; );
  writeSync(2, 'MARK\n');
};

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
  // (60 lines: one hand-over of 4 KiB, then a few lines and the warning, under 4 KiB).
  case 'warn-behind-write':
    for (let i = 0; i < 60; i++) logger.info({ i }, 'enough to be handed over');
    logger.warn('behind a write');
    await sleep(GATHERED_MS * 4);
    writeSync(2, 'MARK\n');
    break;
  // Nothing gathered is lost when the process exits at once.
  case 'exit':
    for (let i = 0; i < 3; i++) logger.info({ i }, 'before exit');
    process.exit(0);
}
