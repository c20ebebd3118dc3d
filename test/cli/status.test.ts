import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { createQuarry } from '../../src/index.js';
import { tempDir, testContext } from './support.js';

/** `quarry status`: what `GET /_quarry/health` answers, from the command line, the folder opened read-only. */
describe('quarry status', () => {
  const env = { QUARRY_SCHEMAS: DEMO_SCHEMAS };

  async function status(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const ctx = testContext(env);
    const code = await main(['status', ...args], ctx);
    return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text };
  }

  it('prints the role, the last write\'s sequence and the lag as one line of JSON, by --data or DIR', async () => {
    const data = join(tempDir(), 'db');
    const quarry = createQuarry({ schemas: DEMO_SCHEMAS, path: data });
    const before = quarry.health().sequence;
    await quarry.documents('api::category.category').create({ data: { name: 'One' } });
    await quarry.documents('api::category.category').create({ data: { name: 'Two' } });
    await quarry.close();

    const byFlag = await status(['--data', data]);
    expect(byFlag.code, byFlag.stderr).toBe(0);
    expect(byFlag.stdout).toBe(`${JSON.stringify({ role: 'writer', sequence: before + 2, lag: 0 })}\n`);
    expect((await status([data])).stdout).toBe(byFlag.stdout);
  });

  it('refuses a folder named twice, and one that does not exist', async () => {
    const data = join(tempDir(), 'db');
    expect((await status([data, '--data', data])).code).toBe(2);
    const missing = await status(['--data', join(tempDir(), 'nothing')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
  });
});
