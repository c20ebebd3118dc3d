/** Scalar values written through the document service: casting, defaults, and the 400s. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import { ValidationError } from '../../src/index.js';
import type { SchemaSource } from '../../src/schema/raw.js';
import { tempQuarry } from '../support/temp-quarry.js';

const THING = 'api::thing.thing';
const PAGE = 'api::page.page';

const schemas: SchemaSource[] = [
  {
    uid: THING,
    file: 'thing',
    schema: {
      kind: 'collectionType',
      info: { singularName: 'thing', pluralName: 'things' },
      attributes: {
        label: { type: 'string', minLength: 2, maxLength: 5 },
        body: { type: 'text' },
        code: { type: 'string', unique: true },
        kind: { type: 'enumeration', enum: ['small', 'large'], default: 'small' },
        mail: { type: 'email' },
        count: { type: 'integer', min: 0, max: 100 },
        big: { type: 'biginteger' },
        ratio: { type: 'float' },
        price: { type: 'decimal' },
        active: { type: 'boolean', default: true },
        day: { type: 'date' },
        at: { type: 'datetime' },
        hour: { type: 'time' },
        meta: { type: 'json' },
        slug: { type: 'uid' },
        tagline: { type: 'string', default: 'none' },
      },
    },
  },
  {
    uid: PAGE,
    file: 'page',
    schema: {
      kind: 'collectionType',
      info: { singularName: 'page', pluralName: 'pages' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
      attributes: { slug: { type: 'string', unique: true } },
    },
  },
];

let q: Quarry & { dispose(): Promise<void> };
beforeAll(() => {
  q = tempQuarry(schemas);
});
afterAll(async () => {
  await q.dispose();
});

const create = (data: Record<string, unknown>) => q.documents(THING).create({ data });

async function rejected(data: Record<string, unknown>, path: string, message?: string | RegExp): Promise<void> {
  const before = await q.documents(THING).count();
  const err = await create(data).then(() => undefined, (e: unknown) => e);
  expect(err, JSON.stringify(data)).toBeInstanceOf(ValidationError);
  expect((err as ValidationError).status).toBe(400);
  expect((err as ValidationError).details.path).toBe(path);
  if (typeof message === 'string') expect((err as ValidationError).message).toBe(message);
  else if (message) expect((err as ValidationError).message).toMatch(message);
  expect(await q.documents(THING).count()).toBe(before);
}

describe('defaults', () => {
  it('schema defaults fill what data leaves out; other fields are null', async () => {
    const e = await create({});
    expect(e).toMatchObject({ kind: 'small', active: true, tagline: 'none', label: null, count: null, meta: null });
  });

  it('given values win over defaults, null included', async () => {
    expect(await create({ kind: 'large', active: false, tagline: null })).toMatchObject({ kind: 'large', active: false, tagline: null });
  });
});

describe('casting', () => {
  it.each([
    ['count', '12', 12],
    ['count', 0, 0],
    ['big', '9007199254740993123', '9007199254740993123'],
    ['big', 42, '42'],
    ['big', ' -7 ', '-7'],
    ['ratio', '1.5', 1.5],
    ['price', 19.99, 19.99],
    ['active', 'true', true],
    ['active', 0, false],
    ['active', '1', true],
    ['day', '2024-02-29', '2024-02-29'],
    ['day', '2024-01-05T10:00:00Z', '2024-01-05'],
    ['at', '2024-01-05T10:00:00+02:00', '2024-01-05T08:00:00.000Z'],
    ['at', 0, '1970-01-01T00:00:00.000Z'],
    ['at', '1700000000000', '2023-11-14T22:13:20.000Z'],
    ['hour', '10:30', '10:30:00.000'],
    ['hour', '23:59:59.5', '23:59:59.500'],
    ['meta', { a: [1, 'x'] }, { a: [1, 'x'] }],
    ['mail', 'a.b@example.org', 'a.b@example.org'],
    ['slug', 'a-b_c.d~e', 'a-b_c.d~e'],
    ['body', '', ''],
  ] as const)('%s: %j → %j', async (field, input, stored) => {
    const e = await create({ [field]: input });
    expect(e[field]).toEqual(stored);
    expect((await q.documents(THING).findOne({ documentId: e.documentId as string }))![field]).toEqual(stored);
  });
});

describe('rejected values', () => {
  it.each([
    ['count', 1.5, 'count must be an integer'],
    ['count', 'abc', 'count must be an integer'],
    ['count', -1, 'count must be greater than or equal to 0'],
    ['count', 101, 'count must be less than or equal to 100'],
    ['count', true, 'count must be an integer'],
    ['big', 'x12', /^big must be an integer/],
    ['big', 1.5, /^big must be an integer/],
    ['ratio', 'NaN', 'ratio must be a number'],
    ['price', {}, 'price must be a number'],
    ['active', 'yes', 'active must be a boolean'],
    ['day', '2023-02-29', /^day must be a date/],
    ['day', '05/01/2024', /^day must be a date/],
    ['at', 'yesterday', /^at must be a datetime/],
    ['at', '2024-13-45T99:00:00Z', /^at must be a datetime/],
    ['hour', '25:00', /^hour must be a time/],
    ['hour', 1030, /^hour must be a time/],
    ['kind', 'medium', 'kind must be one of: small, large'],
    ['mail', 'not-an-email', 'mail must be a valid email'],
    ['label', 'x', 'label must be at least 2 characters'],
    ['label', 'toolong', 'label must be at most 5 characters'],
    ['label', 12, 'label must be a string'],
    ['slug', 'has space', /^slug must be a uid/],
  ] as const)('%s: %j', async (field, value, message) => {
    await rejected({ [field]: value }, `data.${field}`, message);
  });
});

describe('unique', () => {
  it('a second entry with the same value is a 400; null never clashes', async () => {
    await create({ code: 'U1' });
    await rejected({ code: 'U1' }, 'data.code', 'This attribute must be unique');
    await create({ code: null });
    await create({ code: null });
    const other = await create({ code: 'U2' });
    await expect(q.documents(THING).update({ documentId: other.documentId as string, data: { code: 'U1' } })).rejects.toMatchObject({ status: 400, details: { path: 'data.code' } });
    expect((await q.documents(THING).findOne({ documentId: other.documentId as string }))!.code).toBe('U2');
    // Updating an entry to its own value is no clash.
    expect(await q.documents(THING).update({ documentId: other.documentId as string, data: { code: 'U2' } })).toMatchObject({ code: 'U2' });
  });

  it('is checked per locale and version: a draft and its published version share it', async () => {
    const pages = q.documents(PAGE);
    const p = await pages.create({ data: { slug: 'home' }, status: 'published' });
    await pages.update({ documentId: p.documentId as string, locale: 'fr', data: { slug: 'home' } });
    await expect(pages.create({ data: { slug: 'home' } })).rejects.toMatchObject({ status: 400, details: { path: 'data.slug' } });
    expect(await pages.create({ data: { slug: 'home' }, locale: 'fr' }).catch((e: unknown) => e)).toBeInstanceOf(ValidationError);
    expect(await pages.count({ locale: '*' })).toBe(2);
    expect(await pages.count({ locale: '*', status: 'published' })).toBe(1);
  });
});

describe('keys', () => {
  it('an unknown attribute, id and documentId are 400s that name the key', async () => {
    await rejected({ nope: 1 }, 'data.nope', 'Invalid key nope');
    await rejected({ id: 1 }, 'data.id', 'Invalid key id');
    await rejected({ documentId: 'abc' }, 'data.documentId', 'Invalid key documentId');
    await rejected({ createdAt: '2024-01-01T00:00:00Z' }, 'data.createdAt', 'Invalid key createdAt');
  });

  it('undefined values are skipped', async () => {
    expect(await create({ label: undefined, count: 3 })).toMatchObject({ label: null, count: 3 });
  });
});
