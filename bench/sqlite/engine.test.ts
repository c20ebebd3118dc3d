/**
 * The SQLite engine against the oracle: the benchmark times SQLite only on answers the oracle
 * agrees with, and this pins that agreement in `npm test`. It tests the bench's own code, so it
 * lives beside it (vitest.config.ts runs bench's tests too); test/ tests the product and fixtures/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_CASES, edgeAnswer, edgeCaseName, edgeQuery, TINY } from '../../fixtures/dataset/edge-cases.js';
import { expectedAnswers } from '../../fixtures/dataset/expected.js';
import { DEFAULT_SEED, generateDataset } from '../../fixtures/dataset/generate.js';
import { type BenchQuery, buildQueries } from '../../fixtures/dataset/queries.js';
import { SqliteEngine } from './engine.js';

const N = 10_000;

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

describe('SQLite on deep-filter edge cases', () => {
  const engine = new SqliteEngine();
  beforeAll(() => engine.load(TINY));
  afterAll(() => engine.close());

  for (const edge of EDGE_CASES) {
    it(edgeCaseName(edge), () => {
      expect(engine.run(edgeQuery(edge))).toEqual(edgeAnswer(edge));
    });
  }
});
