/**
 * Rejected relation payloads (docs/relations.md, Errors and atomicity): each is a 400
 * ValidationError whose `details.path` names the offending input, and the store is unchanged
 * afterwards — the scalar sent in the same update included, and every list on both sides.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOP, TO_MANY, expectRejected, read, shopWorld } from './fixtures.js';

let w: Awaited<ReturnType<typeof shopWorld>>;
let shop: string;
beforeEach(async () => {
  w = await shopWorld(4);
  shop = (await w.q.documents(SHOP).create({
    data: {
      name: 'S',
      products_ow: w.doc(1), products_oo: w.doc(1), products_mo: w.doc(1),
      products_om: [w.doc(1), w.doc(2)], products_mm: [w.doc(1), w.doc(2)], products_mw: [w.doc(1), w.doc(2)],
    },
  })).documentId as string;
});
afterEach(async () => {
  await w.q.dispose();
});

/** An update that also renames the shop, so a partial write would show. */
const update = (data: Record<string, unknown>) => () => w.q.documents(SHOP).update({ documentId: shop, data: { name: 'CHANGED', ...data } });
const rejected = (data: Record<string, unknown>, path: string, message?: string | RegExp) => expectRejected(w.q, update(data), path, message);
const notFound = (documentId: string) => `Document with id "${documentId}", locale "null" not found`;
const duplicate = (rowId: number) => `The relation with id ${rowId} is already connected. You cannot connect the same relation twice.`;

describe('set together with connect or disconnect', () => {
  it.each([
    ['set + connect', { set: ['x'], connect: ['y'] }],
    ['set + disconnect', { set: [], disconnect: ['y'] }],
    ['empty set + empty connect', { set: [], connect: [] }],
  ])('%s is a 400 naming the field', async (_, value) => {
    const err = await rejected({ products_mm: value }, 'data.products_mm');
    expect(err.message).toContain('products_mm');
  });

  it('also on xToOne', async () => {
    await rejected({ products_mo: { set: w.doc(2), connect: w.doc(3) } }, 'data.products_mo');
  });
});

describe('the same target twice in one connect', () => {
  it('identical shorthand items', async () => {
    await rejected({ products_mm: { connect: [w.doc(3), w.doc(3)] } }, 'data.products_mm.connect.1', duplicate(w.id(3)));
  });

  it('identical longhand items with the same position', async () => {
    const item = { documentId: w.doc(3), position: { end: true } };
    await rejected({ products_om: { connect: [item, { ...item }] } }, 'data.products_om.connect.1', duplicate(w.id(3)));
  });

  it('once by documentId and once by row id', async () => {
    await rejected({ products_mw: { connect: [w.doc(3), { id: w.id(4) }, w.id(3)] } }, 'data.products_mw.connect.2', duplicate(w.id(3)));
    await rejected({ products_mw: { connect: [{ id: String(w.id(2)) }, { documentId: w.doc(2), position: { start: true } }] } }, 'data.products_mw.connect.1', duplicate(w.id(2)));
  });

  it('an already linked target, twice', async () => {
    await rejected({ products_mm: { connect: [w.doc(1), w.doc(1)] } }, 'data.products_mm.connect.1', duplicate(w.id(1)));
  });

  it.each(['products_ow', 'products_oo', 'products_mo'])('on xToOne %s too', async (attr) => {
    await rejected({ [attr]: { connect: [w.doc(2), w.doc(2)] } }, `data.${attr}.connect.1`, duplicate(w.id(2)));
    await rejected({ [attr]: { connect: [w.doc(2), w.doc(3), { id: w.id(2) }] } }, `data.${attr}.connect.2`, duplicate(w.id(2)));
  });
});

