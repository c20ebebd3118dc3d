/**
 * bin/quarry.js as a user runs it (its #! line, not `node bin/quarry.js`): an import's process has
 * the malloc settings its memory bound rests on, a server's the young generation its pauses rest
 * on, and glibc's own malloc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHEMAS, PACKAGE_ROOT } from '../../src/cli/paths.js';
import { IMPORT_V8_POOL } from '../../src/cli/v8-pool.js';
import { ensureBuilt } from '../pool/support.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'quarry.js');

describe('the launcher', () => {
  let folder: string;
  let child: ChildProcess;
  let stderr = '';

  beforeAll(async () => {
    ensureBuilt();
    folder = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
    child = spawn(BIN, ['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'db'), '--port', '0', '--processes', '1'], { stdio: ['ignore', 'pipe', 'pipe'], env: withoutMalloc() });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      let stdout = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/serving \d+ content-types at/.test(stdout)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`quarry serve exited with ${code}: ${stderr}`)));
    });
  }, 60_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves with glibc\'s own malloc', () => {
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((v) => v.startsWith('MALLOC_'))).toEqual([]);
  });

  it('imports with glibc kept from holding freed memory, and says so; started by node itself, says how to', () => {
    // A file with no header: the import stops after its start-up lines, writing nothing.
    const file = join(folder, 'empty.json');
    writeFileSync(file, '');
    const args = ['import', file, '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'imported')];
    const launched = spawnSync(BIN, args, { encoding: 'utf8', env: withoutMalloc() });
    expect(launched.stderr).toContain('malloc: MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072\n');
    expect(launched.stderr).toContain(`v8 pool: ${IMPORT_V8_POOL} threads\n`);
    const bare = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: withoutMalloc() });
    expect(bare.stderr).toContain("malloc: glibc's defaults (for a lower memory peak set MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072");
    expect(bare.stderr).toContain(`v8 pool: node's default (for less CPU on a small machine start node with --v8-pool-size=${IMPORT_V8_POOL}`);
  });

  it('starts node with the serving young generation, and V8\'s own pool size', () => {
    expect(stderr).toContain('young generation: 64 MB\n');
    expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter((a) => a.startsWith('--v8-pool-size'))).toEqual([]);
  });
});

/** This process's environment without malloc settings of its own. */
function withoutMalloc(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_')));
}
