/**
 * `quarry serve --processes 2` as a user starts it: two serving processes on one port over one
 * data folder. A write answered by either is seen by the next read through the other (filters,
 * single entries, populated relations, GraphQL); a process that dies is replaced; SIGTERM stops all.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { BIN, send, until } from '../support/quarry-process.js';
import { ensureBuilt } from '../pool/support.js';

/** The pids of a process's children: here, the serving processes. */
function childrenOf(pid: number): number[] {
  const run = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid=']);
  return run.stdout.toString().split('\n').map((line) => Number(line.trim())).filter((n) => n > 0);
}

describe.each(['node', 'uws'] as const)('quarry serve --processes 2 --transport %s', (transport) => {
  let folder: string;
  let primary: ChildProcess;
  let base: string;
  let exited: Promise<number | null>;
  let stderr = '';

  beforeAll(async () => {
    ensureBuilt();
    folder = mkdtempSync(join(tmpdir(), 'quarry-processes-'));
    primary = spawn(process.execPath, [BIN, 'serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'db'), '--locales', 'en,fr',
      '--port', '0', '--processes', '2', '--transport', transport, '--write-access', 'public'], { stdio: ['ignore', 'pipe', 'pipe'] });
    exited = new Promise((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let stdout = '';
    primary.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const url = await until(() => /serving \d+ content-types at (\S+) \(2 processes\)/.exec(stdout)?.[1], 60_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${stderr}`);
    });
    base = url.replace(/\/api$/, '');
  }, 120_000);

  afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs two serving processes under the primary', () => {
    expect(childrenOf(primary.pid!)).toHaveLength(2);
  });

  it('shows each write to the next read through either process', async () => {
    const chef = await send(base, 'POST', '/api/chefs', { data: { name: 'Chef 0' } });
    expect(chef.status).toBe(201);
    const chefId = (chef.body.data as { documentId: string }).documentId;
    const made = await send(base, 'POST', '/api/restaurants', { data: { name: 'Name 0', stars: 0, chef: chefId } });
    const documentId = (made.body.data as { documentId: string }).documentId;
    const stale: string[] = [];
    let sequence = (await send(base, 'GET', '/_quarry/health')).body.sequence as number;
    for (let i = 1; i <= 12; i++) {
      expect((await send(base, 'PUT', `/api/restaurants/${documentId}`, { data: { name: `Name ${i}`, stars: i % 6 } })).status).toBe(200);
      const one = await send(base, 'GET', `/api/restaurants/${documentId}`);
      if ((one.body.data as { name: string }).name !== `Name ${i}`) stale.push(`one ${i}`);
      const filtered = await send(base, 'GET', `/api/restaurants?filters[name][$eq]=${encodeURIComponent(`Name ${i}`)}&filters[stars][$eq]=${i % 6}`);
      if ((filtered.body.data as unknown[]).length !== 1) stale.push(`filter ${i}`);
      expect((await send(base, 'PUT', `/api/chefs/${chefId}`, { data: { name: `Chef ${i}` } })).status).toBe(200);
      const populated = await send(base, 'GET', `/api/restaurants/${documentId}?populate=chef`);
      if ((populated.body.data as { chef: { name: string } }).chef.name !== `Chef ${i}`) stale.push(`populate ${i}`);
      const graphql = await send(base, 'POST', '/graphql', { query: `{ restaurants(filters: { name: { eq: "Name ${i}" } }) { name chef { name } } }` });
      const found = (graphql.body.data as { restaurants: { chef: { name: string } }[] }).restaurants;
      if (found.length !== 1 || found[0]!.chef.name !== `Chef ${i}`) stale.push(`graphql ${i}`);
      // Each of the two writes is one commit, whichever process answers the health check.
      const health = await send(base, 'GET', '/_quarry/health');
      if (health.body.sequence !== sequence + 2) stale.push(`health ${i}: ${String(health.body.sequence)} after ${sequence}`);
      sequence = health.body.sequence as number;
    }
    expect(stale).toEqual([]);
  }, 60_000);

  it('starts another serving process when one dies, and goes on serving', async () => {
    const [victim] = childrenOf(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    const replaced = await until(() => {
      const now = childrenOf(primary.pid!);
      return now.length === 2 && !now.includes(victim!) ? now : undefined;
    });
    expect(replaced).toHaveLength(2);
    for (let i = 0; i < 6; i++) expect((await send(base, 'GET', '/api/restaurants')).status).toBe(200);
    expect(stderr).toMatch(/serving process \d+ ended \(SIGKILL\); starting another/);
  }, 30_000);

  it('a second primary on the same port exits 1, saying why', () => {
    const port = new URL(base).port;
    const second = spawnSync(process.execPath, [BIN, 'serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'db2'), '--port', port,
      '--processes', '2', '--transport', transport], { encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    // Refused by the primary before any serving process starts: uWebSockets.js's would share the port.
    expect(second.stderr).toMatch(/quarry serve: error: listen EADDRINUSE/);
  }, 60_000);

  it('stops every process on SIGTERM and exits 0', async () => {
    const children = childrenOf(primary.pid!);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(children.filter((pid) => spawnSync('kill', ['-0', String(pid)]).status === 0)).toEqual([]);
    expect(stderr).toMatch(/closing 2 serving processes/);
  }, 30_000);
});
