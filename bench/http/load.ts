/**
 * The generated dataset in a Quarry of its own for the HTTP bench, which serves that Quarry, with
 * progress lines (the 100k load takes minutes).
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQuarry, type Quarry } from '../../src/index.js';
import type { Dataset } from '../../fixtures/dataset/types.js';
import { loadCompacted } from '../../fixtures/dataset/load.js';

const SCHEMAS = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'data', 'schemas');

export interface LoadedQuarry {
  readonly quarry: Quarry;
  /** Its LMDB folder. */
  readonly path: string;
  /** Closes the Quarry and removes its folder. */
  dispose(): Promise<void>;
}

export interface LoadOptions {
  readonly noSync: boolean;
  readonly progress: (line: string) => void;
  /**
   * A folder keeping loaded datasets between runs (`--data-cache=DIR`): a dataset of the same
   * size and seed is copied from there (seconds) instead of loaded (minutes), and a fresh load
   * is kept there. The run works on its own copy, so its writes never reach the kept one.
   */
  readonly cacheDir?: string;
}

/** Marks a kept dataset as whole: a load interrupted half-way is never reused. */
const COMPLETE = 'complete';

export async function loadQuarry(data: Dataset, options: LoadOptions): Promise<LoadedQuarry> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-http-bench-'));
  const open = () => createQuarry({ schemas: SCHEMAS, path: dir, noSync: options.noSync });
  let q: Quarry | undefined;
  const dispose = async () => {
    await q?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const kept = options.cacheDir === undefined ? undefined : join(options.cacheDir, `restaurants-${data.size}-seed-${data.seed}`);
  if (kept !== undefined && existsSync(join(kept, COMPLETE))) {
    cpSync(kept, dir, { recursive: true });
    options.progress(`  copied the loaded dataset from ${kept}`);
    return { quarry: (q = open()), path: dir, dispose };
  }
  try {
    const started = performance.now();
    let done = 0;
    let lastReport = started;
    q = await loadCompacted(open, dir, data, (n) => {
      done += n;
      const now = performance.now();
      if (now - lastReport >= 10_000 || done === data.size) {
        lastReport = now;
        const rate = done / ((now - started) / 1000);
        const left = (data.size - done) / rate;
        options.progress(`  loaded ${done.toLocaleString('en-US')} / ${data.size.toLocaleString('en-US')} restaurants (${Math.round(rate)}/s${done < data.size ? `, ~${Math.round(left)} s left` : ''})`);
      }
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  if (kept !== undefined) {
    await q.close();
    rmSync(kept, { recursive: true, force: true });
    cpSync(dir, kept, { recursive: true });
    writeFileSync(join(kept, COMPLETE), '');
    q = open();
  }
  return { quarry: q, path: dir, dispose };
}

