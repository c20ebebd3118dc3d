/**
 * HTTP benchmark (issue 4): throughput and latency of the REST API over uWebSockets.js
 * (`startServer`) and over Node's `http` (`startNodeHttpServer`), both wrapping the same
 * transport-free core and the same Quarry holding the generated dataset.
 *
 *   node dist/bench/http.bench.js [N=100k] [--duration=10] [--warmup=1] [--rounds=1]
 *        [--only=flat,deep-to-one,two-hop,connect] [--servers=uws,node] [--sync] [--seed=S]
 *        [--data-cache=DIR]   (keeps the loaded dataset there between runs: see bench/http/load.ts)
 *
 * Scenarios: the filter bench's `flat-two-field` (flat filter), `deep-to-one` and `two-hop`
 * (deep filters) as `GET /api/restaurants?…`, and a positioned connect
 * (`PUT /api/restaurants/:documentId` moving an already linked category before another one;
 * the requests rotate over a few hundred restaurants, so every one of them is valid).
 *
 * autocannon runs in a child process (bench/http/client.ts) with 2 connections per core,
 * pipelining 1, for `--duration` seconds per scenario after a `--warmup` run that is not
 * counted. Servers run one at a time on 127.0.0.1, port 0, back to back for each scenario; with
 * `--rounds=2` the second round runs them in the opposite order. Before any timing, both servers must give byte-identical
 * answers to each GET (also checked against the document service) and a correct positioned
 * connect. Any error or non-2xx answer while measuring fails the run (exit code 1).
 * Results go to bench/results/http-<N>.json.
 *
 * The Quarry is opened with `noSync: true`, as in the filter and relation benches: a PUT's
 * commit does not wait for fsync (`--sync` to make it wait). The loaded folder is compacted,
 * as `quarry import` leaves it (a bulk load's free pages slowed later commits to ~50 ms). Before
 * the first timed PUT, every planned connect is applied once through the document service
 * (`--settle=0` to skip), so both servers meet the same lists; its timing is reported.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { listFlag, readArgs, runOptions, type RunOptions } from './args.js';
import { printRows } from './table.js';
import { youngGenerationNote } from '../src/cli/young-generation.js';
import { repoRoot } from '../fixtures/repo-root.js';
import { startNodeHttpServer, startServer, type RunningServer, type ServerOptions } from '../src/http/index.js';
import type { Quarry } from '../src/index.js';
import { DEFAULT_SEED, generateDataset } from '../fixtures/dataset/generate.js';
import { type BenchQuery, buildQueries, type QueryName } from '../fixtures/dataset/queries.js';
import { idOf } from '../fixtures/dataset/types.js';
import { LoadGenerator } from './http/driver.js';
import { loadQuarry } from './http/load.js';
import type { PlannedRequest, RunSummary } from './http/protocol.js';

const SERVERS = {
  uws: { label: 'uWS', start: startServer },
  node: { label: 'node:http', start: startNodeHttpServer },
} satisfies Record<string, { label: string; start: (o: ServerOptions) => Promise<RunningServer> }>;

/** The positioned-connect scenario writes without a token: the benchmark measures queries, not token checks. */
const OPEN_WRITES = { writes: 'public' } as const;
type ServerName = keyof typeof SERVERS;

const SCENARIOS = ['flat', 'deep-to-one', 'two-hop', 'connect'] as const;
type ScenarioName = (typeof SCENARIOS)[number];
const FILTER_QUERY: Record<Exclude<ScenarioName, 'connect'>, QueryName> = {
  flat: 'flat-two-field',
  'deep-to-one': 'deep-to-one',
  'two-hop': 'two-hop',
};

/** Restaurants the positioned connects rotate over (those with at least MIN_LINKS categories). */
const CONNECT_RESTAURANTS = 256;
const MIN_LINKS = 3;
const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** Issue 4's targets. */
const TARGET_FLAT_RATIO = 1.5;
const TARGET_P99_MS = 2;

interface Options extends RunOptions {
  readonly only: ScenarioName[];
  readonly servers: ServerName[];
  readonly sync: boolean;
  readonly settle: boolean;
}

interface Scenario {
  readonly name: ScenarioName;
  readonly summary: string;
  readonly requests: readonly PlannedRequest[];
}

