/**
 * Selective reads while broad ones run (issue 19, point 5): `quarry serve` with its defaults
 * (and with other `--pool-threads`, to compare), clients running broad queries continuously (a
 * wide `$containsi`, a two-hop deep filter, a count of everything) and, meanwhile, a client of
 * selective ones (one entry, an exact name) whose latency is measured. The target: selective
 * p99 under 5 ms. Settings alternate each round. The broad clients run at nice 15: on two cores
 * their own scheduling would otherwise count in the selective client's latency, and they need
 * little CPU (they wait on the server).
 *
 * Each selective read is measured twice: by wrk's closed loop (two connections, each sending its
 * next request as soon as an answer comes: the server and the client as busy as they can be), and
 * paced, `--rate` requests a second arriving whatever the answers do (processes/paced.ts). On two
 * cores the closed loop keeps three threads of nice 0 (wrk and the two serving processes) on two
 * cores beside the broad reads, and its tail is largely the scheduler's time slice; paced requests
 * measure what a request arriving at a steady rate waits.
 *
 *   npm run bench:mixed -- [100k] [--rounds=3] [--duration=10] [--pools=default,0] [--rate=2000] [--data-cache=DIR]
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset } from '../fixtures/dataset/generate.js';
import { numberFlag, parseSize, readArgs } from './args.js';
import { loadQuarry } from './http/load.js';
import { median, startQuarry, using } from './processes/children.js';
import { GRACE_MS, paced } from './processes/paced.js';
import { hasWrk, wrk, type WrkResult } from './processes/wrk.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '100k');
  const size = parseSize(positional);
  const rounds = numberFlag(flags, 'rounds', 3, 1);
  const seconds = numberFlag(flags, 'duration', 10, 2);
  const pools = (flags.get('pools') ?? 'default,0').split(',');
  const rate = numberFlag(flags, 'rate', 2000, 1);
  if (!(await hasWrk())) throw new Error('wrk is not installed: apt-get install -y wrk');

  const data = generateDataset(size);
  const loaded = await loadQuarry(data, { noSync: true, progress: (line) => console.log(line), cacheDir: flags.get('data-cache') });
  const one = await loaded.quarry.documents('api::restaurant.restaurant').findFirst({ filters: { id: 4242 } });
  const category = data.categories[3]!.name;
  await loaded.quarry.close();
  const broad = [
    '/api/restaurants?filters[name][$containsi]=a&pagination[pageSize]=25',
    `/api/chefs?filters[restaurants][categories][name][$eq]=${encodeURIComponent(category)}&pagination[withCount]=true`,
    '/api/restaurants?filters[stars][$gte]=0&pagination[pageSize]=1&pagination[withCount]=true',
  ];
  const selective = [
    `/api/restaurants/${String(one!.documentId)}`,
    `/api/restaurants?filters[name][$eq]=${encodeURIComponent(String(one!.name))}`,
  ];
  const machine = `${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores`;
  console.log(`mixed-load bench: ${size.toLocaleString('en-US')} restaurants, ${rounds} rounds of ${seconds} s; ${machine}`);

  const runs = new Map<string, WrkResult[]>();
  const keep = (key: string, result: WrkResult): void => {
    if (result.errors > 0) throw new Error(`${key}: ${result.errors} failed requests`);
    runs.set(key, [...(runs.get(key) ?? []), result]);
  };
  for (let round = 1; round <= rounds; round++) {
    for (const pool of pools) {
      await using(startQuarry(loaded.path, pool === 'default' ? [] : ['--pool-threads', pool]), async (server) => {
        const url = (path: string) => `${server.base}${path}`;
        for (const path of [...broad, ...selective]) await wrk(url(path), { connections: 2, seconds: 1, threads: 1 });
        const measure = async (kind: string): Promise<void> => {
          for (const [i, path] of selective.entries()) keep(`${pool} ${kind} selective ${i}`, await wrk(url(path), { connections: 2, seconds, threads: 1 }));
          for (const [i, path] of selective.entries()) {
            const result = await paced(url(path), { rate, seconds, connections: 8 });
            if (result.unanswered > 0) console.log(`  ${pool} ${kind} paced selective ${i}: ${result.unanswered} of ${rate * seconds} requests unanswered when the run ended`);
            keep(`${pool} ${kind} paced selective ${i}`, result);
          }
        };
        await measure('alone');
        // The broad clients start first and run past the selective ones' window (a paced run may take its grace too).
        const window = 2 * seconds * selective.length + selective.length * Math.ceil(GRACE_MS / 1000 + 1) + 2;
        const background = broad.map((path) => wrk(url(path), { connections: 2, seconds: window, threads: 1, nice: 15 }));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await measure('mixed');
        for (const [i, result] of (await Promise.all(background)).entries()) keep(`${pool} mixed broad ${i}`, result);
      });
    }
    console.log(`round ${round} done`);
  }
  await loaded.dispose();

  const figures: Record<string, { reqPerSec: number; p50Ms: number; p99Ms: number }> = {};
  for (const [key, results] of runs) {
    figures[key] = { reqPerSec: Math.round(median(results.map((r) => r.requestsPerSecond))), p50Ms: median(results.map((r) => r.p50Ms)), p99Ms: median(results.map((r) => r.p99Ms)) };
  }
  for (const pool of pools) {
    console.log(`\n--pool-threads ${pool}`);
    for (const [i, path] of selective.entries()) {
      const alone = figures[`${pool} alone selective ${i}`]!;
      const mixed = figures[`${pool} mixed selective ${i}`]!;
      console.log(`  selective ${path.slice(0, 60).padEnd(60)} alone p99 ${alone.p99Ms.toFixed(2)} ms, beside broad p50 ${mixed.p50Ms.toFixed(2)} / p99 ${mixed.p99Ms.toFixed(2)} ms (${mixed.reqPerSec.toLocaleString('en-US')} req/s, closed loop)`);
      const pacedAlone = figures[`${pool} alone paced selective ${i}`]!;
      const pacedMixed = figures[`${pool} mixed paced selective ${i}`]!;
      console.log(`  ${''.padEnd(70)} alone p99 ${pacedAlone.p99Ms.toFixed(2)} ms, beside broad p50 ${pacedMixed.p50Ms.toFixed(2)} / p99 ${pacedMixed.p99Ms.toFixed(2)} ms (${rate.toLocaleString('en-US')} req/s, paced)`);
    }
    for (const [i, path] of broad.entries()) {
      const b = figures[`${pool} mixed broad ${i}`]!;
      console.log(`  broad     ${path.slice(0, 60).padEnd(60)} ${b.reqPerSec.toLocaleString('en-US')} req/s, p50 ${b.p50Ms.toFixed(1)} ms`);
    }
  }
  const out = join(ROOT, 'bench', 'results', `mixed-load-${positional.toLowerCase()}.json`);
  writeFileSync(out, `${JSON.stringify({ machine, size, rounds, seconds, pacedRate: rate, broad, selective, figures }, null, 2)}\n`);
  console.log(`\nwritten ${out}`);
}

await main();
