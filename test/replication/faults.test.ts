/**
 * Issue 20's fault tests, with real processes: a writer killed between commit and publish (and,
 * under load, anywhere, after publish before trim included), a replica killed while it applies,
 * a NATS node of three killed under write load; each restarted. Afterwards every acknowledged
 * write is on the replica, and `quarry check --compare` finds the replica's folder equal to the
 * writer's, database by database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { ensureBuilt } from '../pool/support.js';
import { withNats } from '../support/nats.js';
import { BIN, runQuarry, send, serving, until, type QuarryProcess } from '../support/quarry-process.js';

const running: QuarryProcess[] = [];
let folder: string;

beforeAll(() => {
  ensureBuilt();
  folder = mkdtempSync(join(tmpdir(), 'quarry-faults-'));
});
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function writerOn(url: string, data: string, extra: readonly string[] = []): Promise<{ process: QuarryProcess; base: string }> {
  const process = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', data, '--port', '0', '--processes', '1', '--write-access', 'public', '--publish', url, ...extra]);
  running.push(process);
  return { process, base: await serving(process) };
}

async function replicaOf(url: string, data: string, extra: readonly string[] = []): Promise<{ process: QuarryProcess; base: string }> {
  const process = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', data, '--port', '0', '--replica-of', url, ...extra]);
  running.push(process);
  return { process, base: await serving(process) };
}

async function kill(p: QuarryProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

/**
 * Writes categories named `<prefix><n>` from `lanes` concurrent clients to the server `base()`
 * names while `during` runs; answers the names acknowledged (201).
 */
async function underLoad(base: () => string, prefix: string, during: () => Promise<void>, lanes = 4): Promise<string[]> {
  const acknowledged: string[] = [];
  let done = false;
  let n = 0;
  const clients = Promise.all(Array.from({ length: lanes }, async () => {
    while (!done) {
      const name = `${prefix}${n++}`;
      const reply = await send(base(), 'POST', '/api/categories', { data: { name } }).catch(() => undefined);
      if (reply?.status === 201) acknowledged.push(name);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }));
  try {
    await during();
  } finally {
    done = true;
    await clients;
  }
  return acknowledged;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function caughtUp(writer: string, replica: string): Promise<void> {
  const target = (await send(writer, 'GET', '/_quarry/health')).body.sequence as number;
  await until(async () => ((await send(replica, 'GET', '/_quarry/health')).body.sequence as number) >= target || undefined, 60_000);
}

/** How many categories named `<prefix>...` the server at `base` has. */
async function held(base: string, prefix: string): Promise<number> {
  const reply = await send(base, 'GET', `/api/categories?filters[name][$startsWith]=${prefix}&pagination[pageSize]=1`);
  return (reply.body.meta as { pagination: { total: number } }).pagination.total;
}

/** The names of the categories named `<prefix>...` the server at `base` has. */
async function names(base: string, prefix: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (let page = 1; ; page++) {
    const reply = await send(base, 'GET', `/api/categories?filters[name][$startsWith]=${prefix}&fields[0]=name&pagination[pageSize]=100&pagination[page]=${page}`);
    const data = reply.body.data as { name: string }[];
    for (const d of data) out.add(d.name);
    if (data.length < 100) return out;
  }
}

/**
 * Every acknowledged write is on the replica, which holds what the writer holds (a write the
 * writer committed as it was killed, before its answer left, is there too, unacknowledged).
 */
async function noneLost(writer: string, replica: string, prefix: string, acknowledged: readonly string[]): Promise<void> {
  const there = await names(replica, prefix);
  expect(acknowledged.filter((name) => !there.has(name))).toEqual([]);
  expect(there).toEqual(await names(writer, prefix));
}

/** Once the replica applied all the writer committed: no acknowledged write lost, and `quarry check --compare` finds the folders equal. */
async function endsEqual(writer: { base: string; data: string }, replica: { base: string; data: string }, prefix: string, acknowledged: readonly string[]): Promise<void> {
  await caughtUp(writer.base, replica.base);
  await noneLost(writer.base, replica.base, prefix, acknowledged);
  const run = spawnSync(process.execPath, [BIN, 'check', replica.data, '--compare', writer.data, '--schemas', DEMO_SCHEMAS]);
  expect(run.stdout.toString()).toMatch(/same content as/);
  expect(run.status).toBe(0);
}

describe('faults with one NATS node', () => {
  const nodes = withNats();

  it('loses nothing when the writer is killed between commit and publish, or anywhere under load, and restarted', async () => {
    const node = nodes[0]!;
    const writerData = join(folder, 'w1');
    let writer = await writerOn(node.url, writerData);
    const replica = await replicaOf(node.url, join(folder, 'r1'));
    // Between commit and publish: NATS is down, the writes are committed (acknowledged) and wait in the outbox.
    await node.stop(true);
    const waiting: string[] = [];
    for (let i = 0; i < 20; i++) {
      expect((await send(writer.base, 'POST', '/api/categories', { data: { name: `outbox-${i}` } })).status).toBe(201);
      waiting.push(`outbox-${i}`);
    }
    await kill(writer.process);
    await node.start();
    writer = await writerOn(node.url, writerData);
    await caughtUp(writer.base, replica.base);
    expect(await held(replica.base, 'outbox-')).toBe(waiting.length);

    // Anywhere under load: killed twice while four clients write, restarted each time.
    const acknowledged = await underLoad(() => writer.base, 'load-', async () => {
      for (let round = 0; round < 2; round++) {
        await sleep(400);
        await kill(writer.process);
        writer = await writerOn(node.url, writerData);
      }
      await sleep(300);
    });
    expect(acknowledged.length).toBeGreaterThan(20);
    await endsEqual({ base: writer.base, data: writerData }, { base: replica.base, data: join(folder, 'r1') }, 'load-', acknowledged);
  }, 120_000);

  it('loses nothing when a replica is killed while it applies, and restarted', async () => {
    const node = nodes[0]!;
    const writer = await writerOn(node.url, join(folder, 'w2'), ['--stream', 'two']);
    const replicaData = join(folder, 'r2');
    let replica = await replicaOf(node.url, replicaData, ['--stream', 'two']);
    const acknowledged = await underLoad(() => writer.base, 'r-', async () => {
      for (let round = 0; round < 3; round++) {
        await sleep(300);
        await kill(replica.process);
        replica = await replicaOf(node.url, replicaData, ['--stream', 'two']);
      }
    });
    await endsEqual({ base: writer.base, data: join(folder, 'w2') }, { base: replica.base, data: replicaData }, 'r-', acknowledged);
  }, 120_000);
});

describe('faults with a NATS cluster of three', () => {
  const nodes = withNats(3);

  it('loses nothing when one NATS node of three is killed under write load, and restarted', async () => {
    const urls = nodes.map((n) => n.url).join(',');
    // The cluster elects its JetStream leader some seconds after the nodes are ready: the writer retries until then.
    const writer = await writerOn(urls, join(folder, 'w3'), ['--stream-replicas', '3']);
    const replica = await replicaOf(urls, join(folder, 'r3'));
    const acknowledged = await underLoad(() => writer.base, 'c-', async () => {
      await sleep(500);
      await nodes[0]!.stop(true);
      await sleep(1500);
      await nodes[0]!.start();
      await sleep(500);
    });
    expect(acknowledged.length).toBeGreaterThan(20);
    await endsEqual({ base: writer.base, data: join(folder, 'w3') }, { base: replica.base, data: join(folder, 'r3') }, 'c-', acknowledged);
  }, 180_000);
});