interface Measurement {
  readonly round: number;
  readonly server: ServerName;
  readonly scenario: ScenarioName;
  readonly loadAverageBefore: number[];
  readonly result: RunSummary;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const connections = 2 * cpus().length;
  const loadBefore = loadavg();
  console.log(`http bench: ${opts.label} restaurants, ${connections} connections (2 × ${cpus().length} cores), ${opts.duration} s per scenario after ${opts.warmup} s warm-up, pipelining 1`);
  console.log(`load average before: ${la(loadBefore)}; ${youngGenerationNote().trim()} (node flags: ${process.execArgv.join(' ') || 'none'})`);

  const data = generateDataset(opts.size, opts.seed);
  const queries = new Map(buildQueries(data).map((q) => [q.name, q]));
  let t0 = performance.now();
  console.log(`loading ${fmt(data.size)} restaurants, ${fmt(data.chefs.length)} chefs, ${fmt(data.categories.length)} categories (noSync: ${!opts.sync})…`);
  const loaded = await loadQuarry(data, { noSync: !opts.sync, progress: (line) => console.log(line), cacheDir: opts.dataCache });
  const loadMs = Math.round(performance.now() - t0);
  console.log(`load: ${(loadMs / 1000).toFixed(1)} s`);
  const { quarry } = loaded;

  const plan = planConnects(quarry, data.size);
  const scenarios: Scenario[] = opts.only.map((name) => {
    if (name === 'connect') {
      return { name, summary: `PUT connect with position.before, over ${plan.restaurants} restaurants`, requests: plan.requests };
    }
    const q = queries.get(FILTER_QUERY[name])!;
    return { name, summary: `${q.name}: ${q.summary}`, requests: [{ method: 'GET', path: `/api/restaurants?${q.rest}` }] };
  });

  t0 = performance.now();
  const verification = await verify(quarry, opts.servers, scenarios.filter((s) => s.name !== 'connect'), queries, plan);
  console.log(`verified in ${ms(t0)} ms: ${verification.lines.join('; ')}`);
  const settled = opts.settle && scenarios.some((s) => s.name === 'connect') ? await settleWrites(quarry, plan) : undefined;
  if (settled) {
    console.log(`first writes after the load, through the document service: ${fmt(settled.writes)} connects in ${settled.seconds.toFixed(1)} s; median of the first 50 ${settled.firstMedianMs.toFixed(2)} ms, of the last 50 ${settled.lastMedianMs.toFixed(2)} ms`);
  }
  console.log('');

  const generator = new LoadGenerator();
  const measurements: Measurement[] = [];
  try {
    for (let round = 1; round <= opts.rounds; round++) {
      for (const scenario of scenarios) {
        // Servers back to back per scenario, so that the two numbers compared share the machine's
        // load of the moment; the order flips every round.
        const order = round % 2 === 1 ? opts.servers : [...opts.servers].reverse();
        for (const serverName of order) {
          const server = await SERVERS[serverName].start({ quarry, host: '127.0.0.1', port: 0, access: OPEN_WRITES });
          const url = `http://127.0.0.1:${server.port}`;
          try {
            if (opts.warmup > 0) await generator.run({ url, connections, duration: opts.warmup, requests: scenario.requests });
            const loadAverageBefore = loadavg();
            process.stderr.write(`round ${round}: ${SERVERS[serverName].label} ${scenario.name} (load ${la(loadAverageBefore)})… `);
            const result = await generator.run({ url, connections, duration: opts.duration, requests: scenario.requests });
            process.stderr.write(`${Math.round(result.reqPerSecMean)} req/s, p99 ${result.latencyMs.p99.toFixed(2)} ms\n`);
            measurements.push({ round, server: serverName, scenario: scenario.name, loadAverageBefore, result });
          } finally {
            await server.close();
          }
        }
      }
    }
  } finally {
    generator.close();
    await loaded.dispose();
  }
  const loadAfter = loadavg();

  console.log('');
  printTable(measurements);
  const ratios = ratiosOf(measurements, scenarios);
  console.log('');
  printRatios(ratios);
  const targets = targetsOf(measurements, ratios);
  console.log('');
  for (const line of targets.lines) console.log(line);
  console.log(`\nload average before: ${la(loadBefore)}; after: ${la(loadAfter)}`);

  const failures = measurements.filter((m) => m.result.non2xx + m.result.errors + m.result.timeouts > 0);
  const file = writeResults(opts, {
    connections, loadMs, loadBefore, loadAfter, scenarios, verification: verification.lines, settled, measurements, ratios,
    targets: targets.summary, failed: failures.length > 0,
  }, data);
  console.log(`results: ${file}`);
  if (failures.length > 0) {
    for (const m of failures) {
      console.error(`FAILED: ${SERVERS[m.server].label} ${m.scenario}: ${m.result.non2xx} non-2xx, ${m.result.errors} errors, ${m.result.timeouts} timeouts; statuses ${JSON.stringify(m.result.statuses)}`);
    }
    process.exitCode = 1;
  }
}

