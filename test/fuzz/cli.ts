/**
 * `npm run fuzz`: generated and hostile queries through every entry of the built gateway in each
 * cache mode, for as long as asked; prints what it found, each kind of failure shrunk to a small
 * query. Run `npm run build` first: it starts dist/ as users do.
 *
 *   npm run fuzz -- --count 10000 --seed 7 --entries post,yoga,get,ws,sse,batch --modes memory,redis,off
 *   options: --hostile-every N (every Nth case hostile; 0 none; 10 by default), --shrink-budget N
 *   (requests per shrink; 150), --shrink-seconds N (60), --max-shrinks N (20), --deadline-ms N (10000),
 *   --minutes N (a time limit)
 *
 * Exits 1 when it found something.
 */
import { parseArgs } from 'node:util';
import { startSandbox } from '../../sandbox/server.js';
import { formatReport, type FuzzReport, Fuzzer, startTargets } from './fuzzer.js';
import { MODES, type Mode } from './invariants.js';
import { knownAs } from './known.js';
import { FUZZ_ENTRIES, type FuzzEntry } from './send.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    seed: { type: 'string', default: String(Date.now()) },
    entries: { type: 'string', default: FUZZ_ENTRIES.join(',') },
    modes: { type: 'string', default: MODES.join(',') },
    'hostile-every': { type: 'string', default: '10' },
    'shrink-budget': { type: 'string', default: '150' },
    'max-shrinks': { type: 'string', default: '20' },
    'deadline-ms': { type: 'string', default: '10000' },
    'shrink-seconds': { type: 'string', default: '60' },
    minutes: { type: 'string' },
  },
});

const list = <T extends string>(value: string, allowed: readonly T[], what: string): T[] => {
  const items = value.split(',').filter(Boolean) as T[];
  const unknown = items.filter((i) => !allowed.includes(i));
  if (unknown.length) throw new Error(`unknown ${what}: ${unknown.join(', ')} (known: ${allowed.join(', ')})`);
  return items;
};
const entries = list<FuzzEntry>(values.entries!, FUZZ_ENTRIES, 'entries');
const modes = list<Mode>(values.modes!, MODES, 'modes');

const sandbox = await startSandbox();
const targets = await startTargets(sandbox, modes);
const fuzzer = new Fuzzer(targets);
let report: FuzzReport;
try {
  console.log(`fuzzing: seed ${values.seed}, ${values.count} cases, entries ${entries.join(',')}, modes ${modes.join(',')}`);
  report = await fuzzer.run({
    seed: values.seed!,
    count: Number(values.count),
    entries,
    modes,
    hostileEvery: Number(values['hostile-every']),
    shrinkBudget: Number(values['shrink-budget']),
    maxShrinks: Number(values['max-shrinks']),
    deadlineMs: Number(values['deadline-ms']),
    shrinkMs: Number(values['shrink-seconds']) * 1000,
    timeLimitMs: values.minutes ? Number(values.minutes) * 60_000 : undefined,
    log: (line) => console.log(line),
  });
} finally {
  fuzzer.close();
  await targets.stop();
  await sandbox.close();
}
console.log(`\n${formatReport(report, (e) => knownAs(e)?.id)}`);
process.exitCode = report.kinds.length > 0 ? 1 : 0;
