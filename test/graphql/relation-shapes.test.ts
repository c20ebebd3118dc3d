/**
 * The relation shapes the document service takes (test/relations/shapes.test.ts), on every
 * relation kind, through GraphQL over HTTP: in variables typed as Strapi's schema types them
 * (`ID` for a to-one, `[ID]` for a to-many), and as literals. Each answer must be what the
 * document service answers for the same payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/support.js';
import { ALL_SHOP_RELATIONS, SHOP, TO_MANY, TO_ONE, everyFormCreate, populateAll, relationNames, shopWorld } from '../relations/fixtures.js';
import { gql } from './support.js';

let w: Awaited<ReturnType<typeof shopWorld>>;
let server: TestServer;
beforeAll(async () => {
  w = await shopWorld(4);
  server = await startTestServer('node', {}, w.q);
});
afterAll(async () => {
  await server?.stop();
  await w?.q.dispose();
});

type Data = Record<string, unknown>;
type Names = Record<string, string[] | string | null>;
/** Writes `data` to a shop, and answers its relations by product name. */
type Writer = (documentId: string | undefined, data: Data) => Promise<Names>;

const every = (value: (attr: string) => unknown, attrs: readonly string[] = ALL_SHOP_RELATIONS): Data =>
  Object.fromEntries(attrs.map((a) => [a, value(a)]));
const shaped = (one: string | null, many: string[]): Names => ({
  products_ow: one, products_oo: one, products_mo: one, products_om: many, products_mm: many, products_mw: many,
});

const VARIABLE_TYPES: Record<string, string> = { name: 'String', ...every((a) => ((TO_ONE as readonly string[]).includes(a) ? 'ID' : '[ID]')) };
const SELECTION = ALL_SHOP_RELATIONS.map((a) => `${a} { name }`).join(' ');

/** The mutation's field and arguments: `updateShop(documentId: ..., data: ...)`, or `createShop(data: ...)`. */
const call = (documentId: string | undefined, data: string, documentIdArg = '$id') =>
  documentId === undefined ? `createShop(data: ${data})` : `updateShop(documentId: ${documentIdArg}, data: ${data})`;

async function answered(r: Awaited<ReturnType<typeof gql>>, field: string): Promise<Names> {
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return relationNames(r.body.data[field], ALL_SHOP_RELATIONS);
}

const field = (documentId: string | undefined) => (documentId === undefined ? 'createShop' : 'updateShop');

/** A variable per field, declared `ID` / `[ID]`; a variable not given leaves its field out. */
const typedVariables: Writer = async (documentId, data) => {
  const names = Object.keys(VARIABLE_TYPES);
  const declared = names.map((n) => `$${n}: ${VARIABLE_TYPES[n]}`).join(', ');
  const id = documentId === undefined ? '' : '$id: ID!, ';
  const query = `mutation (${id}${declared}) { ${call(documentId, `{ ${names.map((n) => `${n}: $${n}`).join(', ')} }`)} { ${SELECTION} } }`;
  return answered(await gql(server.base, query, { id: documentId, ...data }), field(documentId));
};

/** The same values written into the operation. */
const literals: Writer = async (documentId, data) => {
  const query = `mutation { ${call(documentId, literal(data), JSON.stringify(documentId))} { ${SELECTION} } }`;
  return answered(await gql(server.base, query), field(documentId));
};

const service: Writer = async (documentId, data) => {
  const populate = populateAll(ALL_SHOP_RELATIONS);
  const shops = w.q.documents(SHOP);
  const entry = documentId === undefined ? await shops.create({ data, populate }) : await shops.update({ documentId, data, populate });
  return relationNames(entry, ALL_SHOP_RELATIONS);
};

/** A JSON value as a GraphQL literal: object keys unquoted. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} }`;
  return JSON.stringify(value);
}

interface ShapeCase {
  readonly name: string;
  /** Start with p1 on the to-one kinds and [p1, p2] on the to-many kinds. */
  readonly linked?: boolean;
  /** Writes applied in turn, each with what the shop then holds. */
  readonly steps: readonly (readonly [() => Data, Names])[];
}

const toOne = (value: (attr: string) => unknown) => every(value, TO_ONE);
const toMany = (value: (attr: string) => unknown) => every(value, TO_MANY);

