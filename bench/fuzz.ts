/**
 * `npm run fuzz`: every fuzz target of test/security/fuzz.test.ts for as long as asked, then the
 * growth check (hostile shapes refused in linear time). Prints inputs tried and outcomes per
 * target; exits 1 on any failure (a 500, another error, a hang, a changed prototype) or a
 * refusal that grows faster than its input.
 *
 *   node dist/bench/fuzz.js [--duration=SECONDS (60)] [--count=INPUTS per target] [--seed=N]
 */
import fc from 'fast-check';
import { readArgs } from './args.js';
import { checkGrowth } from './fuzz/growth.js';
import { FuzzFailure } from '../fixtures/fuzz/outcome.js';
import { TARGETS } from '../fixtures/fuzz/targets.js';
import { openWorld } from '../fixtures/fuzz/world.js';

const BATCH = 100;

interface Tally {
  tried: number;
  outcomes: Map<string, number>;
  failures: string[];
}

const { flags } = readArgs(process.argv.slice(2), '');
const durationMs = Number(flags.get('duration') ?? '60') * 1_000;
const count = flags.has('count') ? Number(flags.get('count')) : undefined;
const seed = Number(flags.get('seed') ?? Date.now() % 1_000_000);

const world = await openWorld();
const tallies = new Map<string, Tally>(TARGETS.map((t) => [t.name, { tried: 0, outcomes: new Map(), failures: [] }]));
const started = Date.now();
const done = () => (count !== undefined ? [...tallies.values()].every((t) => t.tried >= count) : Date.now() - started >= durationMs);
let round = 0;
try {
  while (!done()) {
    for (const target of TARGETS) {
      const tally = tallies.get(target.name)!;
      if (count !== undefined && tally.tried >= count) continue;
      for (const c of fc.sample(target.cases(world), { numRuns: BATCH, seed: seed + round })) {
        tally.tried++;
        try {
          const outcome = await c.run();
          tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
        } catch (error) {
          tally.outcomes.set('FAILURE', (tally.outcomes.get('FAILURE') ?? 0) + 1);
          if (tally.failures.length < 3) tally.failures.push(error instanceof FuzzFailure ? error.message : String(error));
        }
      }
    }
    round++;
  }
  const seconds = (Date.now() - started) / 1_000;
  let failures = 0;
  let total = 0;
  console.log(`fuzz: seed ${seed}, ${seconds.toFixed(0)} s`);
  for (const [name, tally] of tallies) {
    total += tally.tried;
    failures += tally.outcomes.get('FAILURE') ?? 0;
    const outcomes = [...tally.outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k === 'ok' ? 'result' : k} ${v}`).join(', ');
    console.log(`  ${name.padEnd(44)} ${String(tally.tried).padStart(8)} inputs: ${outcomes}`);
    for (const f of tally.failures) console.log(`    ${f.replaceAll('\n', '\n    ')}`);
  }
  console.log(`  total ${total} inputs, ${failures} failures (500s, other errors, hangs, prototype changes)`);
  console.log('growth (refusal time at n and 8n; per-unit ratio ≤ 3 counts as linear):');
  const growth = await checkGrowth(world);
  for (const g of growth) {
    console.log(`  ${g.name.padEnd(30)} n=${g.sizes[0]}: ${g.micros[0].toFixed(0)} µs, n=${g.sizes[1]}: ${g.micros[1].toFixed(0)} µs, per unit ×${g.perUnit.toFixed(2)} ${g.linear ? 'linear' : 'NOT LINEAR'}`);
  }
  process.exitCode = failures > 0 || growth.some((g) => !g.linear) ? 1 : 0;
} finally {
  await world.close();
}
