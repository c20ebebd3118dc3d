/**
 * Serving on every core, and what a request costs above its transport (issue 19, points 4 and 6).
 * `quarry serve` runs as a user starts it (a child process over a loaded folder) with
 * `--processes 1` and `--processes 2`, beside a bare server of the same transport that answers a
 * fixed 600-byte JSON; wrk loads each with cheap requests (one entry, a selective list, a deep
 * selective list), alternating in every round so that the machine's drift falls on all alike.
 * Each case runs once per pipelining depth: at 1 a connection waits for each answer, the way
 * the ratio to the bare server was always measured; at 64 wrk sends 64 requests a write, so it
 * takes less of the two cores the serving processes share with it (the scaling figure; at 16,
 * wrk still took about a third of a core at 50-60k req/s).
 *
 *   npm run bench:processes -- [10k] [--rounds=3] [--duration=8] [--connections=32] [--transports=node,uws] [--processes=1,2] [--pipeline=1,64]
 */
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { generateDataset } from '../fixtures/dataset/generate.js';
import { listFlag, numberFlag, parseSize, readArgs } from './args.js';
import { loadQuarry } from './http/load.js';
import { median, startBare, startQuarry, using, type ProcessMemory, type Running } from './processes/children.js';
import { hasWrk, wrk, type WrkResult } from './processes/wrk.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const TRANSPORTS = ['node', 'uws'] as const;