const CASES: readonly ShapeCase[] = [
  { name: 'shorthand documentId, alone: set of one', linked: true, steps: [[() => every(() => w.doc(3)), shaped('p3', ['p3'])]] },
  { name: 'numeric row ids', steps: [[() => ({ ...toOne(() => w.id(2)), ...toMany(() => [w.id(3), w.id(1)]) }), shaped('p2', ['p3', 'p1'])]] },
  {
    name: 'digit string row ids',
    steps: [[() => ({ ...toOne(() => String(w.id(2))), ...toMany(() => [String(w.id(3)), String(w.id(1))]) }), shaped('p2', ['p3', 'p1'])]],
  },
  {
    name: 'longhand { documentId } and { id }, in lists and alone',
    steps: [
      [() => ({ ...toOne(() => ({ documentId: w.doc(4) })), ...toMany(() => [{ id: w.id(2) }, { documentId: w.doc(4) }, { id: String(w.id(1)) }]) }),
        shaped('p4', ['p2', 'p4', 'p1'])],
      [() => ({ ...toOne(() => ({ id: w.id(3) })), ...toMany(() => ({ documentId: w.doc(3) })) }), shaped('p3', ['p3'])],
    ],
  },
  {
    name: 'longhand locale and status, meaningless for these targets',
    steps: [[() => every(() => ({ connect: [{ documentId: w.doc(2), locale: 'fr', status: 'draft' }] })), shaped('p2', ['p2'])]],
  },
  {
    name: 'connect and disconnect take a single item',
    linked: true,
    steps: [
      [() => every(() => ({ connect: w.doc(3) })), shaped('p3', ['p1', 'p2', 'p3'])],
      [() => every(() => ({ disconnect: { documentId: w.doc(3) } })), shaped(null, ['p1', 'p2'])],
    ],
  },
  { name: 'a plain list is set', linked: true, steps: [[() => toMany(() => [w.doc(3), w.doc(1)]), shaped('p1', ['p3', 'p1'])]] },
  {
    name: 'set orders as given, duplicates collapse',
    linked: true,
    steps: [
      [() => toMany(() => ({ set: [w.doc(4), w.doc(2), { documentId: w.doc(4) }, w.id(3), w.doc(2)] })), shaped('p1', ['p4', 'p2', 'p3'])],
      [() => toMany(() => [w.doc(1), w.id(1), w.doc(1)]), shaped('p1', ['p1'])],
    ],
  },
  {
    name: 'set ignores positions',
    steps: [[() => toMany(() => ({ set: [{ documentId: w.doc(2), position: { start: true } }, { documentId: w.doc(1), position: { before: w.doc(2) } }] })),
      shaped(null, ['p2', 'p1'])]],
  },
  {
    name: 'connect with positions',
    linked: true,
    steps: [[() => toMany(() => ({ connect: [{ documentId: w.doc(3), position: { before: w.doc(2) } }, { documentId: w.doc(4), position: { start: true } }] })),
      shaped('p1', ['p4', 'p1', 'p3', 'p2'])]],
  },
  { name: 'duplicates inside disconnect collapse', linked: true, steps: [[() => every(() => ({ disconnect: [w.doc(1), w.doc(1), { id: w.id(1) }] })), shaped(null, ['p2'])]] },
  { name: 'null clears', linked: true, steps: [[() => every(() => null), shaped(null, [])]] },
  { name: '[] clears', linked: true, steps: [[() => every(() => []), shaped(null, [])]] },
  { name: '{ set: [] } clears', linked: true, steps: [[() => every(() => ({ set: [] })), shaped(null, [])]] },
  {
    name: '{}, { connect: [] }, { disconnect: [] } leave the relation untouched',
    linked: true,
    steps: [{}, { connect: [] }, { disconnect: [] }, { connect: [], disconnect: [] }]
      .map((value) => [() => ({ name: 'S', ...every(() => value) }), shaped('p1', ['p1', 'p2'])] as const),
  },
  ...(['a plain list', 'set', 'connect'] as const).map((form): ShapeCase => ({
    name: `to-one, ${form}: the last item`,
    steps: [[() => toOne(() => {
      const items = [w.doc(1), { documentId: w.doc(3) }, w.id(2)];
      return form === 'a plain list' ? items : { [form]: items };
    }), shaped('p2', [])]],
  })),
  {
    name: 'to-one connect replaces; disconnect of the current target empties',
    linked: true,
    steps: [
      [() => toOne(() => ({ connect: [w.doc(2)] })), shaped('p2', ['p1', 'p2'])],
      [() => toOne(() => ({ disconnect: [w.doc(1)] })), shaped('p2', ['p1', 'p2'])],
      [() => toOne(() => ({ disconnect: [w.doc(2)] })), shaped(null, ['p1', 'p2'])],
    ],
  },
  { name: 'to-one connect and disconnect of one target: connected', linked: true, steps: [[() => toOne(() => ({ connect: [w.doc(3)], disconnect: [w.doc(3), w.doc(1)] })), shaped('p3', ['p1', 'p2'])]] },
  { name: 'to-one ignores positions', steps: [[() => toOne(() => ({ connect: [{ documentId: w.doc(2), position: { before: w.doc(4) } }] })), shaped('p2', [])]] },
];

const WRITERS = { 'variables typed ID / [ID]': typedVariables, literals } as const;

describe.each(Object.entries(WRITERS))('relation shapes through GraphQL, %s', (_writer, write) => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const start = c.linked ? { ...toOne(() => [w.doc(1)]), ...toMany(() => [w.doc(1), w.doc(2)]) } : {};
    // One writer after the other: a shop linked to a product on a one-to-one or one-to-many kind
    // takes it from every other shop.
    for (const writer of [write, service]) {
      const shop = await w.q.documents(SHOP).create({ data: { name: 'S', ...start } });
      for (const [data, expected] of c.steps) expect(await writer(shop.documentId as string, data())).toEqual(expected);
    }
  });

  it('create takes every form', async () => {
    const { data, linked } = everyFormCreate(w);
    expect(await write(undefined, data)).toEqual(linked);
  });
});
