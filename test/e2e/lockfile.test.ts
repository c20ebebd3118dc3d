import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * CI installs with `npm ci`, which refuses a lockfile that lacks any package the manifest needs,
 * other platforms' optional binaries included (a lockfile written on one machine by `npm install`
 * can miss them). A dry run checks the same agreement without installing anything.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'quarry-lockfile-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the lockfile', () => {
  it('holds everything npm ci needs, for every platform', () => {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(REPO, file), join(work, file));
    let output: string;
    try {
      output = execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: work, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, npm_config_update_notifier: 'false' },
      });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string };
      throw new Error(`npm ci refuses the lockfile:\n${e.stderr ?? ''}${e.stdout ?? ''}`);
    }
    expect(output).toMatch(/added \d+ packages/);
  }, 60_000);
});