describe('targets that do not exist', () => {
  it.each([
    ['a shorthand item of connect', { products_mm: { connect: ['$doc3', 'nope'] } }, 'data.products_mm.connect.1'],
    ['a longhand item of connect', { products_mm: { connect: [{ documentId: 'nope' }] } }, 'data.products_mm.connect.0'],
    ['an item of set', { products_mm: { set: ['nope'] } }, 'data.products_mm.set.0'],
    ['an item of a plain array', { products_mw: ['$doc2', 'nope'] }, 'data.products_mw.1'],
    ['a single id', { products_mo: 'nope' }, 'data.products_mo'],
    ['an item of disconnect', { products_mm: { disconnect: ['nope'] } }, 'data.products_mm.disconnect.0'],
    ['a before anchor', { products_mm: { connect: [{ documentId: '$doc3', position: { before: 'nope' } }] } }, 'data.products_mm.connect.0.position.before'],
    ['an after anchor', { products_om: { connect: [{ documentId: '$doc3', position: { after: 'nope' } }] } }, 'data.products_om.connect.0.position.after'],
  ] as const)('unknown documentId in %s', async (_, data, path) => {
    await rejected(materialize(data), path, notFound('nope'));
  });

  it('an unknown documentId in a later item of an xToOne connect is still a 400', async () => {
    await rejected({ products_mo: { connect: ['nope', w.doc(2)] } }, 'data.products_mo.connect.0', notFound('nope'));
  });

  it.each([
    ['connect', { products_mm: { connect: [9999] } }, 'data.products_mm.connect.0'],
    ['connect { id }', { products_mm: { connect: [{ id: 9999 }] } }, 'data.products_mm.connect.0'],
    ['set', { products_mw: { set: ['9999'] } }, 'data.products_mw.set.0'],
    ['a single id', { products_oo: 9999 }, 'data.products_oo'],
  ] as const)('unknown row id in %s', async (_, data, path) => {
    await rejected(materialize(data), path, 'Relation with id 9999 not found');
  });

  it('an unknown row id as anchor', async () => {
    await rejected({ products_mm: { connect: [{ id: w.id(3), position: { before: 9999 } }] } }, 'data.products_mm.connect.0.position.before', 'Relation with id 9999 not found');
  });

  it('is a 400 even when the document being updated does not exist', async () => {
    await expectRejected(w.q, () => w.q.documents(SHOP).update({ documentId: 'missingdocument', data: { products_mm: ['nope'] } }), 'data.products_mm.0', notFound('nope'));
    expect(await w.q.documents(SHOP).update({ documentId: 'missingdocument', data: { products_mm: [w.doc(1)] } })).toBeNull();
  });
});

describe('positions that cannot be honoured', () => {
  it('before/after a target neither linked nor placed earlier (strict by default and with strict: true)', async () => {
    const message = `There was a problem connecting relation with id ${w.id(3)} at position {"before":${w.id(4)}}. The relation with id ${w.id(4)} needs to be connected first.`;
    for (const attr of TO_MANY) {
      await rejected({ [attr]: { connect: [{ documentId: w.doc(3), position: { before: w.doc(4) } }] } }, `data.${attr}.connect.0.position`, message);
      await rejected({ [attr]: { options: { strict: true }, connect: [{ documentId: w.doc(3), position: { before: w.doc(4) } }] } }, `data.${attr}.connect.0.position`, message);
    }
  });

  it('circular positions', async () => {
    await rejected(
      { products_mm: { connect: [{ documentId: w.doc(3), position: { before: w.doc(4) } }, { documentId: w.doc(4), position: { after: w.doc(3) } }] } },
      'data.products_mm.connect.1', /^A circular reference was found in the connect array/,
    );
  });

  it('an item anchored to itself', async () => {
    await rejected({ products_mw: { connect: [{ documentId: w.doc(1), position: { after: w.doc(1) } }] } }, 'data.products_mw.connect.0.position', `The relation with id ${w.id(1)} cannot be positioned after itself`);
    await rejected({ products_mw: { connect: [{ id: w.id(3), position: { before: w.doc(3) } }] } }, 'data.products_mw.connect.0.position', `The relation with id ${w.id(3)} cannot be positioned before itself`);
  });
});

