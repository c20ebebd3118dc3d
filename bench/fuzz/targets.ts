import fc from 'fast-check';
import { buildFilterTree } from '../../src/query/filters/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { checkPrototypes, checkShape, FuzzFailure, refusal, type Outcome } from './outcome.js';
import { deepFilter, deepJsonBody, deepPosition, deepQueryKey, wideConnect, wideFilter, wideIn, wideQuery } from './shapes.js';
import { huge, jsonLike, key, queryString, scalar, text } from './vocabulary.js';
import { NOTE, type FuzzWorld } from './world.js';

/** One thing to fuzz: inputs, and what running one does. `run` throws a FuzzFailure when a promise breaks. */
export interface FuzzTarget<I = unknown> {
  readonly name: string;
  readonly input: (world: FuzzWorld) => fc.Arbitrary<I>;
  run(world: FuzzWorld, input: I): Promise<Outcome>;
}

const RESTAURANT = 'api::restaurant.restaurant';
const USER = 'plugin::users-permissions.user';
const TYPES = [RESTAURANT, NOTE, USER, 'api::chef.chef', 'api::tag.tag'];

/** Runs `fn` on `input`: a result is `ok`, a thrown 4xx QuarryError its status, anything else a failure. */
async function settle(target: string, input: unknown, fn: () => unknown): Promise<Outcome> {
  let outcome: Outcome;
  try {
    await fn();
    outcome = 'ok';
  } catch (error) {
    outcome = refusal(target, input, error);
  }
  checkPrototypes(target, input);
  return outcome;
}

const queryStringTarget: FuzzTarget<string> = {
  name: 'query-string reader',
  input: () => fc.oneof(
    { arbitrary: queryString, weight: 8 },
    huge.chain((n) => fc.constantFrom(deepQueryKey(n), wideQuery(n * 8), wideIn(n * 8), `a${'['.repeat(n)}${']'.repeat(n)}=1`, `a[${'9'.repeat(n)}]=1`)),
  ),
  run: (_, raw) => settle('query-string reader', raw, () => readQueryString(raw)),
};

const filterTarget: FuzzTarget<{ uid: string; filters: unknown }> = {
  name: 'filter validator',
  input: () => fc.record({
    uid: fc.constantFrom(...TYPES),
    filters: fc.oneof(
      { arbitrary: jsonLike, weight: 6 },
      { arbitrary: queryString.map((q) => safeRead(q)?.filters), weight: 3 },
      huge.chain((n) => fc.constantFrom(deepFilter(n), wideFilter(n * 8), { stars: { $in: Array.from({ length: n * 8 }, (_, i) => i) } })),
    ),
  }),
  run: (world, { uid, filters }) => settle('filter validator', filters, () => buildFilterTree(world.quarry.registry, uid, filters)),
};

const listTarget: FuzzTarget<{ uid: string; query: string }> = {
  name: 'list params and execution',
  input: () => fc.record({ uid: fc.constantFrom(...TYPES), query: queryString }),
  run: (world, { uid, query }) => settle('list params and execution', query, () => world.quarry.reads.query(uid, readQueryString(query))),
};

/** A relation value as a client could send it, well-formed or not, naming real and missing documents. */
function relationValue(world: FuzzWorld): fc.Arbitrary<unknown> {
  const ids = [...(world.ids.categories ?? []), ...(world.ids.tags ?? []), ...(world.ids.restaurants ?? []), 'missing', ''];
  const ref = fc.oneof(fc.constantFrom(...ids), fc.integer({ min: -1, max: 50 }), scalar);
  const position = fc.oneof(
    fc.record({ before: ref }, { requiredKeys: [] }), fc.record({ after: ref }, { requiredKeys: [] }),
    fc.constant({ start: true }), fc.constant({ end: true }), jsonLike,
  );
  const item = fc.oneof(ref, fc.record({ documentId: ref, id: ref, locale: text, status: text, position }, { requiredKeys: [] }), jsonLike);
  const items = fc.array(item, { maxLength: 5 });
  return fc.oneof(
    ref, items,
    fc.record({ connect: fc.oneof(items, item), disconnect: fc.oneof(items, item), set: fc.oneof(items, item), options: fc.oneof(fc.record({ strict: scalar }), jsonLike) }, { requiredKeys: [] }),
    jsonLike,
  );
}

const relationTarget: FuzzTarget<{ uid: string; create: boolean; data: Record<string, unknown> }> = {
  name: 'relation payload (document service writes)',
  input: (world) => fc.record({
    uid: fc.constantFrom(RESTAURANT, NOTE),
    create: fc.boolean(),
    data: fc.oneof(
      { arbitrary: fc.dictionary(fc.constantFrom('categories', 'chef', 'articles', 'restaurant', 'tags', 'hidden', 'name', 'title', 'stars', 'meta', 'secret'), relationValue(world), { maxKeys: 3 }), weight: 8 },
      { arbitrary: fc.dictionary(key, jsonLike, { maxKeys: 3 }), weight: 2 },
      huge.map((n) => (n % 2 === 0 ? wideConnect(n * 8) : deepPosition(n)) as Record<string, unknown>),
    ),
  }),
  run: (world, { uid, create, data }) => settle('relation payload (document service writes)', data, async () => {
    const service = world.quarry.documents(uid);
    const ids = uid === NOTE ? world.ids.notes! : world.ids.restaurants!;
    if (create) await service.create({ data });
    else await service.update({ documentId: ids[0]!, data });
  }),
};

