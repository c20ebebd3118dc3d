/**
 * Relation payloads written through every interface that writes (the document service, REST
 * and GraphQL over HTTP; test/graphql/interfaces.test.ts), each case with its outcome. Reads
 * have their own table, run through every door: test/support/read-cases/. Data: test/http/seed.ts.
 */
import type { Seeded } from '../http/seed.js';

/** The relations of the restaurant a case writes: category names in stored order, and the chef. */
export interface Links {
  readonly categories: readonly string[];
  readonly chef: string | null;
}

export type RelationOutcome = Links | { readonly error: string };

export interface RelationCase {
  readonly name: string;
  readonly start: Links;
  /** `data` of the update, relations by documentId. */
  readonly data: (data: Seeded) => Record<string, unknown>;
  readonly expect: RelationOutcome;
}

const start = (categories: readonly string[], chef: string | null = 'Ana Souza'): Links => ({ categories, chef });

export const RELATION_CASES: readonly RelationCase[] = [
  { name: 'plain list = set', start: start(['French']), data: (d) => ({ categories: [cat(d, 'Vegan'), cat(d, 'Italian')] }), expect: start(['Vegan', 'Italian']) },
  { name: 'set', start: start(['French']), data: (d) => ({ categories: { set: [cat(d, 'Japanese'), cat(d, 'French')] } }), expect: start(['Japanese', 'French']) },
  { name: 'single id on a to-many = set', start: start(['French', 'Vegan']), data: (d) => ({ categories: cat(d, 'Italian') }), expect: start(['Italian']) },
  { name: 'null clears', start: start(['French']), data: () => ({ categories: null }), expect: start([]) },
  { name: '[] clears', start: start(['French']), data: () => ({ categories: [] }), expect: start([]) },
  { name: 'connect appends', start: start(['French']), data: (d) => ({ categories: { connect: [cat(d, 'Vegan')] } }), expect: start(['French', 'Vegan']) },
  {
    name: 'connect at the start', start: start(['French', 'Vegan']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Italian'), position: { start: true } }] } }),
    expect: start(['Italian', 'French', 'Vegan']),
  },
  {
    name: 'connect before', start: start(['French', 'Vegan']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Japanese'), position: { before: cat(d, 'Vegan') } }] } }),
    expect: start(['French', 'Japanese', 'Vegan']),
  },
  {
    name: 'connect after', start: start(['French', 'Vegan', 'Italian']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Japanese'), position: { after: cat(d, 'French') } }] } }),
    expect: start(['French', 'Japanese', 'Vegan', 'Italian']),
  },
  {
    name: 'connect moves a linked entry', start: start(['French', 'Vegan', 'Italian']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Italian'), position: { before: cat(d, 'French') } }] } }),
    expect: start(['Italian', 'French', 'Vegan']),
  },
  {
    name: 'shorthand and longhand mixed, positions applied in order', start: start(['French']),
    data: (d) => ({
      categories: {
        connect: [cat(d, 'Vegan'), { documentId: cat(d, 'Italian'), position: { end: true } }, { documentId: cat(d, 'Japanese'), position: { after: cat(d, 'French') } }],
      },
    }),
    expect: start(['French', 'Japanese', 'Vegan', 'Italian']),
  },
  { name: 'disconnect', start: start(['French', 'Vegan', 'Italian']), data: (d) => ({ categories: { disconnect: [cat(d, 'Vegan')] } }), expect: start(['French', 'Italian']) },
  {
    name: 'disconnect then connect', start: start(['French', 'Vegan']),
    data: (d) => ({ categories: { disconnect: [cat(d, 'French')], connect: [{ documentId: cat(d, 'Japanese'), position: { start: true } }] } }),
    expect: start(['Japanese', 'Vegan']),
  },
  {
    name: 'options.strict false puts an unknown anchor at the end', start: start(['French']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Vegan'), position: { before: cat(d, 'Japanese') } }], options: { strict: false } } }),
    expect: start(['French', 'Vegan']),
  },
  // xToOne: a single id, the last of a list, connect, disconnect, null
  { name: 'to-one single id', start: start([]), data: (d) => ({ chef: chef(d, 'Eva Tanaka') }), expect: start([], 'Eva Tanaka') },
  { name: 'to-one list: the last item', start: start([]), data: (d) => ({ chef: [chef(d, 'Ana Souza'), chef(d, 'Chloé Martin')] }), expect: start([], 'Chloé Martin') },
  { name: 'to-one connect', start: start([]), data: (d) => ({ chef: { connect: [chef(d, 'Chloé Martin')] } }), expect: start([], 'Chloé Martin') },
  { name: 'to-one disconnect', start: start([]), data: (d) => ({ chef: { disconnect: [chef(d, 'Ana Souza')] } }), expect: start([], null) },
  { name: 'to-one null', start: start([]), data: () => ({ chef: null }), expect: start([], null) },
  // Refused, and nothing written (the drivers check that `description` did not change)
  {
    name: 'set with connect (rule 1)', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { set: [cat(d, 'Vegan')], connect: [cat(d, 'Italian')] } }),
    expect: { error: 'Relation categories cannot use set together with connect or disconnect' },
  },
  {
    name: 'the same target twice in connect (rule 2)', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { connect: [cat(d, 'Vegan'), { documentId: cat(d, 'Vegan'), position: { start: true } }] } }),
    expect: { error: 'already connected' },
  },
  {
    name: 'an anchor neither linked nor placed (rule 4)', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { connect: [{ documentId: cat(d, 'Vegan'), position: { before: cat(d, 'Japanese') } }] } }),
    expect: { error: 'needs to be connected first' },
  },
  {
    name: 'an unknown documentId', start: start(['French']),
    data: () => ({ description: 'touched', categories: { connect: ['nosuchdocument0000000000'] } }),
    expect: { error: 'Document with id "nosuchdocument0000000000", locale "null" not found' },
  },
  {
    name: 'a malformed item', start: start(['French']),
    data: () => ({ description: 'touched', categories: { connect: [true] } }),
    expect: { error: 'A relation must be a documentId, an id or an object with a documentId' },
  },
  {
    name: 'an unknown key in a position', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { connect: [{ documentId: cat(d, 'Vegan'), position: { first: true } }] } }),
    expect: { error: 'Invalid key first in position' },
  },
];

function cat(data: Seeded, name: string): string {
  const id = data.categories[name];
  if (id === undefined) throw new Error(`no category ${name}`);
  return id;
}

function chef(data: Seeded, name: string): string {
  const id = data.chefs[name];
  if (id === undefined) throw new Error(`no chef ${name}`);
  return id;
}
