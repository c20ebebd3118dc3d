import { getHeapSpaceStatistics } from 'node:v8';

/** Semi-space size (MB) the launcher and `npm start` ask Node for: see YOUNG_GENERATION_FLAGS. */
export const SEMI_SPACE_MB = 64;

/**
 * Node flags for serving. A server allocates per request and V8 collects its young generation
 * when a semi-space fills: with Node's default (16 MB, grown only under pressure) a busy server
 * pauses for a scavenge many times a second, and those pauses made most of its 99th percentile
 * (figures: bench/results/README.md). V8 reads these once, at start, so they are flags of the node
 * process: bin/quarry.js's line of sh and the npm scripts pass them.
 */
export const YOUNG_GENERATION_FLAGS = [`--max-semi-space-size=${SEMI_SPACE_MB}`, `--min-semi-space-size=${SEMI_SPACE_MB}`] as const;

/** A start-up line saying how large the young generation is, and how to enlarge it when it is the default. */
export function youngGenerationNote(): string {
  const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  const mb = newSpace === undefined ? 0 : Math.round(newSpace.space_size / 1024 ** 2);
  const advice = mb >= SEMI_SPACE_MB ? '' : ` (for shorter GC pauses start node with ${YOUNG_GENERATION_FLAGS.join(' ')}, as \`quarry\` and \`npm start\` do)`;
  return `young generation: ${mb} MB${advice}\n`;
}
