/** How long one query takes, from many runs: the median and p99 of wall time, in µs. */
export interface Timing {
  medianUs: number;
  p99Us: number;
  samples: number;
}

const WARMUP_MS = 100;
const MIN_WARMUP_RUNS = 3;
/** Floor for slow queries (seconds each at 1M): enough for a median, p99 is then the max. */
const MIN_SAMPLES = 10;
const MAX_SAMPLES = 200_000;

/** Per-run wall time of `run` (which answers a number the optimiser must not drop): warm-up, then samples until the budget is spent. */
export function measure(run: () => number, budgetMs: number): Timing {
  (globalThis as { gc?: () => void }).gc?.();
  let sink = 0;
  const warmEnd = performance.now() + WARMUP_MS;
  for (let i = 0; i < MIN_WARMUP_RUNS || performance.now() < warmEnd; i++) sink += run();

  const samples: number[] = [];
  const end = performance.now() + budgetMs;
  while (samples.length < MIN_SAMPLES || (samples.length < MAX_SAMPLES && performance.now() < end)) {
    const start = process.hrtime.bigint();
    sink += run();
    samples.push(Number(process.hrtime.bigint() - start));
  }
  if (sink < 0) console.log(sink); // keeps the results observable to the optimiser
  samples.sort((a, b) => a - b);
  return { medianUs: quantile(samples, 0.5) / 1000, p99Us: quantile(samples, 0.99) / 1000, samples: samples.length };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** Nearest-rank quantile of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
