import { describe, expect, it } from 'vitest';
import { describeSettings, resolveSettings } from '../../src/cli/settings.js';
import { UsageError } from '../../src/cli/usage.js';

describe('settings: flag, else environment, else default', () => {
  const names = ['host', 'port', 'data'] as const;

  it('a flag wins over the environment, which wins over the default', () => {
    const s = resolveSettings(names, { port: '8080' }, { QUARRY_PORT: '9090', QUARRY_HOST: '0.0.0.0', QUARRY_DATA: 'd' });
    expect(s.port).toEqual({ value: 8080, text: '8080', source: 'flag' });
    expect(s.host).toEqual({ value: '0.0.0.0', text: '0.0.0.0', source: 'env' });
    expect(resolveSettings(['port'], {}, {}).port).toEqual({ value: 1337, text: '1337', source: 'default' });
  });

  it('a command may give a setting its own default', () => {
    expect(resolveSettings(['data'], {}, {}, { data: '.quarry/demo' }).data).toEqual({ value: '.quarry/demo', text: '.quarry/demo', source: 'default' });
    expect(resolveSettings(['data'], {}, { QUARRY_DATA: 'x' }, { data: '.quarry/demo' }).data.source).toBe('env');
  });

  it('a required setting that is missing names its flag and variable', () => {
    expect(() => resolveSettings(['schemas'], {}, {})).toThrow(new UsageError('--schemas is required (or set QUARRY_SCHEMAS)'));
  });

  it('a bad value names where it came from', () => {
    expect(() => resolveSettings(['port'], { port: 'x' }, {})).toThrow(/^--port "x": must be a port number/);
    expect(() => resolveSettings(['port'], {}, { QUARRY_PORT: '70000' })).toThrow(/^QUARRY_PORT "70000": must be a port number/);
    expect(() => resolveSettings(['batch'], {}, { QUARRY_BATCH: '0' })).toThrow(/QUARRY_BATCH "0": must be a whole number above 0/);
    expect(() => resolveSettings(['transport'], { transport: 'h2' }, {})).toThrow(/must be "uws"/);
  });

  it('parses lists and booleans, from flags and from the environment', () => {
    expect(resolveSettings(['locales'], { locales: 'en, fr' }, {}).locales.value).toEqual(['en', 'fr']);
    expect(resolveSettings(['corsOrigins'], {}, { QUARRY_CORS_ORIGINS: 'https://a.test,https://b.test' }).corsOrigins.value).toEqual(['https://a.test', 'https://b.test']);
    expect(resolveSettings(['noSync'], { 'no-sync': true }, {}).noSync.value).toBe(true);
    expect(resolveSettings(['noSync'], {}, { QUARRY_NO_SYNC: 'yes' }).noSync.value).toBe(true);
    expect(resolveSettings(['noSync'], {}, { QUARRY_NO_SYNC: '0' }).noSync.value).toBe(false);
  });

  it('the start-up report shows every setting, its value and where it came from', () => {
    const s = resolveSettings(['host', 'port', 'data', 'defaultLocale'], { port: '1' }, { QUARRY_DATA: '/tmp/q' });
    expect(describeSettings('serve', s)).toBe([
      'quarry serve settings:',
      '  --host            127.0.0.1  default',
      '  --port            1          flag --port',
      '  --data            /tmp/q     env QUARRY_DATA',
      '  --default-locale  (unset)    default',
      '',
    ].join('\n'));
  });
});
