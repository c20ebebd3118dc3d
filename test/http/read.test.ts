import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NOT_FOUND, startTestServer, type TestServer } from './support.js';
import { ARTICLE, seed, SEED_RESTAURANTS, TAG, type Seeded } from './seed.js';

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

const names = (body: { data: { name: string }[] }) => body.data.map((e) => e.name);

describe('GET /api/<plural>', () => {
  it('answers { data, meta.pagination } as JSON with CORS', async () => {
    const r = await call(base, 'GET', '/api/restaurants?sort=name');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(names(r.body)).toEqual(['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Pizza Napoli', 'Sushi Zen']);
    expect(r.body.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 5 } });
    const first = r.body.data[0];
    expect(Object.keys(first)).toEqual(['id', 'documentId', 'name', 'stars', 'open', 'price', 'description', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(first).toMatchObject({ documentId: data.restaurants['Burger Barn'], stars: 1, open: true, price: 12.25, description: null });
    expect(first).not.toHaveProperty('chef');
  });

  it('runs a deep filter through a relation and $or / $and', async () => {
    const deep = await call(base, 'GET', '/api/restaurants?filters[chef][country][$eq]=Japan&sort=name');
    expect(names(deep.body)).toEqual(['Burger Barn', 'Sushi Zen']);
    const toMany = await call(base, 'GET', '/api/restaurants?filters[categories][name][$eq]=Vegan&sort=name:desc');
    expect(names(toMany.body)).toEqual(['Sushi Zen', 'Green Fork']);
    const mixed = await call(base, 'GET',
      '/api/restaurants?filters[$or][0][stars][$gte]=5&filters[$or][1][chef][name][$startsWith]=Ana&filters[$and][0][open][$eq]=true&sort=name');
    expect(names(mixed.body)).toEqual(['Sushi Zen']);
    const twoLevels = await call(base, 'GET', '/api/chefs?filters[restaurants][categories][name][$eq]=French&sort=name');
    expect(names(twoLevels.body)).toEqual(['Ana Souza', 'Chloé Martin']);
  });

  it('applies fields, sort and pagination, and says so in meta', async () => {
    const page = await call(base, 'GET', '/api/restaurants?fields[0]=name&fields[1]=stars&sort[0]=stars:desc&pagination[page]=2&pagination[pageSize]=2');
    expect(page.body).toEqual({
      data: [
        { id: expect.any(Number), documentId: data.restaurants['Pizza Napoli'], name: 'Pizza Napoli', stars: 3 },
        { id: expect.any(Number), documentId: data.restaurants['Green Fork'], name: 'Green Fork', stars: 2 },
      ],
      meta: { pagination: { page: 2, pageSize: 2, pageCount: 3, total: 5 } },
    });
    const offset = await call(base, 'GET', '/api/restaurants?fields=name&sort=name&pagination[start]=3&pagination[limit]=10');
    expect(offset.body.meta).toEqual({ pagination: { start: 3, limit: 10, total: 5 } });
    expect(names(offset.body)).toEqual(['Pizza Napoli', 'Sushi Zen']);
    const capped = await call(base, 'GET', '/api/restaurants?pagination[pageSize]=1000&fields=name');
    expect(capped.body.meta.pagination.pageSize).toBe(100);
    const noCount = await call(base, 'GET', '/api/restaurants?pagination[withCount]=false&pagination[pageSize]=2&fields=name');
    expect(noCount.body.meta).toEqual({ pagination: { start: 0, limit: 2 } });
  });

  it('reads percent-encoded keys, + as a space, %2B as a plus and a bare key[]', async () => {
    const encoded = await call(base, 'GET', `/api/restaurants?${encodeURIComponent('filters[name][$eq]')}=Sushi+Zen&${encodeURIComponent('fields[0]')}=name`);
    expect(encoded.status).toBe(200);
    expect(names(encoded.body)).toEqual(['Sushi Zen']);
    const viaSearchParams = await call(base, 'GET', `/api/restaurants?${new URLSearchParams({ 'filters[name][$containsi]': 'petit bistro' })}`);
    expect(names(viaSearchParams.body)).toEqual(['Le Petit Bistro']);
    const plus = await call(base, 'GET', '/api/restaurants?filters[name][$eq]=Sushi%2BZen');
    expect(plus.body.data).toEqual([]);
    // A bare key[] reads as [null] (qs): a fields list of no name selects id and documentId only,
    // and in a list filter the null compares as in SQL, as on Strapi: NOT IN (NULL) matches
    // nothing, IN (NULL, 5) matches 5.
    const bare = await call(base, 'GET', '/api/restaurants?fields[]&sort=name&filters[stars][$notIn][]');
    expect(bare.status).toBe(200);
    expect(bare.body.data).toEqual([]);
    const withValue = await call(base, 'GET', '/api/restaurants?fields[]&filters[stars][$in][]&filters[stars][$in][]=5');
    expect(withValue.body.data.map((e: object) => Object.keys(e))).toEqual([['id', 'documentId']]);
    const named = await call(base, 'GET', '/api/restaurants?fields[]&fields[]=name&filters[stars][$in][]&filters[stars][$in][]=5');
    expect(named.body.data).toEqual([{ id: expect.any(Number), documentId: expect.any(String), name: 'Sushi Zen' }]);
  });

  it('accepts Content-Type: application/json on a GET with no body', async () => {
    const r = await call(base, 'GET', '/api/restaurants?fields=name&sort=name', { headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(200);
    expect(names(r.body)[0]).toBe('Burger Barn');
  });

  it('answers HEAD like GET without a body', async () => {
    const head = await fetch(`${base}/api/restaurants?fields=name`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const get = await call(base, 'GET', '/api/restaurants?fields=name');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
    expect(await head.text()).toBe('');
  });

  it('answers malformed and unknown query input with a 400 naming it', async () => {
    const unknown = await call(base, 'GET', '/api/restaurants?filters[nope][$eq]=1');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(unknown.body).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: expect.stringContaining('Invalid key nope'), details: expect.objectContaining({ key: 'nope' }) },
    });
    const operator = await call(base, 'GET', '/api/restaurants?filters[name][$foo]=x');
    expect(operator.status).toBe(400);
    expect(operator.body.error.message).toContain('$foo');
    const cast = await call(base, 'GET', '/api/restaurants?filters[stars][$gt]=abc');
    expect(cast.status).toBe(400);
    expect(cast.body.error.details.path).toBe('filters.stars.$gt');
    const proto = await call(base, 'GET', '/api/restaurants?filters[__proto__][x]=1');
    expect(proto.status).toBe(400);
    expect(proto.body.error.name).toBe('ValidationError');
    const deep = await call(base, 'GET', `/api/restaurants?filters${'[a]'.repeat(25)}=1`);
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toContain('depth limit');
    const mixed = await call(base, 'GET', '/api/restaurants?pagination[page]=1&pagination[start]=0');
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.name).toBe('PaginationError');
    const badEscape = await call(base, 'GET', '/api/restaurants?filters[name][$eq]=100%&fields=name');
    expect(badEscape.status).toBe(200);
    expect(badEscape.body.data).toEqual([]);
    const status = await call(base, 'GET', '/api/articles?status=bogus');
    expect(status.status).toBe(400);
    // The server is unharmed.
    expect((await call(base, 'GET', '/api/restaurants?fields=name')).status).toBe(200);
  });
});