interface HttpInput {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
}

const httpTarget: FuzzTarget<HttpInput> = {
  name: 'HTTP (node:http, real sockets)',
  input: (world) => {
    const doc = fc.constantFrom(...Object.values(world.ids).flat(), 'missing', '%E0%A4%A', '..', '__proto__');
    const path = fc.oneof(
      fc.constantFrom('/api/restaurants', '/api/notes', '/api/chefs', '/api/users', '/api/users/count', '/api/users/1', '/api/users/x', '/api', '/api/', '/api/__proto__', '/api/constructor/x', '/'),
      doc.map((id) => `/api/restaurants/${id}`), doc.map((id) => `/api/notes/${id}`),
    );
    const body = fc.oneof(
      relationValue(world).chain((rel) => fc.record({ title: scalar, name: scalar, meta: jsonLike, categories: fc.constant(rel), restaurant: fc.constant(rel) }, { requiredKeys: [] }))
        .map((data) => JSON.stringify({ data })),
      jsonLike.map((v) => JSON.stringify(v) ?? 'null'),
      fc.string({ maxLength: 40 }),
      huge.map((n) => deepJsonBody(n * 64)),
      fc.constant(undefined),
    );
    return fc.record({
      method: fc.constantFrom('GET', 'GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'),
      path,
      query: fc.oneof({ arbitrary: queryString, weight: 6 }, huge.map((n) => deepQueryKey(n)), huge.map((n) => wideIn(n * 8))),
      authorization: fc.constantFrom(undefined, 'full', 'read', 'Bearer 0000', `Bearer ${'a'.repeat(64)}`, 'Basic eDp5', 'Bearer'),
      contentType: fc.constantFrom(undefined, 'application/json', 'text/plain', 'application/vnd.api+json; charset=utf-8'),
      body,
    });
  },
  async run(world, input) {
    const name = 'HTTP (node:http, real sockets)';
    const headers: Record<string, string> = {};
    if (input.authorization !== undefined) {
      headers.authorization = input.authorization === 'full' ? `Bearer ${world.tokens.full}` : input.authorization === 'read' ? `Bearer ${world.tokens.readOnly}` : input.authorization;
    }
    if (input.contentType !== undefined) headers['content-type'] = input.contentType;
    const withBody = input.body !== undefined && input.method !== 'GET' && input.method !== 'HEAD';
    let response: Response;
    try {
      response = await fetch(`${world.base}${input.path}${input.query === '' ? '' : `?${input.query}`}`, {
        method: input.method, headers, ...(withBody ? { body: input.body } : {}), signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new FuzzFailure(name, input, `no answer: ${(error as Error).message}`);
    }
    const textBody = await response.text();
    const { status } = response;
    if (status >= 500) throw new FuzzFailure(name, input, `answered ${status}: ${textBody.slice(0, 300)}`);
    if (input.method !== 'HEAD' && status !== 204) {
      let parsed: { data?: unknown; error?: unknown };
      try {
        parsed = JSON.parse(textBody) as typeof parsed;
      } catch {
        throw new FuzzFailure(name, input, `answered ${status} with a body that is not JSON: ${textBody.slice(0, 300)}`);
      }
      if (status >= 400) {
        if (parsed.data !== null) throw new FuzzFailure(name, input, `error answer without data: null: ${textBody.slice(0, 300)}`);
        checkShape(name, input, status, parsed.error);
      }
    }
    checkPrototypes(name, input);
    return status >= 400 ? String(status) : 'ok';
  },
};

/** A query string read, or undefined when the reader refuses it (that refusal is the reader target's). */
function safeRead(raw: string) {
  try {
    return readQueryString(raw);
  } catch {
    return undefined;
  }
}

/** One generated input of a target, ready to run. */
export interface FuzzCase {
  readonly input: unknown;
  run(): Promise<Outcome>;
}

/** A target with its input type hidden, so targets of every kind sit in one list. */
export interface FuzzTargetCases {
  readonly name: string;
  cases(world: FuzzWorld): fc.Arbitrary<FuzzCase>;
}

function casesOf<I>(target: FuzzTarget<I>): FuzzTargetCases {
  return { name: target.name, cases: (world) => target.input(world).map((input) => ({ input, run: () => target.run(world, input) })) };
}

export const TARGETS: readonly FuzzTargetCases[] = [
  casesOf(queryStringTarget), casesOf(filterTarget), casesOf(listTarget), casesOf(relationTarget), casesOf(httpTarget),
];
