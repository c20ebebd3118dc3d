/**
 * `quarry import` killed (SIGKILL) half-way through the demo dataset: the folder it leaves is
 * marked incomplete, and `quarry serve` refuses it rather than serve part of the data; once it is
 * removed, the same import runs through.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DATASET, DEMO_SCHEMAS, PACKAGE_ROOT } from '../../src/cli/paths.js';
import { ensureBuilt } from '../pool/support.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'quarry.js');
let root: string;

beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'quarry-import-crash-'));
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('QUARRY_')));

describe('an import cut off by a crash', () => {
  it('leaves a folder marked incomplete, which serve refuses, and imports again once removed', async () => {
    const data = join(root, 'db');
    // Small batches: the import writes many times before it ends, and is killed after the first.
    const child = spawn(process.execPath, [BIN, 'import', DEMO_DATASET, '--schemas', DEMO_SCHEMAS, '--data', data, '--batch', '50'], { env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/^import: \d+% \d+ records, [\d,]+\/s/m.test(stderr)) resolve();
      });
      void exited.then(() => reject(new Error(`the import ended before it was killed: ${stderr}`)));
    });
    child.kill('SIGKILL');
    await exited;

    const serve = spawnSync(process.execPath, [BIN, 'serve', '--schemas', DEMO_SCHEMAS, '--data', data, '--port', '0'], { env: env(), encoding: 'utf8', timeout: 30_000 });
    expect(serve.status).toBe(2);
    expect(serve.stderr).toMatch(/an import into this folder \(of \S+dataset\.json, begun \S+\) did not finish, so it holds part of that file: remove the folder and import again/);

    rmSync(data, { recursive: true, force: true });
    const again = spawnSync(process.execPath, [BIN, 'import', DEMO_DATASET, '--schemas', DEMO_SCHEMAS, '--data', data], { env: env(), encoding: 'utf8', timeout: 120_000 });
    expect(again.status, again.stderr).toBe(0);
    const check = spawnSync(process.execPath, [BIN, 'check', data, '--schemas', DEMO_SCHEMAS], { env: env(), encoding: 'utf8', timeout: 60_000 });
    expect(check.stdout).toMatch(/^consistent: /m);
  }, 180_000);
});
