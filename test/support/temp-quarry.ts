import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuarry, type Quarry, type QuarryOptions } from '../../src/index.js';

export const DEMO_SCHEMAS = join(import.meta.dirname, '..', '..', 'data', 'schemas');

/** A Quarry on a fresh temporary LMDB folder; `close` removes the folder. */
export function tempQuarry(schemas: QuarryOptions['schemas'] = DEMO_SCHEMAS, locales = ['en', 'fr']): Quarry & { dispose(): Promise<void> } {
  const path = mkdtempSync(join(tmpdir(), 'quarry-test-'));
  const q = createQuarry({ schemas, path, noSync: true, i18n: { defaultLocale: 'en', locales } });
  return Object.assign(q, {
    async dispose() {
      await q.close();
      rmSync(path, { recursive: true, force: true });
    },
  });
}
