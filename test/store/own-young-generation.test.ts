import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const built = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'src', 'store', 'own-young-generation.js')).href;

// Under node started with 64 MB semi-spaces, the MB of new space of: the main thread, a worker
// asking for 8 MB of young generation through the helper, and one asking for it plainly after.
const script = `
import { Worker } from 'node:worker_threads';
import { getHeapSpaceStatistics } from 'node:v8';
import { workerWithOwnYoungGeneration } from ${JSON.stringify(built)};
const newSpace = () => Math.round(getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20);
const body = "Promise.all([import('node:v8'), import('node:worker_threads')]).then(([v8, threads]) => threads.parentPort.postMessage(Math.round(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20)));";
const sizeOf = (worker) => new Promise((resolve) => worker.once('message', (mb) => { resolve(mb); worker.terminate(); }));
const options = { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } };
const own = await sizeOf(workerWithOwnYoungGeneration(() => new Worker(body, options)));
const plain = await sizeOf(new Worker(body, options));
console.log(JSON.stringify({ main: newSpace(), own, plain }));
`;

describe('workerWithOwnYoungGeneration', () => {
  it("gives a worker the young generation it asks for under node's semi-space flags, and leaves them for the isolates after it", () => {
    const run = spawnSync(process.execPath, ['--max-semi-space-size=64', '--min-semi-space-size=64', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { main, own, plain } = JSON.parse(run.stdout) as { main: number; own: number; plain: number };
    expect(main).toBe(64);
    expect(own).toBeLessThanOrEqual(8);
    // A worker made plainly still gets the flags' size: the helper set them back.
    expect(plain).toBeGreaterThanOrEqual(64);
  });
});
