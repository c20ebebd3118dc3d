/**
 * Served-file throughput (issue 18): files under `/uploads/` over uWebSockets.js and Node's
 * `http`, answered by the same core from the same folder.
 *
 *   node dist/bench/uploads-serve.bench.js [--duration=5] [--warmup=1] [--servers=uws,node] [--only=...]
 *
 * Scenarios: a 20 KB file (a thumbnail's size) whole, the same revalidated (`If-None-Match`,
 * a 304), a 64 KiB range of a 32 MiB file (a video seek), and the 32 MiB file whole. autocannon
 * runs in a child process (bench/http/client.ts) with 2 connections per core (one connection
 * per core for the whole large file); every answer must have the expected status. MB/s is
 * answers per second times the bytes each carries. Results go to bench/results/uploads-serve.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { repoRoot } from '../fixtures/repo-root.js';
import { startNodeHttpServer, startServer, type RunningServer, type ServerOptions } from '../src/http/index.js';
import { createQuarry } from '../src/index.js';
import { listFlag, numberFlag, readArgs } from './args.js';
import { LoadGenerator } from './http/driver.js';
import type { PlannedRequest } from './http/protocol.js';
import { printRows } from './table.js';

const SMALL_BYTES = 20 * 1024;
const LARGE_BYTES = 32 * 1024 * 1024;
const RANGE_BYTES = 64 * 1024;
const SERVERS = { uws: startServer, node: startNodeHttpServer } as const satisfies Record<string, (o: ServerOptions) => Promise<RunningServer>>;
type ServerName = keyof typeof SERVERS;

interface Scenario {
  readonly name: string;
  readonly status: number;
  /** Bytes of body each answer carries. */
  readonly bytes: number;
  readonly connections: number;
  requests(etag: string): PlannedRequest[];
}

const cores = cpus().length;
const SCENARIOS: readonly Scenario[] = [
  { name: 'small-200', status: 200, bytes: SMALL_BYTES, connections: 2 * cores, requests: () => [{ method: 'GET', path: '/uploads/small_0123456789.jpg' }] },
  { name: 'small-304', status: 304, bytes: 0, connections: 2 * cores, requests: (etag) => [{ method: 'GET', path: '/uploads/small_0123456789.jpg', headers: { 'if-none-match': etag } }] },
  {
    name: 'range-64k', status: 206, bytes: RANGE_BYTES, connections: 2 * cores,
    requests: () => Array.from({ length: 64 }, (_, i) => ({ method: 'GET', path: '/uploads/large_0123456789.mp4', headers: { range: `bytes=${i * 512 * 1024}-${i * 512 * 1024 + RANGE_BYTES - 1}` } })),
  },
  { name: 'large-200', status: 200, bytes: LARGE_BYTES, connections: cores, requests: () => [{ method: 'GET', path: '/uploads/large_0123456789.mp4' }] },
];
type ScenarioName = (typeof SCENARIOS)[number]['name'];

function* largeChunks(): Generator<Buffer> {
  for (let i = 0; i < LARGE_BYTES / 65536; i++) yield Buffer.alloc(65536, i % 251);
}

async function main(): Promise<void> {
  const { flags } = readArgs(process.argv.slice(2), '');
  const duration = numberFlag(flags, 'duration', 5, 1);
  const warmup = numberFlag(flags, 'warmup', 1, 0);
  const servers = listFlag(flags, 'servers', Object.keys(SERVERS) as ServerName[]);
  const only = listFlag(flags, 'only', SCENARIOS.map((s) => s.name) as ScenarioName[]);
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-uploads-'));
  const quarry = createQuarry({ schemas: join(repoRoot(), 'data', 'schemas'), path: join(dir, 'data'), noSync: true });
  const load = new LoadGenerator();
  const results: Record<string, unknown>[] = [];
  try {
    const batch = quarry.files.batch();
    await batch.write('small_0123456789.jpg', Buffer.alloc(SMALL_BYTES, 7));
    await batch.write('large_0123456789.mp4', Readable.from(largeChunks()));
    await batch.commit();
    for (const scenario of SCENARIOS.filter((s) => only.includes(s.name))) {
      for (const name of servers) {
        const server = await SERVERS[name]({ quarry });
        try {
          const url = `http://127.0.0.1:${server.port}`;
          const etag = (await fetch(`${url}/uploads/small_0123456789.jpg`, { method: 'HEAD' })).headers.get('etag')!;
          const spec = { url, connections: scenario.connections, requests: scenario.requests(etag) };
          if (warmup > 0) await load.run({ ...spec, duration: warmup });
          const summary = await load.run({ ...spec, duration });
          const wrong = Object.entries(summary.statuses).filter(([status]) => Number(status) !== scenario.status);
          if (summary.errors > 0 || summary.timeouts > 0 || wrong.length > 0) {
            throw new Error(`${scenario.name} on ${name}: ${summary.errors} errors, ${summary.timeouts} timeouts, statuses ${JSON.stringify(summary.statuses)}`);
          }
          results.push({
            scenario: scenario.name, server: name, connections: scenario.connections,
            reqPerSec: summary.reqPerSecTotal, mbPerSec: (summary.reqPerSecTotal * scenario.bytes) / 1e6,
            latencyMs: summary.latencyMs,
          });
        } finally {
          await server.close();
        }
      }
    }
  } finally {
    load.close();
    await quarry.close();
    rmSync(dir, { recursive: true, force: true });
  }
  printRows(['scenario', 'server', 'conns', 'req/s', 'MB/s', 'p50 ms', 'p99 ms'], results.map((r) => {
    const latency = r.latencyMs as { p50: number; p99: number };
    return [String(r.scenario), String(r.server), String(r.connections), (r.reqPerSec as number).toFixed(0), (r.mbPerSec as number).toFixed(0), latency.p50.toFixed(2), latency.p99.toFixed(2)];
  }));
  const out = join(repoRoot(), 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'uploads-serve.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores, loadavg: loadavg(), duration, results }, null, 2)}\n`);
}

await main();
