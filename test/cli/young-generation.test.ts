import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { YOUNG_GENERATION_FLAGS, youngGenerationNote } from '../../src/cli/young-generation.js';

const built = join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'young-generation.js');
const noteOf = (flags: readonly string[]) =>
  spawnSync(process.execPath, [...flags, '--input-type=module', '-e', `import(${JSON.stringify(built)}).then((m) => process.stdout.write(m.youngGenerationNote()))`], { encoding: 'utf8' }).stdout;

describe('the young generation note', () => {
  it('says the size and, below the serving size, which flags enlarge it', () => {
    expect(youngGenerationNote()).toMatch(/^young generation: \d+ MB/);
    expect(noteOf([])).toContain(YOUNG_GENERATION_FLAGS.join(' '));
    expect(noteOf(YOUNG_GENERATION_FLAGS)).toBe('young generation: 64 MB\n');
  });
});
