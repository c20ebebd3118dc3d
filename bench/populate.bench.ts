/**
 * A page of 25 entries with everything a real page type holds populated (a single component, a
 * repeatable one, a dynamic zone of four items with a nested component and a relation inside a
 * component, a single and a multiple media field) against the same page unpopulated: the
 * target is at most 2× (issue 17). Each read is the REST path in process (query string read,
 * compiled once and kept, run inline) and the page printed as the REST route prints it.
 *
 *   npm run bench:populate      (node dist/bench/populate.bench.js [N=2000] [--rounds=15] [--reps=200])
 *
 * The two cases alternate within every round, so that load from other processes falls on both
 * alike; per round each case's median over `reps` reads is taken, and the report gives the
 * median over rounds of each and of their per-round ratio. A repeated populated page is served
 * from the entries kept with their rows (documents/shared-entries.ts); the third figure is the
 * first read after a write elsewhere, when every entry that shows other rows is built again.
 * Results: bench/results/populate.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPONENTS_PROJECT } from '../fixtures/models/components.js';
import { Rng } from '../fixtures/prng.js';
import { repoRoot } from '../fixtures/repo-root.js';
import { entriesJson } from '../src/documents/entry-json.js';
import { createQuarry, type Quarry } from '../src/index.js';
import { readQueryString } from '../src/query/querystring/index.js';
import { numberFlag, parseSize, readArgs } from './args.js';
import { printRows } from './table.js';

const PAGE = 'api::page.page';
const TARGET_RATIO = 2;
const CASES = {
  unpopulated: 'pagination[pageSize]=25&sort=title',
  populated: 'pagination[pageSize]=25&sort=title&populate[seo]=true&populate[links]=true&populate[cover]=true&populate[gallery]=true'
    + '&populate[sections][on][sections.hero]=true&populate[sections][on][sections.logos][populate][logos]=true'
    + '&populate[sections][on][sections.cta][populate][button][populate]=link',
} as const;
type CaseName = keyof typeof CASES;

async function load(q: Quarry, pages: number, rng: Rng): Promise<void> {
  const files = [];
  for (let i = 0; i < 200; i++) {
    files.push(await q.documents('plugin::upload.file').create({
      data: {
        name: `photo-${i}.jpg`, hash: `photo_${i}`, ext: '.jpg', mime: 'image/jpeg', size: 120.5 + i, width: 1600, height: 900,
        url: `/uploads/photo_${i}.jpg`, provider: 'local', formats: { thumbnail: { url: `/uploads/thumbnail_photo_${i}.jpg`, width: 245, height: 138 } },
      },
    }) as { id: number; documentId: string });
  }
  const logos = [];
  for (let i = 0; i < 50; i++) logos.push(((await q.documents('api::logo.logo').create({ data: { name: `Logo ${i}` } })) as { documentId: string }).documentId);
  coldLogo = ((await q.documents('api::logo.logo').create({ data: { name: 'Unlinked' } })) as { documentId: string }).documentId;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]!;
  const docs = q.documents(PAGE);
  for (let i = 0; i < pages; i++) {
    await docs.create({
      data: {
        title: `Page ${String(i).padStart(5, '0')}`,
        seo: { metaTitle: `Page ${i}`, metaDescription: 'A page about things, and about other things too.' },
        links: [{ text: 'Home', url: '/' }, { text: 'Docs', url: '/docs', target: '_self' }, { text: 'Blog', url: '/blog' }],
        cover: pick(files).id,
        gallery: [pick(files).id, pick(files).id, pick(files).id, pick(files).id],
        sections: [
          { __component: 'sections.hero', heading: 'Welcome', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello there, reader.' }] }] },
          { __component: 'sections.logos', heading: 'Friends', logos: [pick(logos), pick(logos), pick(logos)] },
          { __component: 'sections.cta', heading: 'Act now', button: { label: 'Start', link: { text: 'Start', url: '/start' } } },
          { __component: 'sections.hero', heading: 'More', body: [{ type: 'heading', level: 2, children: [{ type: 'text', text: 'More', bold: true }] }] },
        ],
      },
      status: 'published',
    });
  }
}

let coldLogo = '';

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** `cold`: a write (untimed) before each read, so that nothing populated from other rows is kept. */
async function timeOne(q: Quarry, query: string, reps: number, cold = false): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    if (cold) await q.documents('api::logo.logo').update({ documentId: coldLogo, data: { name: `Touched ${i}` } });
    const t = process.hrtime.bigint();
    const page = q.reads.query(PAGE, readQueryString(query));
    // As the REST route prints a page: the entries' texts (kept ones where there are) and the meta,
    // the pieces the server hands to the socket (node:http joins them below 16 KiB, uWS never).
    const pieces = [...entriesJson(page.results), Buffer.from(JSON.stringify({ pagination: page.pagination }))];
    if (pieces.reduce((n, b) => n + b.length, 0) < 16 * 1024) Buffer.concat(pieces);
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  return median(times);
}

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '2000');
  const size = parseSize(positional);
  const rounds = numberFlag(flags, 'rounds', 15, 1);
  const reps = numberFlag(flags, 'reps', 200, 1);
  const path = mkdtempSync(join(tmpdir(), 'quarry-bench-populate-'));
  const q = createQuarry({ schemas: COMPONENTS_PROJECT, path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en'] } });
  try {
    console.log(`loading ${size} pages…`);
    await load(q, size, new Rng(17));
    const populated = q.reads.query(PAGE, readQueryString(CASES.populated)).results[0] as Record<string, unknown>;
    if (!Array.isArray(populated.sections) || (populated.sections as unknown[]).length !== 4 || !populated.cover) throw new Error('the populated page lacks what it should show');
    for (const name of Object.keys(CASES) as CaseName[]) await timeOne(q, CASES[name], reps); // warm-up
    const per: Record<CaseName | 'cold', number[]> = { unpopulated: [], populated: [], cold: [] };
    const ratios: number[] = [];
    const coldRatios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order: CaseName[] = r % 2 === 0 ? ['unpopulated', 'populated'] : ['populated', 'unpopulated'];
      const got = {} as Record<CaseName, number>;
      for (const name of order) per[name].push((got[name] = await timeOne(q, CASES[name], reps)));
      const cold = await timeOne(q, CASES.populated, Math.max(1, Math.floor(reps / 4)), true);
      per.cold.push(cold);
      ratios.push(got.populated / got.unpopulated);
      coldRatios.push(cold / got.unpopulated);
    }
    const result = {
      size, rounds, reps, cpus: cpus().length, load: loadavg()[0],
      unpopulatedUs: median(per.unpopulated), populatedUs: median(per.populated), ratio: median(ratios), target: TARGET_RATIO,
      populatedAfterWriteUs: median(per.cold), ratioAfterWrite: median(coldRatios),
      bytes: { unpopulated: JSON.stringify(q.reads.query(PAGE, readQueryString(CASES.unpopulated)).results).length, populated: JSON.stringify(q.reads.query(PAGE, readQueryString(CASES.populated)).results).length },
    };
    printRows(['case', 'µs / page of 25', 'bytes', ''], [
      ['unpopulated', result.unpopulatedUs.toFixed(1), String(result.bytes.unpopulated), ''],
      ['populated', result.populatedUs.toFixed(1), String(result.bytes.populated), ''],
      ['populated, first read after a write', result.populatedAfterWriteUs.toFixed(1), String(result.bytes.populated), ''],
    ]);
    console.log(`populated ÷ unpopulated: ${result.ratio.toFixed(2)}× (median of ${rounds} per-round ratios; target ≤ ${TARGET_RATIO}×) ${result.ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
    console.log(`first read after a write ÷ unpopulated: ${result.ratioAfterWrite.toFixed(2)}× (every populated entry built again)`);
    const out = join(repoRoot(), 'bench', 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'populate.json'), JSON.stringify(result, null, 2) + '\n');
  } finally {
    await q.close();
    rmSync(path, { recursive: true, force: true });
  }
}

await main();
