/**
 * Replicas fed by NATS JetStream (issue 20), as users run them: a real nats-server, `quarry serve
 * --publish` and `quarry serve --replica-of` child processes, wrk for load.
 *
 * - lag: wrk writes to the writer as fast as it answers (closed loop: its highest sustained
 *   rate, with the default fsync per commit), an embedded replica (`createQuarry({ replicaOf })`
 *   in this process) notes for each change it applies how long after the writer's commit it was.
 * - reads: the loaded dataset's writer and 1, 2, 4 replica processes on this machine, each its
 *   own folder; one wrk per replica at once, cheap reads pipelined, the sum of their rates.
 * - start: the time a new replica takes to serve from the writer's snapshot (download, open),
 *   and the writer's first snapshot (a compacting copy, streamed into the object store).
 *
 *   npm run bench:replicas -- [10k] [--parts=lag,reads,start] [--duration=10] [--connections=16] [--replicas=1,2,4] [--pipeline=64] [--no-sync] [--data-cache=DIR]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { generateDataset } from '../fixtures/dataset/generate.js';
import { startNats, type NatsNode } from '../fixtures/nats-server.js';
import { createQuarry } from '../src/index.js';
import { listFlag, numberFlag, parseSize, readArgs } from './args.js';
import { loadQuarry } from './http/load.js';
import { median, startQuarry, type Running } from './processes/children.js';
import { hasWrk, wrk } from './processes/wrk.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const SCHEMAS = join(ROOT, 'data', 'schemas');
const PARTS = ['lag', 'reads', 'start'] as const;

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '10k');
  const size = parseSize(positional);
  const parts = listFlag(flags, 'parts', PARTS);
  const seconds = numberFlag(flags, 'duration', 10, 1);
  const connections = numberFlag(flags, 'connections', 16, 1);
  const counts = (flags.get('replicas') ?? '1,2,4').split(',').map(Number);
  const pipeline = numberFlag(flags, 'pipeline', 64, 1);
  if (!(await hasWrk())) throw new Error('wrk is not installed: apt-get install -y wrk');
  const machine = `${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores`;
  console.log(`replicas bench: ${parts.join(', ')}; ${machine}`);
  const node = await startNats();
  const work = mkdtempSync(join(tmpdir(), 'quarry-replicas-bench-'));
  const results: Record<string, unknown> = { machine };
  try {
    // `--no-sync`: the writer commits without fsync (faster writes, a machine crash may lose the latest).
    const noSync = flags.has('no-sync');
    if (parts.includes('lag')) results[noSync ? 'lagNoSync' : 'lag'] = await lag(node, work, seconds, connections, noSync);
    if (parts.includes('reads') || parts.includes('start')) {
      const data = generateDataset(size);
      const loaded = await loadQuarry(data, { noSync: true, progress: (line) => console.log(line), cacheDir: flags.get('data-cache') });
      const one = await loaded.quarry.documents('api::restaurant.restaurant').findFirst({ filters: { id: 42 } });
      const cases = [
        { name: 'get one', path: `/api/restaurants/${String(one!.documentId)}` },
        { name: 'selective list', path: `/api/restaurants?filters[name][$eq]=${encodeURIComponent(String(one!.name))}` },
        { name: 'deep selective', path: `/api/restaurants?filters[chef][name][$eq]=${encodeURIComponent(data.chefs[7]!.name)}&pagination[pageSize]=5` },
      ];
      await loaded.quarry.close();
      const started = performance.now();
      const writer = await startQuarry(loaded.path, ['--publish', node.url, '--stream', 'reads', '--processes', '1']);
      const firstSnapshotMs = performance.now() - started;
      try {
        if (parts.includes('start')) results.start = await start(node, work, size, loaded.path, firstSnapshotMs);
        if (parts.includes('reads')) results.reads = await reads(node, work, writer, cases, counts, { seconds, connections, pipeline });
      } finally {
        await writer.stop();
        await loaded.dispose();
      }
    }
  } finally {
    await node.remove();
    rmSync(work, { recursive: true, force: true });
  }
  // Parts run separately (`--parts=start` at 1m, `--no-sync`) land in one file a size.
  const out = join(ROOT, 'bench', 'results', `replicas-${positional.toLowerCase()}.json`);
  const kept = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(out, `${JSON.stringify({ ...kept, size, ...results }, null, 2)}\n`);
  console.log(`\nwritten ${out}`);
}

/** Replica lag at the writer's highest sustained write rate. */
async function lag(node: NatsNode, work: string, seconds: number, connections: number, noSync: boolean): Promise<unknown> {
  const writer = await startQuarry(join(work, 'lag-writer'), ['--publish', node.url, '--stream', 'lag', '--processes', '1', '--write-access', 'public', ...(noSync ? ['--no-sync'] : [])]);
  const replica = await createQuarry({ schemas: SCHEMAS, path: join(work, 'lag-replica'), replicaOf: { url: node.url, stream: 'lag' } });
  const samples: number[] = [];
  let measuring = false;
  replica.onChange((change) => {
    if (measuring) samples.push(Date.now() - change.committedAt);
  });
  try {
    const script = join(work, 'writes.lua');
    writeFileSync(script, [
      'counter = 0',
      'request = function()',
      '  counter = counter + 1',
      '  local body = \'{"data":{"name":"w\' .. counter .. \'-\' .. math.random(1000000000) .. \'"}}\'',
      '  return wrk.format("POST", "/api/categories", { ["Content-Type"] = "application/json" }, body)',
      'end',
      '',
    ].join('\n'));
    // A first second warms the writer, the replica and the stream.
    await wrk(`${writer.base}/api/categories`, { connections, seconds: 1, threads: 1, script });
    measuring = true;
    const result = await wrk(`${writer.base}/api/categories`, { connections, seconds, threads: 1, script });
    if (result.errors > 0) throw new Error(`${result.errors} writes failed`);
    const target = await sequenceOf(writer.base);
    const end = Date.now() + 60_000;
    while (replica.health().sequence < target && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
    measuring = false;
    samples.sort((a, b) => a - b);
    const at = (q: number): number => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    const stream = await streamState(node.url, 'lag');
    const figures = {
      writesPerSec: Math.round(result.requestsPerSecond), writeP50Ms: result.p50Ms, writeP99Ms: result.p99Ms, changes: samples.length,
      lagP50Ms: at(0.5), lagP99Ms: at(0.99), lagMaxMs: samples.at(-1), bytesPerChange: Math.round(stream.bytes / stream.messages),
    };
    console.log(`\nlag${noSync ? ' (writer --no-sync)' : ''}: ${figures.writesPerSec.toLocaleString('en-US')} writes/s (wrk -c${connections}, ${seconds} s; write p50 ${figures.writeP50Ms} ms, p99 ${figures.writeP99Ms} ms); `
      + `replica lag over ${samples.length.toLocaleString('en-US')} changes: p50 ${figures.lagP50Ms} ms, p99 ${figures.lagP99Ms} ms, max ${figures.lagMaxMs} ms; `
      + `${figures.bytesPerChange} bytes a change in the stream`);
    return figures;
  } finally {
    await replica.close();
    await writer.stop();
  }
}

/** Read throughput of the writer alone, then of 1, 2, 4 replica processes loaded at once. */
async function reads(
  node: NatsNode, work: string, writer: Running, cases: readonly { name: string; path: string }[], counts: readonly number[],
  load: { seconds: number; connections: number; pipeline: number },
): Promise<unknown> {
  const figures: Record<string, Record<string, number>> = {};
  const measure = async (servers: readonly Running[], label: string): Promise<void> => {
    const row: Record<string, number> = {};
    for (const c of cases) {
      await Promise.all(servers.map((s) => wrk(`${s.base}${c.path}`, { connections: load.connections, seconds: 1, threads: 1 })));
      const runs = await Promise.all(servers.map((s) => wrk(`${s.base}${c.path}`, { connections: load.connections, seconds: load.seconds, threads: 1, pipeline: load.pipeline })));
      if (runs.some((r) => r.errors > 0)) throw new Error(`${label} ${c.name}: failed requests (${runs.map((r) => r.errors).join(", ")} of ${runs.map((r) => Math.round(r.requestsPerSecond * load.seconds)).join(", ")})`);
      row[c.name] = Math.round(runs.reduce((n, r) => n + r.requestsPerSecond, 0));
    }
    figures[label] = row;
    console.log(`  ${label.padEnd(18)}${cases.map((c) => `${c.name} ${row[c.name]!.toLocaleString('en-US')} req/s`).join(', ')}`);
  };
  console.log(`\nreads (one wrk -t1 -c${load.connections} per server, ${load.pipeline} pipelined, ${load.seconds} s, all at once):`);
  await measure([writer], 'writer alone');
  // Replica processes each with its own folder, then one replica served by two processes (its
  // primary applies, both serve; one wrk per server, so this one gets one wrk, as "1 replica").
  const setups = [...counts.map((n) => ({ label: `${n} replica${n > 1 ? 's' : ''}`, replicas: n, processes: 1 })), { label: '1 replica, 2 proc', replicas: 1, processes: 2 }];
  for (const setup of setups) {
    const replicas: Running[] = [];
    const folderOf = (i: number) => join(work, `reads-${setup.replicas}-${setup.processes}-${i}`);
    try {
      for (let i = 0; i < setup.replicas; i++) replicas.push(await startQuarry(folderOf(i), ['--replica-of', node.url, '--stream', 'reads', '--processes', String(setup.processes)]));
      await measure(replicas, setup.label);
    } finally {
      for (const r of replicas) await r.stop();
      for (let i = 0; i < setup.replicas; i++) rmSync(folderOf(i), { recursive: true, force: true });
    }
  }
  return figures;
}

/** How long a new replica takes to serve from the snapshot, three times; and the writer's first snapshot. */
async function start(node: NatsNode, work: string, size: number, writerPath: string, firstSnapshotMs: number): Promise<unknown> {
  const times: number[] = [];
  let folderBytes = 0;
  for (let i = 0; i < 3; i++) {
    const path = join(work, `start-${i}`);
    const began = performance.now();
    const replica = await startQuarry(path, ['--replica-of', node.url, '--stream', 'reads', '--processes', '1']);
    times.push(performance.now() - began);
    folderBytes = statSync(join(path, 'data.mdb')).size;
    await replica.stop();
    rmSync(path, { recursive: true, force: true });
  }
  const figures = {
    writerFolderBytes: statSync(join(writerPath, 'data.mdb')).size, snapshotBytes: folderBytes,
    writerStartWithFirstSnapshotMs: Math.round(firstSnapshotMs), replicaStartMs: Math.round(median(times)), replicaStartRunsMs: times.map(Math.round),
  };
  console.log(`\nstart at ${size.toLocaleString('en-US')} restaurants: snapshot ${mb(figures.snapshotBytes)} MB (writer's folder ${mb(figures.writerFolderBytes)} MB); `
    + `writer start with its first snapshot ${figures.writerStartWithFirstSnapshotMs} ms; a new replica serves after ${figures.replicaStartMs} ms (median of 3: ${figures.replicaStartRunsMs.join(', ')})`);
  return figures;
}

/** The stream's message count and bytes (each create of a category: its row, indexes, counters). */
async function streamState(url: string, stream: string): Promise<{ messages: number; bytes: number }> {
  const nc = await connect({ servers: url });
  try {
    const { state } = await (await jetstreamManager(nc)).streams.info(stream);
    return { messages: state.messages, bytes: state.bytes };
  } finally {
    await nc.close();
  }
}

async function sequenceOf(base: string): Promise<number> {
  return ((await (await fetch(`${base}/_quarry/health`)).json()) as { sequence: number }).sequence;
}

const mb = (bytes: number): string => (bytes / 1024 ** 2).toFixed(0);

await main();
