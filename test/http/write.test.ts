import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NOT_FOUND, startTestServer, type Answer, type RequestInit_, type TestServer } from './support.js';
import { seed, type Seeded } from './seed.js';

let server: TestServer;
let data: Seeded;
let base: string;

beforeAll(async () => {
  server = await startTestServer('uws');
  base = server.base;
  data = await seed(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

const JSON_TYPE = 'application/json; charset=utf-8';

function expectError(r: Answer, status: number, name: string, message: string | RegExp): void {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toBe(JSON_TYPE);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.body.data).toBeNull();
  expect(r.body.error).toEqual({ status, name, message: expect.anything(), details: expect.any(Object) });
  if (typeof message === 'string') expect(r.body.error.message).toBe(message);
  else expect(r.body.error.message).toMatch(message);
}

/** Everything a failing write could have touched, read back over HTTP. */
async function snapshot(): Promise<string> {
  const parts = await Promise.all([
    call(base, 'GET', '/api/restaurants?populate=*&sort=name&pagination[pageSize]=100'),
    call(base, 'GET', '/api/chefs?populate=*&sort=name'),
    call(base, 'GET', '/api/categories?populate=*&sort=name'),
    call(base, 'GET', '/api/articles?status=draft&populate=*&sort=title'),
    call(base, 'GET', '/api/articles?populate=*&sort=title'),
    call(base, 'GET', '/api/tags?locale=*&sort=name'),
  ]);
  return parts.map((p) => p.text).join('\n');
}

describe('POST /api/<plural>', () => {
  it('creates: 201 { data, meta: {} }, relations linked but not shown unless populated', async () => {
    const r = await call(base, 'POST', '/api/restaurants', {
      json: { data: { name: 'Trattoria', stars: 4, chef: data.chefs['Ana Souza'], categories: [data.categories.Italian] } },
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe(JSON_TYPE);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.body).toEqual({
      data: {
        id: expect.any(Number), documentId: expect.any(String), name: 'Trattoria', stars: 4, open: null, price: null, description: null,
        createdAt: expect.any(String), updatedAt: expect.any(String), publishedAt: expect.any(String),
      },
      meta: {},
    });
    const back = await call(base, 'GET', `/api/restaurants/${r.body.data.documentId}?populate[chef][fields]=name&populate[categories][fields]=name&fields=name`);
    expect(back.body.data.chef.name).toBe('Ana Souza');
    expect(back.body.data.categories.map((c: { name: string }) => c.name)).toEqual(['Italian']);
  });

  it('shapes the answer with fields and populate from the query', async () => {
    const r = await call(base, 'POST', '/api/restaurants?fields[0]=name&populate[chef][fields][0]=name', {
      json: { data: { name: 'Shaped', chef: data.chefs['Eva Tanaka'] } },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ id: expect.any(Number), documentId: expect.any(String), name: 'Shaped', chef: { id: expect.any(Number), documentId: data.chefs['Eva Tanaka'], name: 'Eva Tanaka' } });
  });

  it('publishes on draft & publish types by default; ?status=draft only writes the draft', async () => {
    const published = await call(base, 'POST', '/api/articles', { json: { data: { title: 'Hello' } } });
    expect(published.status).toBe(201);
    expect(published.body.data.publishedAt).toEqual(expect.any(String));
    const list = await call(base, 'GET', '/api/articles?fields=title');
    expect(list.body.data.map((a: { title: string }) => a.title)).toContain('Hello');

    const draft = await call(base, 'POST', '/api/articles?status=draft', { json: { data: { title: 'Unfinished' } } });
    expect(draft.status).toBe(201);
    expect(draft.body.data.publishedAt).toBeNull();
    const pub = await call(base, 'GET', `/api/articles/${draft.body.data.documentId}`);
    expect(pub.status).toBe(404);
    const drafts = await call(base, 'GET', `/api/articles/${draft.body.data.documentId}?status=draft&fields=title`);
    expect(drafts.body.data.title).toBe('Unfinished');
  });

  it('creates in the locale the query names', async () => {
    const fr = await call(base, 'POST', '/api/tags?locale=fr', { json: { data: { name: 'fromage', code: 'FR1' } } });
    expect(fr.status).toBe(201);
    expect(fr.body.data.locale).toBe('fr');
    expect((await call(base, 'GET', `/api/tags/${fr.body.data.documentId}`)).status).toBe(404);
    expect((await call(base, 'GET', `/api/tags/${fr.body.data.documentId}?locale=fr`)).body.data.name).toBe('fromage');
    const en = await call(base, 'POST', '/api/tags', { json: { data: { name: 'cheese' } } });
    expect(en.body.data.locale).toBe('en');
  });
});

describe('PUT /api/<plural>/<documentId>', () => {
  it('updates scalars: 200 { data, meta: {} }', async () => {
    const id = data.restaurants['Burger Barn'];
    const r = await call(base, 'PUT', `/api/restaurants/${id}`, { json: { data: { stars: 2, description: 'Late night' } } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(JSON_TYPE);
    expect(r.body).toEqual({ data: expect.objectContaining({ documentId: id, name: 'Burger Barn', stars: 2, description: 'Late night' }), meta: {} });
    expect((await call(base, 'GET', `/api/restaurants/${id}?fields=stars`)).body.data.stars).toBe(2);
  });

  it('connects with positions; GET with populate shows the order', async () => {
    const id = data.restaurants['Pizza Napoli'];
    const c = data.categories;
    const set = await call(base, 'PUT', `/api/restaurants/${id}`, { json: { data: { categories: { set: [c.Italian, c.French] } } } });
    expect(set.status).toBe(200);
    const r = await call(base, 'PUT', `/api/restaurants/${id}?populate[categories][fields]=name&fields=name`, {
      json: {
        data: {
          categories: {
            connect: [
              { documentId: c.Vegan, position: { before: c.French } },
              { documentId: c.Japanese, position: { start: true } },
              { documentId: c.Italian, position: { after: c.Vegan } },
            ],
          },
        },
      },
    });
    expect(r.status).toBe(200);
    const order = ['Japanese', 'Vegan', 'Italian', 'French'];
    expect(r.body.data.categories.map((x: { name: string }) => x.name)).toEqual(order);
    const back = await call(base, 'GET', `/api/restaurants/${id}?populate[categories][fields]=name`);
    expect(back.body.data.categories.map((x: { name: string }) => x.name)).toEqual(order);
    // The inverse side follows.
    const vegan = await call(base, 'GET', `/api/categories/${c.Vegan}?populate[restaurants][fields]=name`);
    expect(vegan.body.data.restaurants.map((x: { name: string }) => x.name)).toContain('Pizza Napoli');
  });

  it('publishes a draft & publish type by default; ?status=draft leaves the published version alone', async () => {
    const created = await call(base, 'POST', '/api/articles', { json: { data: { title: 'v1' } } });
    const id = created.body.data.documentId as string;
    const draftOnly = await call(base, 'PUT', `/api/articles/${id}?status=draft`, { json: { data: { title: 'v2 draft' } } });
    expect(draftOnly.status).toBe(200);
    expect(draftOnly.body.data).toMatchObject({ title: 'v2 draft', publishedAt: null });
    expect((await call(base, 'GET', `/api/articles/${id}`)).body.data.title).toBe('v1');
    expect((await call(base, 'GET', `/api/articles/${id}?status=draft`)).body.data.title).toBe('v2 draft');
    const publish = await call(base, 'PUT', `/api/articles/${id}`, { json: { data: { title: 'v3' } } });
    expect(publish.status).toBe(200);
    expect(publish.body.data).toMatchObject({ title: 'v3', publishedAt: expect.any(String) });
    expect((await call(base, 'GET', `/api/articles/${id}`)).body.data.title).toBe('v3');
  });

  it('updates one locale, and creates a locale the document does not have yet', async () => {
    const en = await call(base, 'POST', '/api/tags', { json: { data: { name: 'sweet', code: 'SW' } } });
    const id = en.body.data.documentId as string;
    const fr = await call(base, 'PUT', `/api/tags/${id}?locale=fr`, { json: { data: { name: 'sucré' } } });
    expect(fr.status).toBe(200);
    expect(fr.body.data).toMatchObject({ documentId: id, name: 'sucré', code: 'SW', locale: 'fr' });
    expect((await call(base, 'GET', `/api/tags/${id}`)).body.data.name).toBe('sweet');
    const unknownLocale = await call(base, 'PUT', `/api/tags/${id}?locale=de`, { json: { data: { name: 'süß' } } });
    expect(unknownLocale.status).toBe(400);
  });

  it('answers an unknown document with 404 NotFoundError', async () => {
    const r = await call(base, 'PUT', '/api/restaurants/doesnotexist000000000000', { json: { data: { name: 'x' } } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(NOT_FOUND);
  });
});

describe('DELETE /api/<plural>/<documentId>', () => {
  it('answers 204 without a body, also when already deleted', async () => {
    const created = await call(base, 'POST', '/api/restaurants', { json: { data: { name: 'Gone soon', categories: [data.categories.Vegan] } } });
    const id = created.body.data.documentId as string;
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${base}/api/restaurants/${id}`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(204);
      expect(r.headers.get('content-type')).toBeNull();
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(await r.text()).toBe('');
    }
    expect((await call(base, 'GET', `/api/restaurants/${id}`)).status).toBe(404);
    const vegan = await call(base, 'GET', `/api/categories/${data.categories.Vegan}?populate[restaurants][fields]=name`);
    expect(vegan.body.data.restaurants.map((x: { name: string }) => x.name)).not.toContain('Gone soon');
  });

  it('deletes one locale, or every locale with locale=*', async () => {
    const en = await call(base, 'POST', '/api/tags', { json: { data: { name: 'salty' } } });
    const id = en.body.data.documentId as string;
    await call(base, 'PUT', `/api/tags/${id}?locale=fr`, { json: { data: { name: 'salé' } } });
    expect((await fetch(`${base}/api/tags/${id}?locale=fr`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(base, 'GET', `/api/tags/${id}?locale=fr`)).status).toBe(404);
    expect((await call(base, 'GET', `/api/tags/${id}`)).status).toBe(200);
    await call(base, 'PUT', `/api/tags/${id}?locale=fr`, { json: { data: { name: 'salé' } } });
    expect((await fetch(`${base}/api/tags/${id}?locale=*`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(base, 'GET', `/api/tags/${id}`)).status).toBe(404);
    expect((await call(base, 'GET', `/api/tags/${id}?locale=fr`)).status).toBe(404);
  });
});

describe('a failed write answers a Strapi-shaped error and writes nothing', () => {
  const bistro = () => `/api/restaurants/${data.restaurants['Le Petit Bistro']}`;
  const cases: [string, () => [string, string, RequestInit_], number, string, string | RegExp][] = [
    ['invalid JSON', () => ['POST', '/api/restaurants', { body: '{"data": {', headers: { 'content-type': 'application/json' } }], 400, 'SyntaxError', /JSON/],
    ['invalid JSON on PUT', () => ['PUT', bistro(), { body: '{"data":{"name":"x"}', headers: { 'content-type': 'application/json' } }], 400, 'SyntaxError', /JSON/],
    ['invalid UTF-8', () => ['POST', '/api/restaurants', { body: Buffer.from('{"data":{"name":"\xff"}}', 'latin1'), headers: { 'content-type': 'application/json' } }], 400, 'SyntaxError', 'The request body is not valid UTF-8'],
    ['no body', () => ['POST', '/api/restaurants', { headers: { 'content-type': 'application/json' } }], 400, 'ValidationError', 'Missing "data" payload in the request body'],
    ['missing data', () => ['POST', '/api/restaurants', { json: { name: 'no data wrapper' } }], 400, 'ValidationError', 'Missing "data" payload in the request body'],
    ['data is an array', () => ['POST', '/api/restaurants', { json: { data: [{ name: 'x' }] } }], 400, 'ValidationError', 'Missing "data" payload in the request body'],
    ['data is null', () => ['PUT', bistro(), { json: { data: null } }], 400, 'ValidationError', 'Missing "data" payload in the request body'],
    ['body is a JSON string', () => ['POST', '/api/restaurants', { json: 'data' }], 400, 'ValidationError', 'Missing "data" payload in the request body'],
    ['a text/plain body', () => ['POST', '/api/restaurants', { body: '{"data":{"name":"plain"}}', headers: { 'content-type': 'text/plain' } }], 400, 'ValidationError', 'Missing "data" payload in the request body'],
    ['unknown attribute', () => ['POST', '/api/restaurants', { json: { data: { name: 'x', nope: 1 } } }], 400, 'ValidationError', 'Invalid key nope'],
    ['id inside data', () => ['POST', '/api/restaurants', { json: { data: { id: 5, name: 'x' } } }], 400, 'ValidationError', 'Invalid key id'],
    ['documentId inside data', () => ['PUT', bistro(), { json: { data: { documentId: 'x', name: 'x' } } }], 400, 'ValidationError', 'Invalid key documentId'],
    ['wrong type', () => ['PUT', bistro(), { json: { data: { name: 'x', stars: 'many' } } }], 400, 'ValidationError', /stars/],
    ['required field missing', () => ['POST', '/api/restaurants', { json: { data: { stars: 3 } } }], 400, 'ValidationError', /name/],
    ['unknown related document', () => ['PUT', bistro(), { json: { data: { name: 'x', categories: { connect: ['nope00000000000000000000'] } } } }], 400, 'ValidationError', /not found/],
    ['position before a target not connected', () => ['PUT', bistro(), { json: { data: { name: 'x', categories: { connect: [{ documentId: data.categories.Vegan, position: { before: data.categories.Japanese } }] } } } }], 400, 'ValidationError', /connected first|needs to be connected/],
    ['set with connect', () => ['PUT', bistro(), { json: { data: { categories: { set: [], connect: [data.categories.Vegan] } } } }], 400, 'ValidationError', /categories/],
    ['invalid status', () => ['POST', '/api/articles?status=soon', { json: { data: { title: 'x' } } }], 400, 'ValidationError', /status/],
    ['locale not configured', () => ['POST', '/api/tags?locale=de', { json: { data: { name: 'x' } } }], 400, 'ValidationError', /locale/i],
    ['locale * on a create', () => ['POST', '/api/tags?locale=*', { json: { data: { name: 'x' } } }], 400, 'ValidationError', /locale/i],
    ['locale inside data', () => ['POST', '/api/tags', { json: { data: { name: 'x', locale: 'fr' } } }], 400, 'ValidationError', 'Invalid key locale'],
    ['malformed query on a write', () => ['POST', `/api/restaurants?populate${'[a]'.repeat(30)}=1`, { json: { data: { name: 'x' } } }], 400, 'ValidationError', /depth/],
    ['unknown populate on a write', () => ['PUT', `${bistro()}?populate=nope`, { json: { data: { name: 'x' } } }], 400, 'ValidationError', /nope/],
    ['publishing a draft that misses a required field', () => ['POST', '/api/articles', { json: { data: { body: 'no title' } } }], 400, 'ValidationError', /title/],
  ];

  it.each(cases)('%s', async (_name, request, status, errorName, message) => {
    const before = await snapshot();
    const [method, path, init] = request();
    const r = await call(base, method, path, init);
    expectError(r, status, errorName, message);
    expect(await snapshot()).toBe(before);
  });

  it('the unknown attribute error names the key', async () => {
    const r = await call(base, 'POST', '/api/restaurants', { json: { data: { name: 'x', nope: 1 } } });
    expect(r.body.error.details).toMatchObject({ key: 'nope' });
  });
});