// --- positioned connects -------------------------------------------------------------------

interface ConnectPlan {
  readonly restaurants: number;
  readonly requests: PlannedRequest[];
  /** A restaurant outside the rotation, for the correctness check, with its categories in order. */
  readonly probe: { readonly documentId: string; readonly categories: string[] };
}

interface LinkedEntry {
  readonly id: number;
  readonly documentId: string;
  readonly categories: { readonly documentId: string }[];
}

/**
 * Restaurants spread over the id range, each with ≥ MIN_LINKS categories, looked up through the
 * document service; for each, one request per link: "move category j+1 before category j".
 * Both stay linked whatever order earlier requests left, so each request is valid and (unless
 * the two are already in that order) moves a link. Requests are interleaved across restaurants.
 */
function planConnects(quarry: Quarry, size: number): ConnectPlan {
  const service = quarry.documents('api::restaurant.restaurant');
  const picked: LinkedEntry[] = [];
  const stride = Math.max(1, Math.floor(size / (CONNECT_RESTAURANTS * 4)));
  for (let start = 0; start < size && picked.length <= CONNECT_RESTAURANTS; start += stride * 100) {
    const ids: number[] = [];
    for (let i = start; i < Math.min(size, start + stride * 100); i += stride) ids.push(idOf(i));
    const { results } = quarry.reads.findPageSync(service.contentType.uid, {
      filters: { id: { $in: ids } },
      fields: ['name'],
      populate: { categories: { fields: ['name'] } },
      pagination: { page: 1, pageSize: ids.length },
    });
    for (const entry of results as unknown as LinkedEntry[]) {
      if (entry.categories.length >= MIN_LINKS) picked.push(entry);
    }
  }
  if (picked.length < CONNECT_RESTAURANTS + 1) throw new Error(`only ${picked.length} restaurants with ≥ ${MIN_LINKS} categories`);
  const probe = picked.pop()!;
  const rotation = picked.slice(0, CONNECT_RESTAURANTS);
  const requests: PlannedRequest[] = [];
  const most = Math.max(...rotation.map((r) => r.categories.length));
  for (let j = 0; j < most; j++) {
    for (const r of rotation) {
      const links = r.categories.map((c) => c.documentId);
      if (j >= links.length) continue;
      const move = links[(j + 1) % links.length]!;
      const before = links[j]!;
      requests.push({ method: 'PUT', path: `/api/restaurants/${r.documentId}`, headers: JSON_HEADERS, body: connectBody(move, before) });
    }
  }
  return { restaurants: rotation.length, requests, probe: { documentId: probe.documentId, categories: probe.categories.map((c) => c.documentId) } };
}

function connectBody(move: string, before: string): string {
  return JSON.stringify({ data: { categories: { connect: [{ documentId: move, position: { before } }] } } });
}

interface Settled {
  readonly writes: number;
  readonly seconds: number;
  readonly firstMedianMs: number;
  readonly lastMedianMs: number;
}

/**
 * Applies every planned connect once through the document service, before any server is timed,
 * so the first server sent PUTs meets the same lists as the second. Its timing is reported
 * (first and last 50 commits: equal now that the loaded folder is compacted).
 */