describe('GET /api/<plural>/<documentId>', () => {
  it('answers { data, meta: {} } with populate in relation order', async () => {
    const r = await call(base, 'GET', `/api/restaurants/${data.restaurants['Green Fork']}?fields=name&populate[chef][fields]=name&populate[categories][fields]=name`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.body).toEqual({
      data: {
        id: expect.any(Number),
        documentId: data.restaurants['Green Fork'],
        name: 'Green Fork',
        chef: { id: expect.any(Number), documentId: data.chefs['Ana Souza'], name: 'Ana Souza' },
        categories: [
          { id: expect.any(Number), documentId: data.categories.Vegan, name: 'Vegan' },
          { id: expect.any(Number), documentId: data.categories.French, name: 'French' },
        ],
      },
      meta: {},
    });
  });

  it('answers an unknown document, an unknown type and an unknown route with the 404 NotFoundError body', async () => {
    for (const path of ['/api/restaurants/doesnotexist000000000000', '/api/nopes', '/api/nopes/abc', '/nope', '/api', '/', '/api/restaurants/a/b', '/api//restaurants']) {
      const r = await call(base, 'GET', path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(r.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(r.body, path).toEqual(NOT_FOUND);
    }
  });

  it('decodes a percent-encoded documentId and ignores a trailing slash', async () => {
    const id = data.restaurants['Sushi Zen']!;
    const slash = await call(base, 'GET', `/api/restaurants/${id}/?fields=name`);
    expect(slash.body.data.name).toBe('Sushi Zen');
    const hex = [...id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    expect((await call(base, 'GET', `/api/restaurants/${hex}?fields=name`)).body.data.name).toBe('Sushi Zen');
    expect((await call(base, 'GET', '/api/restaurants/?fields=name')).body.data).toHaveLength(5);
  });
});

describe('405 where a method does not apply to a known route', () => {
  it.each([
    ['PATCH', '/api/restaurants', 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', '/api/restaurants', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/api/restaurants', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/api/restaurants/abc', 'GET, HEAD, PUT, DELETE, OPTIONS'],
    ['PATCH', '/api/restaurants/abc', 'GET, HEAD, PUT, DELETE, OPTIONS'],
    ['POST', '/api/users', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/users/1', 'GET, HEAD, OPTIONS'],
  ])('%s %s', async (method, path, allow) => {
    const r = await call(base, method, path, { json: { data: { name: 'never' } } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe(allow);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.body).toEqual({ data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } });
    const list = await call(base, 'GET', '/api/restaurants?filters[name][$eq]=never');
    expect(list.body.data).toEqual([]);
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 and the allowed origin, methods and headers, on any path', async () => {
    for (const path of ['/api/restaurants', '/api/restaurants/abc', '/api/unknown']) {
      const r = await fetch(base + path, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type,authorization' },
      });
      expect(r.status, path).toBe(204);
      expect(await r.text()).toBe('');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      const methods = r.headers.get('access-control-allow-methods')!.split(',').map((m) => m.trim());
      expect(methods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS']));
      const headers = r.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
      expect(headers).toEqual(expect.arrayContaining(['content-type', 'authorization']));
      expect(r.headers.get('access-control-max-age')).toBe('31536000');
    }
  });

  it('a preflight offers exactly the methods its path serves: none of them is a 405', async () => {
    const offers: [string, string][] = [
      ['/api/restaurants', 'GET, HEAD, POST, OPTIONS'],
      ['/api/restaurants/nosuchdocument0000000000', 'GET, HEAD, PUT, DELETE, OPTIONS'],
      ['/api/users', 'GET, HEAD, OPTIONS'],
      ['/api/users/1', 'GET, HEAD, OPTIONS'],
      ['/graphql', 'GET, HEAD, POST, OPTIONS'],
      ['/api/unknown', 'GET, HEAD, POST, PUT, DELETE, OPTIONS'],
    ];
    for (const [path, allow] of offers) {
      const preflight = await call(base, 'OPTIONS', path, { headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' } });
      expect(preflight.headers.get('access-control-allow-methods'), path).toBe(allow);
      for (const method of allow.split(', ')) {
        if (method === 'OPTIONS') continue;
        const body = method === 'POST' || method === 'PUT' ? JSON.stringify({ data: {} }) : undefined;
        const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body } : {}) });
        await r.arrayBuffer();
        expect(r.status, `${method} ${path}`).not.toBe(405);
      }
      expect(allow).not.toContain('PATCH');
    }
  });

  it('a fixed list of methods, when the setting gives one, is offered on every path', async () => {
    const fixed = await startTestServer('node', { cors: { methods: ['GET', 'OPTIONS'] } }, server.quarry);
    try {
      for (const path of ['/api/restaurants', '/graphql']) {
        expect((await call(fixed.base, 'OPTIONS', path)).headers.get('access-control-allow-methods')).toBe('GET,OPTIONS');
      }
    } finally {
      await fixed.stop();
    }
  });

  it('limits origins when the setting lists them', async () => {
    const strict = await startTestServer('uws', { cors: { origins: ['https://app.example', 'https://admin.example'] } }, server.quarry);
    try {
      const allowed = await call(strict.base, 'GET', '/api/chefs', { headers: { origin: 'https://app.example' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(allowed.headers.get('vary')).toBe('Origin');
      const other = await call(strict.base, 'GET', '/api/chefs', { headers: { origin: 'https://evil.example' } });
      expect(other.status).toBe(200);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      // Each origin's headers are made once and kept: answers in turn to two origins echo each its own.
      for (const origin of ['https://admin.example', 'https://app.example', 'https://admin.example']) {
        const answer = await call(strict.base, 'GET', '/api/chefs', { headers: { origin } });
        expect([answer.headers.get('access-control-allow-origin'), answer.headers.get('content-type')]).toEqual([origin, 'application/json; charset=utf-8']);
      }
      const preflight = await fetch(`${strict.base}/api/chefs`, { method: 'OPTIONS', headers: { origin: 'https://app.example' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    } finally {
      await strict.stop();
    }
  });
});

describe('status and locale on reads', () => {
  it('lists published versions by default and drafts with ?status=draft', async () => {
    const articles = server.quarry.documents(ARTICLE);
    const published = await articles.create({ data: { title: 'Published one' }, status: 'published' });
    await articles.update({ documentId: published.documentId as string, data: { title: 'Published one, edited draft' } });
    await articles.create({ data: { title: 'Draft only' } });
    const pub = await call(base, 'GET', '/api/articles?fields=title&sort=title');
    expect(pub.body.data.map((a: { title: string }) => a.title)).toEqual(['Published one']);
    expect(pub.body.data[0]).not.toHaveProperty('publishedAt');
    const draft = await call(base, 'GET', '/api/articles?status=draft&sort=title');
    expect(draft.body.data.map((a: { title: string }) => a.title)).toEqual(['Draft only', 'Published one, edited draft']);
    expect(draft.body.data[0].publishedAt).toBeNull();
    const one = await call(base, 'GET', `/api/articles/${published.documentId}?status=draft&fields=title`);
    expect(one.body.data.title).toBe('Published one, edited draft');
  });

  it('reads the default locale, one locale, or every locale', async () => {
    const tags = server.quarry.documents(TAG);
    const tag = await tags.create({ data: { name: 'spicy', code: 'SP' } });
    await tags.update({ documentId: tag.documentId as string, locale: 'fr', data: { name: 'épicé' } });
    const en = await call(base, 'GET', '/api/tags?fields=name');
    expect(en.body.data).toEqual([expect.objectContaining({ name: 'spicy' })]);
    const fr = await call(base, 'GET', '/api/tags?locale=fr');
    expect(fr.body.data).toEqual([expect.objectContaining({ name: 'épicé', code: 'SP', locale: 'fr' })]);
    const all = await call(base, 'GET', '/api/tags?locale=*&fields=name&sort=name');
    expect(names(all.body)).toEqual(['spicy', 'épicé']);
    const one = await call(base, 'GET', `/api/tags/${tag.documentId}?locale=fr`);
    expect(one.body.data.name).toBe('épicé');
    const missing = await call(base, 'GET', `/api/tags/${tag.documentId}?locale=de`);
    expect(missing.status).toBe(400);
    const bad = await call(base, 'GET', '/api/tags?locale[a]=x');
    expect(bad.status).toBe(400);
  });
});

describe('users-permissions user routes', () => {
  let ids: number[];
  beforeAll(async () => {
    const users = server.quarry.documents('plugin::users-permissions.user');
    ids = [];
    for (const [username, email] of [['alice', 'alice@example.test'], ['bob', 'bob@example.test'], ['carol', 'carol@example.test']] as const) {
      ids.push((await users.create({ data: { username, email, password: 'secret-password', provider: 'local' } })).id as number);
    }
  });

  it('GET /api/users answers a bare array of every user, without private fields', async () => {
    const r = await call(base, 'GET', '/api/users');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.map((u: { username: string }) => u.username)).toEqual(['alice', 'bob', 'carol']);
    expect(Object.keys(r.body[0])).toEqual(['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(r.text).not.toContain('password');
  });

  it('windows with top-level start / limit, ignores pagination[...], and filters and sorts', async () => {
    const windowed = await call(base, 'GET', '/api/users?start=1&limit=1&fields=username');
    expect(windowed.body).toEqual([{ id: ids[1], documentId: expect.any(String), username: 'bob' }]);
    const paginated = await call(base, 'GET', '/api/users?pagination[pageSize]=1&fields=username');
    expect(paginated.body).toHaveLength(3);
    const sorted = await call(base, 'GET', '/api/users?sort=username:desc&filters[username][$ne]=bob&fields=username');
    expect(sorted.body.map((u: { username: string }) => u.username)).toEqual(['carol', 'alice']);
    const secret = await call(base, 'GET', '/api/users?filters[password][$eq]=x');
    expect(secret.status).toBe(400);
    expect(secret.body.error.message).toContain('password');
  });

  it('GET /api/users/<id> answers a bare user by numeric id, 404 otherwise', async () => {
    const r = await call(base, 'GET', `/api/users/${ids[1]}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ids[1], username: 'bob', email: 'bob@example.test' });
    expect(r.body).not.toHaveProperty('data');
    const filtered = await call(base, 'GET', `/api/users/${ids[1]}?filters[username][$eq]=alice`);
    expect(filtered.status).toBe(404);
    for (const id of ['999999', 'abc', (r.body as { documentId: string }).documentId, '0']) {
      const missing = await call(base, 'GET', `/api/users/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual(NOT_FOUND);
    }
  });

  it('GET /api/users/count answers a bare number', async () => {
    expect((await call(base, 'GET', '/api/users/count')).body).toBe(3);
    expect((await call(base, 'GET', '/api/users/count?filters[username][$in][0]=bob&filters[username][$in][1]=carol')).body).toBe(2);
  });
});

describe('filters on one document, as Strapi applies them', () => {
  it('GET /api/<plural>/<documentId> answers the document when it matches its filters, a 404 when not', async () => {
    const { name, chef } = SEED_RESTAURANTS.find((r) => r.chef !== null)!;
    const id = data.restaurants[name]!;
    const hit = await call(base, 'GET', `/api/restaurants/${id}?filters[name][$eq]=${encodeURIComponent(name)}&filters[chef][name][$eq]=${encodeURIComponent(chef!)}`);
    expect(hit.status).toBe(200);
    expect(hit.body.data.name).toBe(name);
    const miss = await call(base, 'GET', `/api/restaurants/${id}?filters[name][$ne]=${encodeURIComponent(name)}`);
    expect(miss.status).toBe(404);
    expect(miss.body).toEqual(NOT_FOUND);
    const bad = await call(base, 'GET', `/api/restaurants/${id}?filters[nope][$eq]=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid key nope');
  });

  it('the document service reads one document through its filters too', async () => {
    const { name } = SEED_RESTAURANTS[0]!;
    const documentId = data.restaurants[name]!;
    const docs = server.quarry.documents('api::restaurant.restaurant');
    expect(await docs.findOne({ documentId, filters: { name: { $eq: 'someone else' } } })).toBeNull();
    expect(await docs.findOne({ documentId, filters: { name: { $eq: name } } })).toMatchObject({ name });
  });
});
