/**
 * GraphQL benchmark (issue 5): latency and throughput of the same list queries over GraphQL
 * (`POST /graphql`) and REST (`GET /api/restaurants?…`), same server, same run, same dataset.
 *
 *   node dist/bench/graphql.bench.js [N=100k] [--duration=5] [--warmup=1] [--rounds=2]
 *        [--only=flat,deep-to-one,two-hop] [--server=uws|node] [--seed=S] [--data-cache=DIR]
 *
 * Scenarios are the filter bench's `flat-two-field` (flat filter), `deep-to-one` and `two-hop`
 * (deep filters), 25 per page. The GraphQL query asks for what the REST answer carries: every
 * field of each entry and the page meta (`restaurants_connection { nodes pageInfo }`), its
 * filters, sort and pagination given as variables (what a client library sends). Before any
 * timing both must answer 200 with the same entries in the same order and the same total.
 *
 * autocannon runs in a child process (bench/http/client.ts) with 2 connections per core,
 * pipelining 1. For each scenario REST and GraphQL run back to back on one server, so that the
 * two numbers compared share the machine's load of the moment; with `--rounds=2` (the default)
 * the second round runs them in the opposite order. Results go to bench/results/graphql-<N>.json.
 * Target: GraphQL within 1.5× of REST (req/s and median latency).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { startNodeHttpServer, startServer } from '../src/http/index.js';
import { listFlag, readArgs, runOptions, type RunOptions } from './args.js';
import { toGraphqlFilters } from '../fixtures/dataset/filters.js';
import { DEFAULT_SEED, generateDataset } from '../fixtures/dataset/generate.js';
import { buildQueries, type BenchQuery, type QueryName } from '../fixtures/dataset/queries.js';
import { LoadGenerator } from './http/driver.js';
import { loadQuarry } from './http/load.js';
import type { PlannedRequest, RunSummary } from './http/protocol.js';
import { repoRoot } from '../fixtures/repo-root.js';
import { printRows } from './table.js';
import { youngGenerationNote } from '../src/cli/young-generation.js';

const SCENARIOS = { flat: 'flat-two-field', 'deep-to-one': 'deep-to-one', 'two-hop': 'two-hop' } as const satisfies Record<string, QueryName>;
type ScenarioName = keyof typeof SCENARIOS;
const INTERFACES = ['REST', 'GraphQL'] as const;
type Interface = (typeof INTERFACES)[number];
const TARGET_RATIO = 1.5;

const QUERY = `query List($filters: RestaurantFiltersInput, $sort: [String], $pagination: PaginationArg) {
  restaurants_connection(filters: $filters, sort: $sort, pagination: $pagination) {
    nodes { documentId name stars open price description createdAt updatedAt publishedAt }
    pageInfo { page pageSize pageCount total }
  }
}`;

interface Options extends RunOptions {
  readonly only: readonly ScenarioName[];
  readonly server: 'uws' | 'node';
}

interface Measurement {
  readonly round: number;
  readonly scenario: ScenarioName;
  readonly api: Interface;
  readonly result: RunSummary;
}

interface Ratio {
  readonly round: number;
  readonly scenario: ScenarioName;
  /** REST req/s ÷ GraphQL req/s: how many times slower GraphQL is (1.0 = the same). */
  readonly throughput: number;
  /** GraphQL median latency ÷ REST median latency. */
  readonly p50: number;
}