async function settleWrites(quarry: Quarry, plan: ConnectPlan): Promise<Settled> {
  const service = quarry.documents('api::restaurant.restaurant');
  const times: number[] = [];
  const started = performance.now();
  for (const request of plan.requests) {
    const documentId = request.path.slice(request.path.lastIndexOf('/') + 1);
    const { data } = JSON.parse(request.body!) as { data: unknown };
    const t = performance.now();
    await service.update({ documentId, data });
    times.push(performance.now() - t);
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return {
    writes: times.length,
    seconds: (performance.now() - started) / 1000,
    firstMedianMs: median(times.slice(0, 50)),
    lastMedianMs: median(times.slice(-50)),
  };
}

// --- verification --------------------------------------------------------------------------

/**
 * Every GET scenario on every server: 200, the same bytes on each server, and the total and
 * page ids the document service gives for the same query. Then, on each server, one positioned
 * connect on the probe restaurant, whose new order is read back over HTTP.
 */
async function verify(
  quarry: Quarry,
  servers: readonly ServerName[],
  gets: readonly Scenario[],
  queries: ReadonlyMap<QueryName, BenchQuery>,
  plan: ConnectPlan,
): Promise<{ lines: string[] }> {
  const lines: string[] = [];
  const bodies = new Map<ScenarioName, { server: ServerName; text: string }>();
  let order = [...plan.probe.categories];
  for (const serverName of servers) {
    const server = await SERVERS[serverName].start({ quarry, host: '127.0.0.1', port: 0, access: OPEN_WRITES });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      for (const scenario of gets) {
        const request = scenario.requests[0]!;
        const response = await fetch(base + request.path);
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${serverName} ${scenario.name}: status ${response.status}: ${text.slice(0, 300)}`);
        const first = bodies.get(scenario.name);
        if (first === undefined) bodies.set(scenario.name, { server: serverName, text });
        else if (first.text !== text) throw new Error(`${scenario.name}: ${serverName} and ${first.server} answer differently`);
        const body = JSON.parse(text) as { data: { id: number }[]; meta: { pagination: { total: number } } };
        const q = queries.get(FILTER_QUERY[scenario.name as Exclude<ScenarioName, 'connect'>])!;
        const direct = quarry.reads.findPageSync('api::restaurant.restaurant', {
          filters: q.filters, sort: [...q.sort], pagination: { page: q.pagination.page, pageSize: q.pagination.pageSize },
        });
        const got = { total: body.meta.pagination.total, ids: body.data.map((e) => e.id).join() };
        const want = { total: (direct.pagination as { total: number }).total, ids: direct.results.map((e) => e.id).join() };
        if (got.total !== want.total || got.ids !== want.ids) {
          throw new Error(`${serverName} ${scenario.name}: total ${got.total} ids [${got.ids}], document service says ${want.total} [${want.ids}]`);
        }
        if (first === undefined) lines.push(`${scenario.name} total ${fmt(got.total)}, ${body.data.length} on page (${text.length} B)`);
      }
      // Move the last linked category to the front (before the first): a real move every time.
      const move = order[order.length - 1]!;
      const before = order[0]!;
      const put = await fetch(`${base}/api/restaurants/${plan.probe.documentId}`, { method: 'PUT', headers: JSON_HEADERS, body: connectBody(move, before) });
      const putText = await put.text();
      if (put.status !== 200) throw new Error(`${serverName} connect: status ${put.status}: ${putText.slice(0, 300)}`);
      order = [move, ...order.slice(0, -1)];
      const back = await fetch(`${base}/api/restaurants/${plan.probe.documentId}?fields[0]=name&populate[categories][fields][0]=name`);
      const now = ((await back.json()) as { data: { categories: { documentId: string }[] } }).data.categories.map((c) => c.documentId);
      if (now.join() !== order.join()) throw new Error(`${serverName} connect: order [${now.join()}], expected [${order.join()}]`);
    } finally {
      await server.close();
    }
  }
  lines.push(`connect moves a link on ${servers.map((s) => SERVERS[s].label).join(' and ')}`);
  if (servers.length > 1) lines.push(`GET answers byte-identical across servers`);
  return { lines };
}

// --- report --------------------------------------------------------------------------------

interface Ratio {
  readonly round: number;
  readonly scenario: ScenarioName;
  /** uWS req/s ÷ node:http req/s. */
  readonly throughput: number;
  /** node:http p99 ÷ uWS p99. */
  readonly p99: number;
}

function ratiosOf(measurements: readonly Measurement[], scenarios: readonly Scenario[]): Ratio[] {
  const ratios: Ratio[] = [];
  const rounds = [...new Set(measurements.map((m) => m.round))];
  for (const round of rounds) {
    for (const { name } of scenarios) {
      const u = measurements.find((m) => m.round === round && m.scenario === name && m.server === 'uws')?.result;
      const n = measurements.find((m) => m.round === round && m.scenario === name && m.server === 'node')?.result;
      if (u && n) ratios.push({ round, scenario: name, throughput: u.reqPerSecMean / n.reqPerSecMean, p99: n.latencyMs.p99 / u.latencyMs.p99 });
    }
  }
  return ratios;
}

function targetsOf(measurements: readonly Measurement[], ratios: readonly Ratio[]): { lines: string[]; summary: Record<string, unknown> } {
  const lines: string[] = [];
  const flat = ratios.filter((r) => r.scenario === 'flat');
  const flatMet = flat.length > 0 && flat.every((r) => r.throughput >= TARGET_FLAT_RATIO);
  if (flat.length > 0) {
    lines.push(`target uWS ≥ ${TARGET_FLAT_RATIO}× node:http on the flat filter: ${flatMet ? 'MET' : 'NOT MET'} (${flat.map((r) => `${r.throughput.toFixed(2)}×`).join(', ')})`);
  }
  const uws = measurements.filter((m) => m.server === 'uws');
  const p99 = uws.map((m) => ({ scenario: m.scenario, round: m.round, p99: m.result.latencyMs.p99, met: m.result.latencyMs.p99 < TARGET_P99_MS }));
  if (p99.length > 0) {
    lines.push(`target p99 < ${TARGET_P99_MS} ms (uWS): ${p99.every((p) => p.met) ? 'MET' : 'NOT MET'} (${p99.map((p) => `${p.scenario} ${p.p99.toFixed(2)} ms ${p.met ? 'ok' : 'over'}`).join(', ')})`);
  }
  return { lines, summary: { flatRatioTarget: TARGET_FLAT_RATIO, flatRatioMet: flat.length > 0 ? flatMet : null, p99TargetMs: TARGET_P99_MS, p99: p99 } };
}

function printTable(measurements: readonly Measurement[]): void {
  const header = ['round', 'server', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'load avg'];
  const rows = measurements.map((m) => [
    String(m.round), SERVERS[m.server].label, m.scenario, fmt(Math.round(m.result.reqPerSecMean)),
    m.result.latencyMs.p50.toFixed(2), m.result.latencyMs.p99.toFixed(2), m.result.latencyMs.max.toFixed(1),
    fmt(m.result.non2xx), fmt(m.result.errors + m.result.timeouts), m.loadAverageBefore[0]!.toFixed(2),
  ]);
  printRows(header, rows);
}

function printRatios(ratios: readonly Ratio[]): void {
  if (ratios.length === 0) return;
  printRows(['round', 'scenario', 'uWS/node:http req/s', 'node:http/uWS p99'], ratios.map((r) => [String(r.round), r.scenario, `${r.throughput.toFixed(2)}×`, `${r.p99.toFixed(2)}×`]));
}


function writeResults(
  opts: Options,
  run: {
    connections: number; loadMs: number; loadBefore: number[]; loadAfter: number[]; scenarios: readonly Scenario[];
    verification: string[]; settled: Settled | undefined; measurements: readonly Measurement[]; ratios: readonly Ratio[]; targets: Record<string, unknown>; failed: boolean;
  },
  data: { size: number; seed: number; chefs: readonly unknown[]; categories: readonly unknown[] },
): string {
  const dir = join(repoRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `http-${opts.label}.json`);
  const report = {
    bench: 'http',
    date: new Date().toISOString(),
    environment: {
      node: process.version, platform: `${process.platform}-${process.arch}`, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length,
      loadAverageBefore: run.loadBefore, loadAverageAfter: run.loadAfter,
      note: 'load generator (autocannon) in a child process on the same machine; cores shared with other work',
    },
    dataset: { restaurants: data.size, chefs: data.chefs.length, categories: data.categories.length, seed: data.seed },
    settings: { connections: run.connections, pipelining: 1, durationS: opts.duration, warmupS: opts.warmup, rounds: opts.rounds, noSync: !opts.sync, nodeFlags: process.execArgv },
    loadMs: run.loadMs,
    scenarios: run.scenarios.map((s) => ({
      name: s.name, summary: s.summary, requests: s.requests.length, example: s.requests[0],
    })),
    verification: run.verification,
    firstWritesAfterLoad: run.settled ?? null,
    runs: run.measurements.map((m) => ({ round: m.round, server: SERVERS[m.server].label, scenario: m.scenario, loadAverageBefore: m.loadAverageBefore, ...m.result })),
    ratios: run.ratios,
    targets: run.targets,
    failed: run.failed,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

function parseArgs(args: readonly string[]): Options {
  const { positional: sizeArg, flags } = readArgs(args, '100k');
  const only = listFlag(flags, 'only', SCENARIOS);
  const servers = listFlag(flags, 'servers', Object.keys(SERVERS) as ServerName[]);
  return {
    ...runOptions(sizeArg, flags, { seed: DEFAULT_SEED, duration: 10, rounds: 1 }),
    only,
    servers,
    sync: flags.get('sync') === 'true',
    settle: flags.get('settle') !== '0' && flags.get('settle') !== 'false',
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const ms = (since: number): number => Math.round(performance.now() - since);
const la = (l: readonly number[]): string => l.map((v) => v.toFixed(2)).join(' ');

await main();
