/**
 * `npm run soak`: the crash-safety test for as long as asked. Kills the server (SIGKILL) at
 * random moments under concurrent HTTP writes and reads, restarts it on the same folder, runs
 * `quarry check` and reads everything back against the log of acknowledged writes.
 *
 *   npm run soak -- --cycles 100              # at least 100 kill cycles
 *   npm run soak -- --minutes 10 --seed 42    # for ten minutes (and at least one cycle)
 *
 * Prints a line per cycle and the totals; exits 1 when a write was lost or half applied, or a
 * check failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCrashCycles } from './crash/crash-cycles.js';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '0' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    writers: { type: 'string', default: '4' },
    readers: { type: 'string', default: '2' },
    'kill-min': { type: 'string', default: '200' },
    'kill-max': { type: 'string', default: '1500' },
    keep: { type: 'boolean', default: false },
  },
});

const dir = mkdtempSync(join(tmpdir(), 'quarry-soak-'));
const data = join(dir, 'db');
const started = Date.now();
console.log(`soak: seed ${values.seed}, data ${data}`);
const stats = await runCrashCycles({
  data,
  cycles: Number(values.cycles),
  durationMs: Number(values.minutes) * 60_000,
  killAfterMs: [Number(values['kill-min']), Number(values['kill-max'])],
  writers: Number(values.writers),
  readers: Number(values.readers),
  seed: Number(values.seed),
  log: (line) => console.log(line),
});
const lines = [
  `cycles survived:            ${stats.failures.length === 0 ? stats.cycles : `${stats.cycles} (stopped at a failure)`}`,
  `writes acknowledged:        ${stats.writesAcked}`,
  `acknowledged writes checked after restarts: ${stats.writesChecked}`,
  `unanswered at a kill:       ${stats.pendingApplied} found applied whole, ${stats.pendingAbsent} found absent`,
  `reads:                      ${stats.reads}`,
  `losses:                     ${stats.losses}`,
  `half-applied writes:        ${stats.halfApplied}`,
  `time:                       ${((Date.now() - started) / 1000).toFixed(0)} s`,
];
console.log(`\nsoak (seed ${values.seed}):\n  ${lines.join('\n  ')}`);
for (const failure of stats.failures) console.log(`FAILURE: ${failure}`);
// A failed run keeps its folder for a look with `quarry check`.
if (!values.keep && stats.failures.length === 0) rmSync(dir, { recursive: true, force: true });
process.exitCode = stats.failures.length === 0 ? 0 : 1;
