import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../../src/cli/main.js';
import { tempDir, testContext } from './support.js';

describe('quarry token', () => {
  const group = COMMANDS.filter((c) => c.name.startsWith('token '));

  it('--help, -h and `quarry help token` print the group\'s commands and exit 0', async () => {
    const texts: string[] = [];
    for (const argv of [['token', '--help'], ['token', '-h'], ['help', 'token']]) {
      const ctx = testContext();
      expect(await main(argv, ctx), argv.join(' ')).toBe(0);
      expect(ctx.stderr.text).toBe('');
      texts.push(ctx.stdout.text);
    }
    expect(texts[0]).toMatch(/^Usage: quarry token <create\|list\|revoke> \[options\]\n/);
    for (const c of group) expect(texts[0]).toContain(`  ${c.name}  `);
    expect(texts[0]).toContain('Run `quarry token <command> --help` for its options.');
    expect(new Set(texts).size).toBe(1);
  });

  it('without a subcommand, or with an unknown one, is a usage error that shows the group', async () => {
    for (const argv of [['token'], ['token', 'rotate']]) {
      const ctx = testContext();
      expect(await main(argv, ctx)).toBe(2);
      expect(ctx.stderr.text).toContain('quarry token: expected one of create, list, revoke.');
      expect(ctx.stderr.text).toContain('Usage: quarry token <create|list|revoke>');
    }
  });

  it('revoking a token that is not there (revoked already, or never made) is a failure with its reason: exit 1', async () => {
    const data = join(tempDir(), 'db');
    const run = async (...argv: string[]) => {
      const ctx = testContext();
      return { code: await main(['token', ...argv, '--data', data], ctx), stdout: ctx.stdout.text, stderr: ctx.stderr.text };
    };
    expect((await run('create', '--name', 'deploy', '--type', 'read-only')).code).toBe(0);
    const first = await run('revoke', '--name', 'deploy');
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('Token "deploy" (read-only) revoked.');
    for (const name of ['deploy', 'never-made']) {
      const again = await run('revoke', '--name', name);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`quarry token revoke: error: no token named "${name}" in ${data}: it was revoked already or never made`);
      expect(again.stderr).not.toContain('--help');
    }
    expect((await run('list')).stdout).toBe('');
  });
});
