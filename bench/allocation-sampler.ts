/**
 * Preloaded (`--import`) into a process that bench/allocations.ts measures: the first SIGUSR2
 * starts V8's sampling heap profiler, the next stops it and writes its profile to the file
 * ALLOCATION_PROFILE names (written aside, then renamed, so that a reader never sees half of it).
 *
 * Objects the collector has freed since are kept in the profile (`includeObjectsCollectedBy…`):
 * what is measured is what a request allocates, which is what the young generation's collections
 * cost, not what is left. Node's `--heap-prof` cannot ask for that, hence the inspector.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Bytes between two samples, on average: small enough for a few samples of each request's objects. */
const SAMPLING_INTERVAL = 1024;

const file = process.env.ALLOCATION_PROFILE;
if (file) {
  const session = new Session();
  session.connect();
  let sampling = false;
  process.on('SIGUSR2', () => {
    sampling = !sampling;
    const done = sampling
      ? session
          .post('HeapProfiler.enable')
          .then(() =>
            session.post('HeapProfiler.startSampling', {
              samplingInterval: SAMPLING_INTERVAL,
              includeObjectsCollectedByMinorGC: true,
              includeObjectsCollectedByMajorGC: true,
            }),
          )
      : session.post('HeapProfiler.stopSampling').then(({ profile }) => {
          writeFileSync(`${file}.part`, JSON.stringify(profile));
          renameSync(`${file}.part`, file);
        });
    done.catch((error: unknown) => process.stderr.write(`allocation sampler: ${String(error)}\n`));
  });
}
