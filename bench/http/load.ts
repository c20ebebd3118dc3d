/**
 * The generated dataset in a Quarry of its own for the HTTP bench, which serves that Quarry, with
 * progress lines (the 100k load takes minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQuarry, type Quarry } from '../../src/index.js';
import type { Dataset } from '../dataset/types.js';
import { loadCompacted } from '../quarry/load.js';

const SCHEMAS = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'data', 'schemas');

export interface LoadedQuarry {
  readonly quarry: Quarry;
  /** Closes the Quarry and removes its folder. */
  dispose(): Promise<void>;
}

export async function loadQuarry(data: Dataset, options: { noSync: boolean; progress: (line: string) => void }): Promise<LoadedQuarry> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-http-bench-'));
  const open = () => createQuarry({ schemas: SCHEMAS, path: dir, noSync: options.noSync });
  let q: Quarry | undefined;
  const dispose = async () => {
    await q?.close();
    rmSync(dir, { recursive: true, force: true });
  };
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
  return { quarry: q, dispose };
}

