import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's own folder (where package.json is), found by walking up from this file: the
 * same code runs compiled from dist/src/cli and as TypeScript from src/cli under the tests.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'quarry') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the quarry package folder above the CLI');
    dir = up;
  }
}

export const PACKAGE_ROOT = findPackageRoot();
export const DEMO_SCHEMAS = join(PACKAGE_ROOT, 'data', 'schemas');
export const DEMO_DATASET = join(PACKAGE_ROOT, 'data', 'demo', 'dataset.json');
/** The demo's content-types are localized in these. */
export const DEMO_LOCALES = ['en', 'fr'] as const;
