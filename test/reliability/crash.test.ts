import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../pool/support.js';
import { runCrashCycles } from './crash/crash-cycles.js';
import { runCheck } from './crash/server-process.js';

let data: string;

beforeAll(() => {
  // The server runs from the build, as `quarry serve` does for a user.
  ensureBuilt();
  data = join(mkdtempSync(join(tmpdir(), 'quarry-crash-')), 'db');
}, 180_000);
afterAll(() => rmSync(join(data, '..'), { recursive: true, force: true }));

describe('crash safety: SIGKILL under concurrent writes, restart on the same folder', () => {
  it('keeps every acknowledged write, applies no unanswered write by halves, and passes quarry check after each kill', async () => {
    const seed = Date.now() % 1_000_000;
    const stats = await runCrashCycles({ data, cycles: 3, killAfterMs: [250, 900], writers: 4, readers: 2, seed });
    expect(stats.failures, `seed ${seed}`).toEqual([]);
    expect(stats.cycles).toBe(3);
    expect(stats.losses).toBe(0);
    expect(stats.halfApplied).toBe(0);
    expect(stats.writesAcked).toBeGreaterThan(20);
    expect(stats.writesChecked).toBe(stats.writesAcked);
    expect(stats.lastCheck).toMatch(/^consistent: /m);
    // After the last, clean stop too.
    expect(runCheck(data).code).toBe(0);
  }, 120_000);
});
