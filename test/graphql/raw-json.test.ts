import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { printAnswer, RawJson } from '../../src/graphql/raw-json.js';
import { createRestCore } from '../../src/http/index.js';
import { bodyText } from '../../src/http/adapters/answer-body.js';
import { tempQuarry } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;
beforeAll(async () => {
  q = tempQuarry();
  for (const [name, stars] of [['Alpha', 5], ['Beta', 3]] as const) await q.documents(R).create({ data: { name, stars } });
});
afterAll(() => q.dispose());

describe('answers printed around kept texts', () => {
  it('print what JSON.stringify prints, raw texts copied in', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const raw = () => new RawJson([Buffer.from(JSON.stringify(value))]);
      expect(bodyText(printAnswer(value))).toBe(JSON.stringify(value));
      expect(bodyText(printAnswer({ a: [raw(), 1, raw()] }))).toBe(JSON.stringify({ a: [value, 1, value] }));
      expect(JSON.stringify(raw())).toBe(JSON.stringify(value));
    }), { numRuns: 300 });
  });

  it('follow writes: a node shows its row as it is now', async () => {
    const core = createRestCore(q, { access: { writes: 'public' } });
    const query = '{ restaurants(sort: "name:asc") { documentId name stars } }';
    const ask = async () => {
      const answer = await core.handle({
        method: 'POST', path: '/graphql', rawQuery: '', body: new TextEncoder().encode(JSON.stringify({ query })),
        headers: Object.assign(Object.create(null), { 'content-type': 'application/json' }),
      });
      return JSON.parse(bodyText(answer.body)).data.restaurants as { documentId: string; name: string; stars: number }[];
    };
    const before = await ask();
    expect(before.map((r) => r.name)).toEqual(['Alpha', 'Beta']);
    expect(await ask()).toEqual(before);
    await q.documents(R).update({ documentId: before[1]!.documentId, data: { name: 'Aardvark', stars: 1 } });
    expect((await ask()).map((r) => [r.name, r.stars])).toEqual([['Aardvark', 1], ['Alpha', 5]]);
  });
});
