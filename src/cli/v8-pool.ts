/**
 * How many threads V8's platform runs its parallel and concurrent work on (collection, compiling)
 * for `quarry import`, which bin/quarry.js sets: node starts four whatever the cores. Beside an
 * import's own two busy threads (the load and the thread gathering its index sets), four on a
 * 2-core machine took 0.8-0.9 s more CPU than two, and a 100k import 5.13-5.27 s against
 * 4.79-4.80 with two (medians of 5 and 6 runs, alternating; one thread was as fast as two).
 * A server keeps node's default, as it was measured.
 */
export const IMPORT_V8_POOL = 2;

/** A start-up line saying how many V8 platform threads the process runs, and how to set the import's when it does not. */
export function v8PoolNote(execArgv: readonly string[] = process.execArgv): string {
  const given = execArgv.map((a) => /^--v8-pool-size=(\d+)$/.exec(a)?.[1]).find((n) => n !== undefined);
  if (given !== undefined) return `v8 pool: ${given} threads\n`;
  return `v8 pool: node's default (for less CPU on a small machine start node with --v8-pool-size=${IMPORT_V8_POOL}, as \`quarry import\` does)\n`;
}
