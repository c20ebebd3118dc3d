import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestCore, type RestCore } from '../../src/http/index.js';
import { bodyText } from '../../src/http/adapters/answer-body.js';
import { startTestServer, type TestServer } from './support.js';
import { seed, type Seeded } from './seed.js';

/**
 * One Quarry served by both transports at once: the same table of requests must get the same
 * status, the same headers that matter and byte-identical bodies from each, and from the
 * transport-free core they share.
 */
let uws: TestServer;
let node: TestServer;
let core: RestCore;
let data: Seeded;

beforeAll(async () => {
  uws = await startTestServer('uws');
  node = await startTestServer('node', {}, uws.quarry);
  core = createRestCore(uws.quarry, { access: { writes: 'public' } });
  data = await seed(uws.quarry);
});
afterAll(async () => {
  await node?.stop();
  await uws?.stop();
});

type Row = [label: string, method: string, path: () => string, body?: string, headers?: Record<string, string>];

const json = { 'content-type': 'application/json' };
const table: Row[] = [
  ['list', 'GET', () => '/api/restaurants?sort=name&populate=*'],
  ['deep filter, encoded keys', 'GET', () => `/api/restaurants?${encodeURIComponent('filters[chef][name][$eq]')}=Ana+Souza&fields=name&sort=name`],
  ['pagination meta', 'GET', () => '/api/restaurants?pagination[start]=1&pagination[limit]=2&fields=name&sort=stars:desc'],
  ['one entry', 'GET', () => `/api/restaurants/${data.restaurants['Sushi Zen']}?populate[categories][fields]=name`],
  ['Content-Type on GET', 'GET', () => '/api/chefs?sort=name', undefined, json],
  ['users', 'GET', () => '/api/users'],
  ['HEAD', 'HEAD', () => '/api/restaurants?fields=name'],
  ['unknown document', 'GET', () => '/api/restaurants/nope'],
  ['unknown route', 'GET', () => '/api/nope'],
  ['bad filter', 'GET', () => '/api/restaurants?filters[nope]=1'],
  ['405', 'PATCH', () => '/api/restaurants', '{"data":{}}', json],
  ['preflight', 'OPTIONS', () => '/api/restaurants', undefined, { origin: 'https://app.example', 'access-control-request-method': 'PUT' }],
  ['invalid JSON', 'POST', () => '/api/restaurants', '{"data":', json],
  ['missing data', 'POST', () => '/api/restaurants', '{"name":"x"}', json],
  ['id in data', 'PUT', () => `/api/restaurants/${data.restaurants['Sushi Zen']}`, '{"data":{"id":1}}', json],
  ['unknown attribute', 'POST', () => '/api/restaurants', '{"data":{"name":"x","nope":1}}', json],
  ['PUT unknown document', 'PUT', () => '/api/restaurants/nope', '{"data":{"name":"x"}}', json],
  ['DELETE unknown document', 'DELETE', () => '/api/restaurants/nope', undefined, json],
];

const HEADERS = ['content-type', 'content-length', 'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age', 'allow', 'vary'];

async function ask(base: string, [, method, path, body, headers]: Row) {
  const r = await fetch(base + path(), { method, headers: headers ?? {}, ...(body !== undefined ? { body } : {}) });
  return { status: r.status, headers: Object.fromEntries(HEADERS.map((h) => [h, r.headers.get(h)])), body: await r.text() };
}

describe('both transports answer identically', () => {
  it.each(table)('%s', async (...row) => {
    const fromUws = await ask(uws.base, row);
    const fromNode = await ask(node.base, row);
    expect(fromNode).toEqual(fromUws);
    expect(fromUws.status).not.toBe(500);

    const [, method, path, body, headers] = row;
    const url = path();
    const q = url.indexOf('?');
    const lower = Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const fromCore = await core.handle({
      method,
      path: q === -1 ? url : url.slice(0, q),
      rawQuery: q === -1 ? '' : url.slice(q + 1),
      headers: lower,
      body: body === undefined ? undefined : Buffer.from(body),
    });
    expect(fromCore.status).toBe(fromUws.status);
    // The core answers HEAD with GET's body; the transports drop it.
    expect(method === 'HEAD' ? '' : bodyText(fromCore.body)).toBe(fromUws.body);
    expect(fromCore.headers['content-type'] ?? null).toBe(fromUws.headers['content-type']);
  });

  it('answers larger than the buffer uWS joins answers in arrive whole, back to back', async () => {
    const docs = uws.quarry.documents('api::restaurant.restaurant');
    for (let i = 0; i < 40; i++) await docs.create({ data: { name: `Long ${i}`, description: `${'ü'.repeat(1_000)} ${i}` } });
    const big = '/api/restaurants?filters[name][$startsWith]=Long&pagination[pageSize]=40&sort=name';
    const small = '/api/restaurants?filters[name][$eq]=Long%201&fields=name';
    const answers = await Promise.all([big, small, big, small].map((path) => fetch(uws.base + path).then((r) => r.text())));
    expect(answers[0]!.length).toBeGreaterThan(64 * 1024 / 2);
    expect(JSON.parse(answers[0]!).data).toHaveLength(40);
    expect(answers).toEqual(await Promise.all([big, small, big, small].map((path) => fetch(node.base + path).then((r) => r.text()))));
    for (const d of (JSON.parse(answers[0]!).data as { documentId: string }[])) await docs.delete({ documentId: d.documentId });
  });

  it('a create answers the same shape from both', async () => {
    const make = async (base: string, name: string) => {
      const r = await fetch(`${base}/api/restaurants?populate[chef][fields]=name`, { method: 'POST', headers: json, body: JSON.stringify({ data: { name, chef: data.chefs['Ana Souza'] } }) });
      const entry = (await r.json()) as { data: Record<string, unknown> };
      return { status: r.status, type: r.headers.get('content-type'), keys: Object.keys(entry.data), chef: entry.data.chef };
    };
    expect(await make(node.base, 'From node')).toEqual(await make(uws.base, 'From uws'));
  });
});