describe('malformed values', () => {
  it.each([
    ['a boolean value', { products_mm: true }, 'data.products_mm'],
    ['a boolean item', { products_mm: { connect: [true] } }, 'data.products_mm.connect.0'],
    ['a boolean item in a plain array', { products_mw: ['$doc1', false] }, 'data.products_mw.1'],
    ['a null item', { products_mm: { connect: [null] } }, 'data.products_mm.connect.0'],
    ['a nested array item', { products_mm: { set: [['$doc1']] } }, 'data.products_mm.set.0'],
    ['an object without documentId or id', { products_mm: { connect: [{ position: { end: true } }] } }, 'data.products_mm.connect.0'],
    ['an object with both documentId and id', { products_mm: { connect: [{ documentId: '$doc3', id: '$id3' }] } }, 'data.products_mm.connect.0'],
    ['an unknown key in an item', { products_mm: { connect: [{ documentId: '$doc3', __type: 'api::product.product' }] } }, 'data.products_mm.connect.0.__type'],
    ['an unknown key beside connect', { products_mm: { connect: ['$doc3'], invalid: 'fake' } }, 'data.products_mm.invalid'],
    ['options that are not an object', { products_mm: { connect: ['$doc3'], options: 'strict' } }, 'data.products_mm.options'],
    ['an unknown option', { products_mm: { connect: ['$doc3'], options: { strict: true, invalid: true } } }, 'data.products_mm.options.invalid'],
    ['a strict option that is not a boolean', { products_mm: { connect: ['$doc3'], options: { strict: 'false' } } }, 'data.products_mm.options.strict'],
    ['a position that is not an object', { products_mm: { connect: [{ documentId: '$doc3', position: 'end' }] } }, 'data.products_mm.connect.0.position'],
    ['an unknown position key', { products_mm: { connect: [{ documentId: '$doc3', position: { middle: true } }] } }, 'data.products_mm.connect.0.position.middle'],
    ['an anchor that is not an id', { products_mm: { connect: [{ documentId: '$doc3', position: { before: true } }] } }, 'data.products_mm.connect.0.position.before'],
    ['an empty documentId', { products_mm: { connect: [{ documentId: '' }] } }, 'data.products_mm.connect.0.documentId'],
    ['an empty shorthand', { products_mm: { connect: [''] } }, 'data.products_mm.connect.0'],
    ['a documentId that is not a string', { products_mm: { connect: [{ documentId: 12 }] } }, 'data.products_mm.connect.0.documentId'],
    ['an id that is not a number', { products_mm: { connect: [{ id: 'abc' }] } }, 'data.products_mm.connect.0.id'],
    ['a row id of 0', { products_mm: { connect: [0] } }, 'data.products_mm.connect.0'],
    ['a negative row id', { products_mm: { set: [-3] } }, 'data.products_mm.set.0'],
    ['a fractional row id', { products_mo: 1.5 }, 'data.products_mo'],
    ['a bad status', { products_mm: { connect: [{ documentId: '$doc3', status: 'live' }] } }, 'data.products_mm.connect.0.status'],
    ['a locale that is not a string', { products_mm: { connect: [{ documentId: '$doc3', locale: 1 }] } }, 'data.products_mm.connect.0.locale'],
    ['set: null', { products_mm: { set: null } }, 'data.products_mm.set'],
  ] as const)('%s', async (_, data, path) => {
    await rejected(materialize(data), path);
  });
});

describe('data itself', () => {
  it('an unknown attribute', async () => {
    await rejected({ nope: 1 }, 'data.nope', 'Invalid key nope');
  });

  it.each(['id', 'documentId'])('%s in data', async (key) => {
    await rejected({ [key]: key === 'id' ? 99 : 'abc' }, `data.${key}`, `Invalid key ${key}`);
  });

  it('data that is not an object', async () => {
    for (const data of [null, 'x', [1]]) {
      await expectRejected(w.q, () => w.q.documents(SHOP).update({ documentId: shop, data }), 'data', 'Missing "data" payload in the request body');
    }
  });

  it('a failing relation after valid ones: none of the update is written', async () => {
    await rejected({
      products_ow: w.doc(4), products_oo: w.doc(4), products_mo: { connect: [w.doc(4)] },
      products_om: [w.doc(4), w.doc(3)], products_mm: { connect: [{ documentId: w.doc(4), position: { start: true } }] },
      products_mw: { connect: ['nope'] },
    }, 'data.products_mw.connect.0', notFound('nope'));
    expect(await read(w.q, SHOP, shop, ['products_ow', 'products_mm'])).toEqual({ products_ow: 'p1', products_mm: ['p1', 'p2'] });
  });

  it('a failing create writes nothing', async () => {
    const before = await w.q.documents(SHOP).count();
    await expectRejected(w.q, () => w.q.documents(SHOP).create({ data: { name: 'N', products_oo: w.doc(1), products_mm: ['nope'] } }), 'data.products_mm.0', notFound('nope'));
    expect(await w.q.documents(SHOP).count()).toBe(before);
    expect(await read(w.q, SHOP, shop, ['products_oo'])).toEqual({ products_oo: 'p1' });
  });
});

/** Test tables are built before the world exists: `$docN` / `$idN` stand for product N's documentId / row id. */
function materialize(value: unknown): Record<string, unknown> {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const m = /^\$(doc|id)(\d)$/.exec(v);
      if (m) return m[1] === 'doc' ? w.doc(Number(m[2])) : w.id(Number(m[2]));
      return v;
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as Record<string, unknown>;
}
