import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/usage.js';

describe('parseCommandArgs', () => {
  it('reads --flag value, --flag=value, boolean flags and positionals in any order', () => {
    const args = parseCommandArgs(['--schemas', 's', 'file.json', '--data=d', '--no-sync'], ['schemas', 'data', 'noSync'], ['FILE']);
    expect(args).toEqual({ flags: { schemas: 's', data: 'd', 'no-sync': true }, positionals: ['file.json'], help: false });
  });

  it('reads multi-word flags by their dashed name', () => {
    expect(parseCommandArgs(['--default-locale', 'fr'], ['defaultLocale'], []).flags).toEqual({ 'default-locale': 'fr' });
  });

  it('takes -h and --help, and then does not count positionals', () => {
    expect(parseCommandArgs(['-h'], [], ['FILE']).help).toBe(true);
    expect(parseCommandArgs(['--help'], ['port'], []).help).toBe(true);
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--port'], /argument missing/],
    [['extra'], /expected no arguments, got "extra"/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCommandArgs(argv, ['port'], [])).toThrow(UsageError);
    expect(() => parseCommandArgs(argv, ['port'], [])).toThrow(message);
  });

  it('a missing or extra positional is a usage error naming what was expected', () => {
    expect(() => parseCommandArgs([], [], ['FILE'])).toThrow('expected FILE, got none');
    expect(() => parseCommandArgs(['a', 'b'], [], ['FILE'])).toThrow('expected FILE, got "a" "b"');
  });
});
