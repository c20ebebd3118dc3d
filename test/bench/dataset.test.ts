import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterTree, FilterValue } from '../../bench/dataset/filters.js';
import { expectedAnswers, Oracle } from '../../bench/dataset/expected.js';
import { CATEGORY_COUNT, DEFAULT_SEED, generateDataset } from '../../bench/dataset/generate.js';
import { type BenchQuery, buildQueries, EXTRA_QUERIES, PAGE_SIZE, type QueryParams, TWINS } from '../../bench/dataset/queries.js';
import type { Dataset, Restaurant } from '../../bench/dataset/types.js';
import { SqliteEngine } from '../../bench/sqlite/engine.js';

const N = 10_000;

function fingerprint(data: Dataset): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ chefs: data.chefs, categories: data.categories }));
  for (const r of data.restaurants()) hash.update(`${JSON.stringify(r)}\n`);
  return hash.digest('hex');
}

describe('dataset generator', () => {
  const data = generateDataset(N);
  const restaurants = [...data.restaurants()];

  it('is deterministic: same seed, same bytes; another seed, other data', () => {
    expect(fingerprint(generateDataset(N))).toBe(fingerprint(data));
    expect(fingerprint(generateDataset(N, DEFAULT_SEED + 1))).not.toBe(fingerprint(data));
  });

  it('matches the pinned fingerprint, so results of different runs describe the same data', () => {
    // Change this only with an intended generator change; results in bench/results/ made
    // before it then describe other data.
    expect(fingerprint(data)).toBe('040ed08a31c54ed8fab4b33bab01b60a26a383942cbeb5538359392851034fa6');
  });

  it('serves the same restaurant by index as in the stream', () => {
    for (const i of [0, 1, 4999, N - 1]) expect(data.restaurant(i)).toEqual(restaurants[i]);
  });

  it('keeps the first restaurants of a smaller size identical', () => {
    // Each restaurant has its own PRNG, so only the chef range (N / 100) differs between sizes.
    const small = generateDataset(N / 10);
    expect(small.restaurant(7).name).toBe(data.restaurant(7).name);
  });

  it('sizes chefs at N / 100 (~100 restaurants each) and categories at a fixed 200', () => {
    expect(data.chefs).toHaveLength(N / 100);
    expect(data.categories).toHaveLength(CATEGORY_COUNT);
    const sizes = new Array<number>(data.chefs.length).fill(0);
    for (const r of restaurants) if (r.chef !== null) sizes[r.chef] = (sizes[r.chef] ?? 0) + 1;
    expect(Math.min(...sizes)).toBeGreaterThan(50);
    expect(Math.max(...sizes)).toBeLessThan(150);
    expect(new Set(data.chefs.map((c) => c.name)).size).toBe(data.chefs.length);
    expect(new Set(data.categories.map((c) => c.name)).size).toBe(CATEGORY_COUNT);
    expect(new Set(data.chefs.map((c) => c.country)).size).toBeGreaterThan(35);
  });

  it('has ~10% NULL prices and descriptions, ~2% restaurants without chef', () => {
    const rate = (pick: (r: Restaurant) => unknown): number => restaurants.filter((r) => pick(r) === null).length / N;
    expect(rate((r) => r.price)).toBeGreaterThan(0.085);
    expect(rate((r) => r.price)).toBeLessThan(0.115);
    expect(rate((r) => r.description)).toBeGreaterThan(0.085);
    expect(rate((r) => r.description)).toBeLessThan(0.115);
    expect(rate((r) => r.chef)).toBeGreaterThan(0.01);
    expect(rate((r) => r.chef)).toBeLessThan(0.03);
  });

  it('draws scalars in range: stars 1–5, prices with two decimals, unique accented names', () => {
    expect(restaurants.filter((r) => !(Number.isInteger(r.stars) && r.stars >= 1 && r.stars <= 5))).toEqual([]);
    const badPrices = restaurants.filter((r) => r.price !== null && (r.price < 5 || r.price > 150 || Number(r.price.toFixed(2)) !== r.price));
    expect(badPrices).toEqual([]);
    expect(new Set(restaurants.map((r) => r.name)).size).toBe(N);
    expect(restaurants.some((r) => /[^\x00-\x7f]/.test(r.name))).toBe(true);
    expect(new Set(restaurants.map((r) => r.stars)).size).toBe(5);
  });

  it('gives each restaurant 0–5 ordered categories without duplicates, all sizes present', () => {
    const bad = restaurants.filter(
      (r) => r.categories.length > 5 || new Set(r.categories).size !== r.categories.length || r.categories.some((c) => !(c >= 0 && c < CATEGORY_COUNT)),
    );
    expect(bad).toEqual([]);
    expect([...new Set(restaurants.map((r) => r.categories.length))].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('query set', () => {
  const data = generateDataset(N);
  const queries = buildQueries(data);
  const expected = expectedAnswers(data, queries);

  it('has the 13 named queries and the extra ones, each with a non-trivial answer', () => {
    expect(queries).toHaveLength(13 + EXTRA_QUERIES.size);
    expect(new Set(queries.map((q) => q.name)).size).toBe(queries.length);
    for (const [query, twin] of TWINS) expect(queries.some((q) => q.name === query) && queries.some((q) => q.name === twin), query).toBe(true);
    for (const q of queries) {
      const answer = expected.get(q);
      expect(answer?.total, q.name).toBeGreaterThan(0);
      // Only the unfiltered sorts select every row.
      if (Object.keys(q.filters).length > 0) expect(answer?.total, q.name).toBeLessThan(N);
      expect(answer?.ids, q.name).toHaveLength(Math.min(PAGE_SIZE, answer?.total ?? 0));
    }
  });

  it('keeps $containsi between 0.5% and 5% and the exact name and two-hop selective small', () => {
    const total = (name: string): number => expected.get(queries.find((q) => q.name === name) as BenchQuery)?.total ?? 0;
    expect(total('name-containsi') / N).toBeGreaterThan(0.005);
    expect(total('name-containsi') / N).toBeLessThan(0.05);
    expect(total('exact-name')).toBe(1);
    expect(total('id-in')).toBe(50);
    expect(total('deep-to-one-twin')).toBe(total('deep-to-one'));
    expect(total('two-hop-selective')).toBeLessThan(200);
  });

  it('writes the REST query string for exactly the filter object, sort and pagination', () => {
    for (const q of queries) {
      const parsed = parseQs(q.rest);
      const filters = Object.keys(q.filters).length > 0 ? { filters: q.filters } : {};
      const want = stringifyLeaves({ ...filters, ...(q.sort.length > 0 ? { sort: q.sort.join(',') } : {}), pagination: q.pagination });
      expect(parsed, q.name).toEqual(want);
    }
  });
});

describe('SQLite engine against the oracle', () => {
  const engines: SqliteEngine[] = [];
  afterAll(() => engines.forEach((e) => e.close()));

  for (const seed of [DEFAULT_SEED, 7]) {
    describe(`N=${N}, seed ${seed}`, () => {
      const data = generateDataset(N, seed);
      const queries = buildQueries(data);
      const expected = expectedAnswers(data, queries);
      const engine = new SqliteEngine();
      engines.push(engine);
      beforeAll(() => engine.load(data));

      for (const q of queries) {
        it(`${q.name}: same total and same page ids in order`, () => {
          expect(engine.run(q)).toEqual(expected.get(q));
        });
      }

      it('returns every restaurant column in the page rows', () => {
        const q = queries.find((x) => x.name === 'exact-name') as BenchQuery;
        const [row] = engine.query(q).rows;
        const index = (row?.id ?? 0) - 1;
        const r = data.restaurant(index);
        expect(row).toEqual({
          id: index + 1, name: r.name, stars: r.stars, open: r.open ? 1 : 0, price: r.price,
          description: r.description, chef_id: r.chef === null ? null : r.chef + 1,
        });
      });
    });
  }
});

describe('oracle and SQLite on deep-filter edge cases', () => {
  // r1 [X], r2 [X, Y], r3 [], r4 [Y]; chef 0 owns r1 and r3, chef 1 owns r4, r2 has none.
  const categories = [{ name: 'X' }, { name: 'Y' }];
  const rows: Restaurant[] = [
    { name: 'Café Crème 1', stars: 5, open: true, price: null, description: null, chef: 0, categories: [0] },
    { name: 'CAFÉ 2', stars: 1, open: false, price: 9.5, description: 'a', chef: null, categories: [0, 1] },
    { name: 'Bistro 3', stars: 3, open: true, price: 12, description: 'b', chef: 0, categories: [] },
    { name: 'bistro_100% 4', stars: 4, open: true, price: 30, description: null, chef: 1, categories: [1] },
  ];
  const tiny: Dataset = {
    seed: 0,
    size: rows.length,
    chefs: [{ name: 'Zoë 1', country: 'France' }, { name: 'Hugo 2', country: 'Japan' }],
    categories,
    restaurant: (i) => rows[i] as Restaurant,
    restaurants: () => rows[Symbol.iterator](),
  };
  const engine = new SqliteEngine();
  beforeAll(() => engine.load(tiny));
  afterAll(() => engine.close());

  const cases: [QueryParams, FilterTree, number[]][] = [
    // $not over a to-many: some category that is not X; no category = no match.
    [{ kind: 'not-deep', categoryName: 'X' }, { $not: { categories: { name: { $eq: 'X' } } } }, [2, 4]],
    [{ kind: 'deep-many-to-many', categoryName: 'Y' }, { categories: { name: { $eq: 'Y' } } }, [2, 4]],
    // NULL price never satisfies price < 10; a restaurant without chef fails the deep arm.
    [{ kind: 'or-with-deep', stars: 4, maxPrice: 10, country: 'France' }, { $or: [{ stars: { $eq: 4 } }, { price: { $lt: 10 } }, { chef: { country: { $eq: 'France' } } }] }, [1, 2, 3, 4]],
    [{ kind: 'two-hop', categoryName: 'X' }, { chef: { restaurants: { categories: { name: { $eq: 'X' } } } } }, [1, 3]],
    [{ kind: 'two-hop-selective', restaurantName: 'Bistro 3' }, { chef: { restaurants: { name: { $eq: 'Bistro 3' } } } }, [1, 3]],
    // Literal %/_ and ASCII case folding.
    [{ kind: 'name-containsi', needle: 'O_100%' }, { name: { $containsi: 'O_100%' } }, [4]],
    [{ kind: 'name-containsi', needle: 'bistro' }, { name: { $containsi: 'bistro' } }, [3, 4]],
    [{ kind: 'description-null' }, { description: { $null: true } }, [1, 4]],
  ];
  for (const [params, filters, ids] of cases) {
    it(`${params.kind} ${JSON.stringify(filters)} → ${ids.join(',')}`, () => {
      const query: BenchQuery = { name: params.kind, summary: '', filters, sort: [], pagination: { page: 1, pageSize: 25 }, rest: '', params };
      const want = { total: ids.length, ids };
      expect(new Oracle(tiny).answer(query)).toEqual(want);
      expect(engine.run(query)).toEqual(want);
    });
  }

  it('oracle: $not on a field excludes NULLs; $containsi folds non-ASCII case', () => {
    const run = (filters: FilterTree): number[] =>
      new Oracle(tiny).answer({ name: 'description-null', summary: '', filters, sort: [], pagination: { page: 1, pageSize: 25 }, rest: '', params: { kind: 'description-null' } }).ids;
    expect(run({ price: { $not: { $lt: 10 } } })).toEqual([3, 4]);
    expect(run({ name: { $containsi: 'café' } })).toEqual([1, 2]);
  });
});

/** Just enough of qs (brackets, indexes, strictNullHandling) to read back `rest`. */
function parseQs(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? null : decodeURIComponent(part.slice(eq + 1));
    const path = decodeURIComponent(rawKey).split(/\[|\]\[|\]/).filter((s) => s !== '');
    let node: Record<string, unknown> = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) node[key] = value;
      else node = (node[key] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

function stringifyLeaves(value: FilterValue | Record<string, unknown> | readonly unknown[]): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((v: FilterValue) => stringifyLeaves(v));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringifyLeaves(v as FilterValue)]));
  return String(value);
}
