/**
 * Reading one query string, three ways, on the shapes Quarry's clients send:
 *   hand     readQueryString, Quarry's reader (qs's reading, written for this engine)
 *   qs+      qs 6.15.3 itself with Quarry's refusals and `$in` lists on top (querystring/qs-reader.ts)
 *   qs       bare qs.parse with Strapi's options: the floor of any reader built on qs
 * Servers keep readings by request text (src/http/core/query-strings.ts), so this is the cost of
 * a request text's first read. The readers are first checked to read every case alike.
 * Results: bench/results/querystring.json.
 *
 *   npm run bench:querystring      (node dist/bench/querystring.bench.js [--time=S])
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import benny from 'benny';
import qs from 'qs';
import { readQueryString } from '../src/query/querystring/index.js';
import { numberFlag, readArgs } from './args.js';
import { readWithQs } from './querystring/qs-reader.js';
import { repoRoot } from '../fixtures/repo-root.js';

const STRAPI_OPTIONS = { strictNullHandling: true, arrayLimit: 100, depth: 20 };

const inList = Array.from({ length: 1_000 }, (_, i) => `filters[id][$in][${i}]=${i + 1}`);

/** What qs.stringify and @strapi/client write (the latter percent-encodes the keys too). */
const CASES: Record<string, string> = {
  'flat filter': 'filters[name][$eq]=Sushi%20Zen&pagination[page]=1&pagination[pageSize]=25',
  'deep filter': 'filters[$or][0][chef][restaurants][categories][name][$eq]=Vegan&filters[$or][1][stars][$gte]=4&filters[chef][country][$in][0]=Japan&filters[chef][country][$in][1]=France&sort=name',
  '$in of 1,000': inList.join('&'),
  '$in of 1,000, encoded keys': inList.map((pair) => pair.replace(/^[^=]+/, (key) => encodeURIComponent(key))).join('&'),
  'populate, fields, sort':
    'populate[chef][fields][0]=name&populate[categories][fields][0]=name&populate[categories][sort][0]=name:asc&fields[0]=name&fields[1]=stars&sort[0]=stars:desc&sort[1]=name&filters[open][$eq]=true&pagination[pageSize]=10',
};

const READERS: Record<string, (raw: string) => unknown> = {
  hand: (raw) => readQueryString(raw),
  'qs+': (raw) => readWithQs(raw),
  qs: (raw) => qs.parse(raw, STRAPI_OPTIONS),
};

interface Row {
  readonly case: string;
  readonly reader: string;
  readonly medianUs: number;
  readonly marginPct: number;
  readonly samples: number;
}

async function main(): Promise<void> {
  const { flags } = readArgs(process.argv.slice(2), '');
  const maxTime = numberFlag(flags, 'time', 2, 0.1);
  const startLoad = loadavg()[0]!;
  for (const [name, raw] of Object.entries(CASES)) {
    if (JSON.stringify(readQueryString(raw)) !== JSON.stringify(readWithQs(raw))) throw new Error(`${name}: the readers disagree`);
  }
  const rows: Row[] = [];
  for (const [name, raw] of Object.entries(CASES)) {
    const summary = await benny.suite(
      `querystring: ${name} (${raw.length} chars)`,
      ...Object.entries(READERS).map(([reader, read]) => benny.add(reader, () => read(raw), { maxTime, minSamples: 20 })),
      benny.cycle(),
      benny.complete(),
    );
    for (const r of summary.results) {
      rows.push({ case: name, reader: r.name, medianUs: round(r.details.median * 1e6), marginPct: round(r.details.relativeMarginOfError), samples: r.samples });
    }
  }
  console.log('\nmedian µs per read          hand      qs+       qs    qs+/hand');
  for (const name of Object.keys(CASES)) {
    const at = (reader: string) => rows.find((r) => r.case === name && r.reader === reader)!.medianUs;
    console.log(`  ${name.padEnd(26)} ${[at('hand'), at('qs+'), at('qs')].map((v) => v.toFixed(2).padStart(8)).join(' ')} ${(at('qs+') / at('hand')).toFixed(1).padStart(8)}`);
  }
  const out = join(repoRoot(), 'bench', 'results', 'querystring.json');
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({
    bench: 'querystring',
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}, ${cpus().length} cpus, load average ${startLoad.toFixed(2)} at start`,
    qs: '6.15.3',
    readers: { hand: 'readQueryString', 'qs+': 'bench/querystring/qs-reader.ts', qs: `qs.parse(raw, ${JSON.stringify(STRAPI_OPTIONS)})` },
    maxTimeSeconds: maxTime,
    results: rows,
  }, null, 2)}\n`);
  console.log(`results: ${out}`);
}

const round = (x: number) => Math.round(x * 100) / 100;

await main();