interface Case {
  readonly name: string;
  readonly path: string;
}

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '10k');
  const size = parseSize(positional);
  const rounds = numberFlag(flags, 'rounds', 3, 1);
  const seconds = numberFlag(flags, 'duration', 8, 1);
  const connections = numberFlag(flags, 'connections', 32, 1);
  const transports = listFlag(flags, 'transports', TRANSPORTS);
  const processCounts = (flags.get('processes') ?? '1,2').split(',').map(Number);
  const depths = (flags.get('pipeline') ?? '1,64').split(',').map(Number);
  if (!(await hasWrk())) throw new Error('wrk is not installed: apt-get install -y wrk');

  const data = generateDataset(size);
  const loaded = await loadQuarry(data, { noSync: true, progress: (line) => console.log(line), cacheDir: flags.get('data-cache') });
  const { quarry } = loaded;
  const one = await quarry.documents('api::restaurant.restaurant').findFirst({ filters: { id: 42 } });
  const chef = data.chefs[7]!.name;
  const cases: Case[] = [
    { name: 'get one', path: `/api/restaurants/${String(one!.documentId)}` },
    { name: 'selective list', path: `/api/restaurants?filters[name][$eq]=${encodeURIComponent(String(one!.name))}` },
    { name: 'deep selective', path: `/api/restaurants?filters[chef][name][$eq]=${encodeURIComponent(chef)}&pagination[pageSize]=5` },
  ];
  const folder = loaded.path;
  await quarry.close();

  const machine = `${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores`;
  console.log(`processes bench: ${size.toLocaleString('en-US')} restaurants, wrk -t1 -c${connections} -d${seconds}s, pipelining ${depths.join(' and ')}, ${rounds} rounds; ${machine}`);
  const results = new Map<string, Measured[]>();
  /** A wrk run, with the server's CPU time per answer over it. */
  const measured = async (server: Running, url: string, pipeline: number): Promise<Measured> => {
    const before = server.cpuSeconds();
    const result = await wrk(url, { connections, seconds, threads: 1, pipeline });
    const cpuUsPerRequest = ((server.cpuSeconds() - before) * 1e6) / (result.requestsPerSecond * seconds);
    return { ...result, cpuUsPerRequest };
  };
  /** The serving processes' memory after each server's cases, per transport and process count. */
  const memory = new Map<string, ProcessMemory[]>();
  const record = (key: string, result: Measured): void => {
    if (result.errors > 0) throw new Error(`${key}: ${result.errors} failed requests`);
    results.set(key, [...(results.get(key) ?? []), result]);
  };
  for (let round = 1; round <= rounds; round++) {
    for (const transport of transports) {
      await using(startBare(transport), async (bare) => {
        for (const depth of depths) record(`${transport} bare${deep(depth)}`, await measured(bare, `${bare.base}/`, depth));
      });
      for (const n of processCounts) {
        await using(startQuarry(folder, ['--transport', transport, '--processes', String(n)]), async (server) => {
          for (const c of cases) {
            // A short first run warms the caches and the JIT of every process.
            await wrk(`${server.base}${c.path}`, { connections, seconds: 1, threads: 1 });
            for (const depth of depths) record(`${transport} ${n}p ${c.name}${deep(depth)}`, await measured(server, `${server.base}${c.path}`, depth));
          }
          memory.set(`${transport} ${n}p`, [...(memory.get(`${transport} ${n}p`) ?? []), server.memory()]);
        });
      }
      console.log(`round ${round} ${transport} done`);
    }
  }
  await loaded.dispose();

  const figures: Record<string, { reqPerSec: number; p50Ms: number; p99Ms: number; cpuUsPerRequest: number }> = {};
  for (const [key, runs] of results) {
    figures[key] = {
      reqPerSec: Math.round(median(runs.map((r) => r.requestsPerSecond))), p50Ms: median(runs.map((r) => r.p50Ms)), p99Ms: median(runs.map((r) => r.p99Ms)),
      cpuUsPerRequest: Math.round(median(runs.map((r) => r.cpuUsPerRequest)) * 10) / 10,
    };
  }
  // The largest reading of the rounds: memory only grows with what the caches keep.
  const serving: Record<string, ProcessMemory> = {};
  for (const [key, readings] of memory) {
    serving[key] = readings.reduce((a, b) => (b.rssBytes > a.rssBytes ? b : a));
  }
  const lines: string[] = [];
  for (const transport of transports) {
    for (const n of processCounts) {
      const m = serving[`${transport} ${n}p`]!;
      lines.push(`\n${transport}: serving memory, ${n} process${n > 1 ? 'es' : ''}: RSS ${mb(m.rssBytes)} MB, of which its own ${mb(m.anonBytes)} MB (the rest: pages of the mapped data file)`);
    }
    for (const depth of depths) {
      const bare = figures[`${transport} bare${deep(depth)}`]!;
      lines.push(`\n${transport}, ${depth > 1 ? `${depth} requests pipelined a connection` : 'no pipelining'}: bare server ${bare.reqPerSec.toLocaleString('en-US')} req/s, ${bare.cpuUsPerRequest} µs of server CPU per answer`);
      lines.push(`  ${'case'.padEnd(16)}${processCounts.map((n) => `${n} proc req/s (p99 ms) [CPU µs/answer]`.padStart(40)).join('')}   scaling   vs bare (1 proc)`);
      for (const c of cases) {
        const at = (n: number) => figures[`${transport} ${n}p ${c.name}${deep(depth)}`]!;
        const first = at(processCounts[0]!);
        const last = at(processCounts.at(-1)!);
        // wrk times a pipelined batch, not its requests: no p99 there.
        const p99 = (n: number): string => (depth > 1 ? '-' : at(n).p99Ms.toFixed(2));
        lines.push(`  ${c.name.padEnd(16)}${processCounts.map((n) => `${at(n).reqPerSec.toLocaleString('en-US')} (${p99(n)}) [${at(n).cpuUsPerRequest}]`.padStart(40)).join('')}`
          + `   ${(last.reqPerSec / first.reqPerSec).toFixed(2)}×`.padEnd(10) + `   ${(first.reqPerSec / bare.reqPerSec).toFixed(2)}×`);
      }
    }
  }
  console.log(lines.join('\n'));
  const out = join(ROOT, 'bench', 'results', `processes-${positional.toLowerCase()}.json`);
  writeFileSync(out, `${JSON.stringify({ machine, size, rounds, seconds, connections, pipelining: depths, figures, serving }, null, 2)}\n`);
  console.log(`\nwritten ${out}`);
}

/** A wrk run's figures, with the server's CPU time per answer during it (all its processes and threads). */
interface Measured extends WrkResult {
  readonly cpuUsPerRequest: number;
}

/** The suffix of a figure's key for its pipelining depth: none at 1, so keys read as they always did. */
const deep = (depth: number): string => (depth > 1 ? ` pipelined ${depth}` : '');

const mb = (bytes: number): string => (bytes / 1024 ** 2).toFixed(0);

await main();
