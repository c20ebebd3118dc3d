import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/index.js';
import { gql } from '../graphql/support.js';
import { call, startTestServer, type TestServer } from '../http/support.js';
import { EXPLOSIVE_POPULATE, loadDataset, openQuarry, RESTAURANT, type TestQuarry } from '../pool/support.js';

/**
 * The read time limit (`queryTimeoutMs`) on every read path, through its public door: REST lists
 * and single entries, GraphQL lists, single entries and relation fields, and the document
 * service's findMany, findFirst, findOne and count, and a page of the library's reads. Each read
 * below does thousands of store reads on 2,000 restaurants; with a limit of 1 ms each is given up
 * with the 503 naming it, and the next request is answered.
 */
const LIMIT = { status: 503, name: 'ServiceUnavailableError', message: 'The read exceeds the limit of 1 ms (the read time limit) and was cancelled', details: { timeoutMs: 1 } };

/** Four levels of relations from each restaurant: restaurants, their categories, those categories' restaurants, and so on. */
const DEEP = { categories: { populate: { restaurants: { populate: { categories: { populate: { restaurants: { fields: ['name'] } } } } } } } };
/** A filter decided row by row, through a relation of each row. */
const SLOW_FILTER = { $or: [{ name: { $notContainsi: 'zzz' } }, { categories: { restaurants: { name: { $notContainsi: 'zzz' } } } }] };

let t: TestQuarry;
let server: TestServer;
let documentId: string;

beforeAll(async () => {
  t = openQuarry({ queryTimeoutMs: 1, pool: undefined });
  await loadDataset(t.quarry, 2_000);
  server = await startTestServer('node', {}, t.quarry);
  // A restaurant with categories, so that populating it reaches the rest of the data.
  documentId = (await t.quarry.documents(RESTAURANT).findMany({ filters: { categories: { $notNull: true } }, limit: 1 }))[0]!.documentId as string;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await t?.dispose();
});

const restaurants = () => t.quarry.documents(RESTAURANT);

async function refused(read: Promise<unknown>): Promise<void> {
  const error = await read.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceUnavailableError);
  expect((error as ServiceUnavailableError).toJSON()).toEqual(LIMIT);
}

describe('the read time limit', () => {
  it('stops a REST list, and the next request is answered', async () => {
    const r = await call(server.base, 'GET', `/api/restaurants?${EXPLOSIVE_POPULATE}`);
    expect(r.status).toBe(503);
    expect(r.body.error).toEqual(LIMIT);
    expect((await call(server.base, 'GET', '/api/restaurants?pagination[pageSize]=1')).status).toBe(200);
  });

  it('stops a REST single entry that populates past it', async () => {
    const r = await call(server.base, 'GET', `/api/restaurants/${documentId}?${EXPLOSIVE_POPULATE.replace(/&pagination.*$/, '')}`);
    expect(r.status).toBe(503);
    expect(r.body.error).toEqual(LIMIT);
  });

  it('stops GraphQL lists, single entries and relation fields', async () => {
    // Relation fields are read once per level for all their entries, so nesting alone is no longer
    // slow: the nested list takes a filter that no row passes, decided row by row through two
    // relations of each row.
    const nested = 'categories(pagination: { limit: 10 }) { restaurants(pagination: { limit: 100 }, filters: { categories: { restaurants: { name: { containsi: "zzz" } } } }) { name } }';
    for (const query of [
      `{ restaurants(pagination: { pageSize: 100 }, filters: { or: [{ name: { notContainsi: "zzz" } }, { categories: { restaurants: { name: { notContainsi: "zzz" } } } }] }) { name } }`,
      `{ restaurant(documentId: "${documentId}") { ${nested} } }`,
      `{ restaurants(pagination: { pageSize: 2 }, filters: { categories: { documentId: { notNull: true } } }) { ${nested} } }`,
    ]) {
      const r = await gql(server.base, query);
      expect(r.body.errors, query).toBeDefined();
      expect(r.body.errors[0].extensions, query).toEqual({ code: 'STRAPI_SERVICE_UNAVAILABLE_ERROR', error: { name: LIMIT.name, message: LIMIT.message, details: LIMIT.details } });
    }
  });

  it('stops the document service\'s findMany, findFirst, findOne and count, and a library page', async () => {
    await refused(restaurants().findMany({ populate: DEEP, limit: 100 }));
    await refused(restaurants().findFirst({ filters: SLOW_FILTER, sort: 'name:desc' }));
    await refused(restaurants().findOne({ documentId, populate: DEEP }));
    await refused(restaurants().count({ filters: SLOW_FILTER }));
    await refused(t.quarry.reads.findPage(RESTAURANT, { populate: DEEP, pagination: { pageSize: 100 } }));
    expect(await restaurants().count()).toBe(2_000);
  });
});
