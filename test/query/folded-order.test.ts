import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempQuarry } from '../support/temp-quarry.js';

const RESTAURANT = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;

beforeAll(async () => {
  q = tempQuarry();
  for (const name of ['CAFÉ', 'Café', 'café']) await q.documents(RESTAURANT).create({ data: { name }, status: 'published' });
});
afterAll(async () => {
  await q?.dispose();
});

describe('a list read through a case-folded index', () => {
  it('is sorted by the field itself, not in the folded index\'s order (found by the differential test, seed -1790229437)', () => {
    const names = (sort: string[]) => q.reads.findPageSync(RESTAURANT, { filters: { name: { $eqi: 'café' } }, sort, status: 'published' }).results.map((e) => e.name);
    expect(names(['name:asc', 'id:desc'])).toEqual(['CAFÉ', 'Café', 'café']);
    expect(names(['name:desc', 'id:asc'])).toEqual(['café', 'Café', 'CAFÉ']);
  });
});