function requestsOf(q: BenchQuery): Record<Interface, PlannedRequest> {
  const variables = { filters: toGraphqlFilters(q.filters), sort: [...q.sort], pagination: q.pagination };
  return {
    REST: { method: 'GET', path: `/api/restaurants?${q.rest}` },
    GraphQL: {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: QUERY, variables }),
    },
  };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const connections = 2 * cpus().length;
  const loadBefore = loadavg();
  console.log(`graphql bench: ${opts.label} restaurants, ${opts.server} server, ${connections} connections, ${opts.duration} s per run after ${opts.warmup} s warm-up, ${opts.rounds} round(s)`);
  console.log(`${youngGenerationNote().trim()} (node flags: ${process.execArgv.join(' ') || 'none'})`);
  const data = generateDataset(opts.size, opts.seed);
  const queries = new Map(buildQueries(data).map((q) => [q.name, q]));
  const loaded = await loadQuarry(data, { noSync: true, progress: (line) => console.log(line), cacheDir: opts.dataCache });
  const server = await (opts.server === 'uws' ? startServer : startNodeHttpServer)({ quarry: loaded.quarry, host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${server.port}`;
  const generator = new LoadGenerator();
  const measurements: Measurement[] = [];
  try {
    const plans = new Map(opts.only.map((s) => [s, requestsOf(queries.get(SCENARIOS[s])!)] as const));
    for (const [scenario, requests] of plans) console.log(`verified ${scenario}: ${await verify(url, requests)}`);
    console.log('');
    for (let round = 1; round <= opts.rounds; round++) {
      for (const [scenario, requests] of plans) {
        const order = round % 2 === 1 ? INTERFACES : [...INTERFACES].reverse();
        for (const api of order) {
          const run = { url, connections, requests: [requests[api]] };
          if (opts.warmup > 0) await generator.run({ ...run, duration: opts.warmup });
          process.stderr.write(`round ${round}: ${scenario} ${api}… `);
          const result = await generator.run({ ...run, duration: opts.duration });
          process.stderr.write(`${Math.round(result.reqPerSecMean)} req/s, p50 ${result.latencyMs.p50.toFixed(2)} ms\n`);
          measurements.push({ round, scenario, api, result });
        }
      }
    }
  } finally {
    generator.close();
    await server.close();
    await loaded.dispose();
  }

  console.log('');
  printRows(['round', 'scenario', 'api', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'], measurements.map((m) => [
    String(m.round), m.scenario, m.api, fmt(Math.round(m.result.reqPerSecMean)), m.result.latencyMs.p50.toFixed(2),
    m.result.latencyMs.p99.toFixed(2), fmt(m.result.non2xx), fmt(m.result.errors + m.result.timeouts),
  ]));
  const ratios = ratiosOf(measurements);
  console.log('');
  printRows(['round', 'scenario', 'REST/GraphQL req/s', 'GraphQL/REST p50'], ratios.map((r) => [String(r.round), r.scenario, `${r.throughput.toFixed(2)}×`, `${r.p50.toFixed(2)}×`]));
  const met = ratios.every((r) => r.throughput <= TARGET_RATIO && r.p50 <= TARGET_RATIO);
  console.log(`\ntarget GraphQL within ${TARGET_RATIO}× of REST (req/s and p50, every scenario and round): ${met ? 'MET' : 'NOT MET'}`);
  const failed = measurements.some((m) => m.result.non2xx + m.result.errors + m.result.timeouts > 0);
  const file = join(repoRoot(), 'bench', 'results', `graphql-${opts.label}.json`);
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({
    bench: 'graphql',
    date: new Date().toISOString(),
    environment: {
      node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadavg(),
      note: 'load generator (autocannon) in a child process on the same machine; cores shared with other work',
    },
    dataset: { restaurants: data.size, seed: data.seed },
    settings: { server: opts.server, connections, pipelining: 1, durationS: opts.duration, warmupS: opts.warmup, rounds: opts.rounds, nodeFlags: process.execArgv },
    query: QUERY,
    runs: measurements.map((m) => ({ round: m.round, scenario: m.scenario, api: m.api, ...m.result })),
    ratios,
    target: { ratio: TARGET_RATIO, met },
    failed,
  }, null, 2)}\n`);
  console.log(`results: ${file}`);
  if (failed) {
    console.error('FAILED: some answers were errors or not 2xx');
    process.exitCode = 1;
  }
}

/** Both answer 200, with the same entries in the same order and the same total. */
async function verify(url: string, requests: Record<Interface, PlannedRequest>): Promise<string> {
  const send = async (r: PlannedRequest) => {
    const response = await fetch(url + r.path, { method: r.method, ...(r.headers ? { headers: r.headers } : {}), ...(r.body ? { body: r.body } : {}) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${r.method} ${r.path}: status ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  };
  const rest = await send(requests.REST) as { data: { documentId: string }[]; meta: { pagination: { total: number } } };
  const graphql = await send(requests.GraphQL) as { errors?: unknown; data: { restaurants_connection: { nodes: { documentId: string }[]; pageInfo: { total: number } } } };
  if (graphql.errors) throw new Error(`GraphQL errors: ${JSON.stringify(graphql.errors)}`);
  const page = graphql.data.restaurants_connection;
  const want = rest.data.map((e) => e.documentId).join();
  if (page.nodes.map((e) => e.documentId).join() !== want || page.pageInfo.total !== rest.meta.pagination.total) {
    throw new Error('GraphQL and REST answer differently');
  }
  return `total ${fmt(page.pageInfo.total)}, ${page.nodes.length} on the page, same entries over both`;
}

function ratiosOf(measurements: readonly Measurement[]): Ratio[] {
  const ratios: Ratio[] = [];
  for (const m of measurements) {
    if (m.api !== 'GraphQL') continue;
    const rest = measurements.find((r) => r.round === m.round && r.scenario === m.scenario && r.api === 'REST')?.result;
    if (rest) ratios.push({ round: m.round, scenario: m.scenario, throughput: rest.reqPerSecMean / m.result.reqPerSecMean, p50: m.result.latencyMs.p50 / rest.latencyMs.p50 });
  }
  return ratios;
}

function parseArgs(args: readonly string[]): Options {
  const { positional, flags } = readArgs(args, '100k');
  const only = listFlag(flags, 'only', Object.keys(SCENARIOS) as ScenarioName[]);
  const server = flags.get('server') ?? 'uws';
  if (server !== 'uws' && server !== 'node') throw new Error('--server must be uws or node');
  return { ...runOptions(positional, flags, { seed: DEFAULT_SEED, duration: 5, rounds: 2 }), only, server };
}

const fmt = (n: number): string => n.toLocaleString('en-US');

await main();
