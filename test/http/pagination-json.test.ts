import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paginationJson } from '../../src/http/core/responses.js';
import type { PageMeta } from '../../src/index.js';

/** A list's pagination is printed by hand (src/http/core/responses.ts): it must be JSON.stringify's text, byte for byte. */
describe('paginationJson', () => {
  it('prints what JSON.stringify prints, for every shape of a page meta', () => {
    const n = fc.nat({ max: 2 ** 40 });
    const meta: fc.Arbitrary<PageMeta> = fc.oneof(
      fc.record({ page: n, pageSize: n, pageCount: n, total: n }),
      fc.record({ page: n, pageSize: n }),
      fc.record({ start: n, limit: n, total: n }),
      fc.record({ start: n, limit: n }),
    );
    fc.assert(fc.property(meta, (p) => paginationJson(p) === JSON.stringify(p)), { numRuns: 500 });
  });

  it('over HTTP: a list answers with the pagination Strapi gives, in page and in offset mode', async () => {
    const { startTestServer, call } = await import('./support.js');
    const { seed } = await import('./seed.js');
    const server = await startTestServer('node');
    try {
      await seed(server.quarry);
      const paged = await call(server.base, 'GET', '/api/restaurants?pagination[page]=2&pagination[pageSize]=2&fields[0]=name');
      expect(paged.text.endsWith(`,"meta":{"pagination":{"page":2,"pageSize":2,"pageCount":${Math.ceil(paged.body.meta.pagination.total / 2)},"total":${paged.body.meta.pagination.total}}}}`)).toBe(true);
      const offset = await call(server.base, 'GET', '/api/restaurants?pagination[start]=1&pagination[limit]=3&fields[0]=name');
      expect(offset.body.meta).toEqual({ pagination: { start: 1, limit: 3, total: paged.body.meta.pagination.total } });
      const uncounted = await call(server.base, 'GET', '/api/restaurants?pagination[withCount]=false&fields[0]=name');
      expect(uncounted.text.endsWith(',"meta":{"pagination":{"start":0,"limit":25}}}')).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
