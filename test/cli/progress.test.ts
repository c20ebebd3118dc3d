import { afterEach, describe, expect, it, vi } from 'vitest';
import { grouped, Progress } from '../../src/cli/progress.js';
import { Sink } from './support.js';

describe('grouped', () => {
  it('writes a count as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 36647, 123456789, -1234, -5, 1234.6]) expect(grouped(n)).toBe(Math.round(n).toLocaleString('en-US'));
  });
});

describe('progress', () => {
  it('without a terminal: one plain line per tenth of the work, and a closing line', () => {
    const out = new Sink(false);
    const p = new Progress(out, 'import');
    for (let i = 0; i <= 1000; i += 5) p.update(i, 1000, `${i} records`);
    p.finish('1000 records in 1.0 s');
    const lines = out.text.trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('import: 0% 0 records');
    expect(lines[5]).toBe('import: 50% 500 records');
    expect(lines.at(-1)).toBe('import: 1000 records in 1.0 s');
    expect(out.text).not.toMatch(/[\r\x1b]/);
  });

  it('asks a detail given as a function only for the lines it writes', () => {
    const out = new Sink(false);
    const p = new Progress(out, 'import');
    let asked = 0;
    for (let i = 0; i <= 1000; i++) p.update(i, 1000, () => `${++asked} asked`);
    expect(asked).toBe(11);
    expect(out.text.trimEnd().split('\n').at(-1)).toBe('import: 100% 11 asked');
  });

  it('on a terminal: a bar redrawn in place, then the closing line on its own', () => {
    const out = new Sink(true);
    const p = new Progress(out, 'export');
    p.update(0, 10, 'a');
    p.update(10, 10, 'b');
    p.finish('done');
    expect(out.text).toContain('\r\x1b[2Kexport [');
    expect(out.text).toContain('] 100% b');
    expect(out.text.endsWith('\r\x1b[2Kexport: done\n')).toBe(true);
  });

  it('says a stage on its own line, clearing the bar first on a terminal', () => {
    const out = new Sink(true);
    const p = new Progress(out, 'import');
    p.update(10, 10, 'read');
    p.say('building');
    p.finish('done');
    expect(out.text.endsWith('\r\x1b[2Kimport: building\nimport: done\n')).toBe(true);
  });

  afterEach(() => vi.useRealTimers());

  it('tells the time left from the pace so far, once a second has passed', () => {
    vi.useFakeTimers();
    const out = new Sink(false);
    const p = new Progress(out, 'import');
    p.update(50, 1000, '50 records');
    vi.advanceTimersByTime(2_000);
    p.update(250, 1000, '250 records');
    vi.advanceTimersByTime(38_000);
    p.update(400, 1000, '400 records');
    expect(out.text.split('\n').slice(0, 3)).toEqual([
      'import: 5% 50 records',
      'import: 25% 250 records, about 6 s left',
      'import: 40% 400 records, about 1 min 00 s left',
    ]);
  });
});
