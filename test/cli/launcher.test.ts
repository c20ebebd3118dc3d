/**
 * bin/quarry.js as a user runs it (its shebang, not `node bin/quarry.js`): the process it starts
 * has the launcher's malloc settings and young generation, which a bulk load's memory bound and a
 * server's pauses rest on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHEMAS, PACKAGE_ROOT } from '../../src/cli/paths.js';
import { ensureBuilt } from '../pool/support.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'quarry.js');

describe('the launcher', () => {
  let folder: string;
  let child: ChildProcess;
  let stderr = '';

  beforeAll(async () => {
    ensureBuilt();
    folder = mkdtempSync(join(tmpdir(), 'quarry-launcher-'));
    child = spawn(BIN, ['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'db'), '--port', '0', '--processes', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
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

  it('starts node with glibc kept from holding freed memory', () => {
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=2');
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
  });

  it('starts node with the serving young generation', () => {
    expect(stderr).toContain('young generation: 64 MB\n');
  });
});
