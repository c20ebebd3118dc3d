import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../../src/cli/main.js';
import { SETTINGS } from '../../src/cli/settings.js';
import { testContext } from './support.js';

describe('quarry: commands, help and exit codes', () => {
  it('without a command: the command list on stderr, exit 2', async () => {
    const ctx = testContext();
    expect(await main([], ctx)).toBe(2);
    expect(ctx.stderr.text).toContain('Usage: quarry <command>');
    for (const c of COMMANDS) expect(ctx.stderr.text).toContain(`  ${c.name}`);
  });

  it('--help and help: the command list on stdout, exit 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const ctx = testContext();
      expect(await main(argv, ctx)).toBe(0);
      expect(ctx.stdout.text).toContain('Exit codes: 0 ok, 1 runtime error, 2 usage error, 3 problems found (check).');
    }
  });

  for (const cmd of COMMANDS) {
    it(`${cmd.name} --help shows its usage and every option with its variable and default`, async () => {
      const ctx = testContext();
      expect(await main([cmd.name, '--help'], ctx)).toBe(0);
      const help = ctx.stdout.text;
      expect(help).toMatch(new RegExp(`^Usage: quarry ${cmd.name}`));
      for (const name of cmd.settings) {
        expect(help).toContain(`--${SETTINGS[name].flag}`);
        expect(help).toContain(`env ${SETTINGS[name].env}`);
      }
      const viaHelp = testContext();
      await main(['help', cmd.name], viaHelp);
      expect(viaHelp.stdout.text).toBe(help);
    });
  }

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['serve', '--colour', 'red'], /Unknown option '--colour'/],
    [['serve'], /--schemas is required \(or set QUARRY_SCHEMAS\)/],
    [['serve', '--schemas', 'data/schemas', '--data', 'x', '--port', 'http'], /--port "http": must be a port number/],
    [['import'], /expected FILE, got none/],
    [['import', 'dump.csv', '--schemas', 's', '--data', 'd'], /must end in \.json or \.msgpack/],
    [['import', 'missing.json', '--schemas', 'data/schemas', '--data', 'd'], /missing\.json: no such file/],
    [['export', 'out.json', '--schemas', 'data/schemas', '--data', '/nonexistent/quarry'], /--data \/nonexistent\/quarry: no such folder/],
    [['export', 'out.json', '--schemas', 'no/such/schemas', '--data', 'd'], /--schemas no\/such\/schemas: no such folder/],
  ])('%j is a usage error: exit 2 with a message and a pointer to --help', async (argv, message) => {
    const ctx = testContext();
    expect(await main(argv, ctx)).toBe(2);
    expect(ctx.stderr.text).toMatch(message);
    if (argv[0] !== 'frobnicate') expect(ctx.stderr.text).toContain(`Run \`quarry ${argv[0]} --help\``);
  });

  it('bench passes its arguments through, and reads only a leading --help', async () => {
    const ctx = testContext();
    expect(await main(['bench', '--help'], ctx)).toBe(0);
    expect(ctx.stdout.text).toContain('quarry bench -- --help');
  });
});
