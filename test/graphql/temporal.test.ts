import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/support.js';
import { source } from '../query/filters/fixtures.js';
import { tempQuarry } from '../support/temp-quarry.js';
import { codes, gql } from './support.js';

/** Date, DateTime and Time values that do not parse are refused before anything runs, as Strapi's scalars refuse them. */
const BOOK = 'api::book.book';
const quarry = tempQuarry([
  source(BOOK, {
    info: { singularName: 'book', pluralName: 'books' },
    attributes: { title: { type: 'string' }, day: { type: 'date' }, at: { type: 'datetime' }, opens: { type: 'time' } },
  }),
]);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('node', {}, quarry);
  await quarry.documents(BOOK).create({ data: { title: 'Dune', day: '2024-02-29', at: '2024-02-29T10:00:00.000Z', opens: '09:30:00.000' } });
});
afterAll(async () => {
  await server?.stop();
  await quarry.dispose();
});

const titles = (answer: { body: { data: { books: { title: string }[] } } }) => answer.body.data.books.map((b) => b.title);

/** [field, its scalar, a valid value, invalid values]. */
const CASES = [
  ['day', 'Date', '2024-02-29', ['notadate', '2023-02-29', '2024-13-01', '']],
  ['at', 'DateTime', '2024-02-29T12:00:00+02:00', ['notadate', '2024-02-30T10:00:00Z', '2024-01-01T25:00:00Z']],
  ['opens', 'Time', '09:30', ['notatime', '24:00:00', '09:60:00', '9:30']],
] as const;

describe.each(CASES)('%s (%s)', (field, scalar, valid, invalid) => {
  it('takes a valid value, as a literal and as a variable', async () => {
    const literal = await gql(server.base, `{ books(filters: { ${field}: { eq: "${valid}" } }) { title } }`);
    expect(literal.status, literal.text).toBe(200);
    expect(titles(literal)).toEqual(['Dune']);
    const variable = await gql(server.base, `query ($v: ${scalar}) { books(filters: { ${field}: { eq: $v } }) { title } }`, { v: valid });
    expect(titles(variable)).toEqual(['Dune']);
  });

  it.each(invalid)('refuses %j in a literal: 400 GRAPHQL_VALIDATION_FAILED', async (value) => {
    const r = await gql(server.base, `{ books(filters: { ${field}: { in: ["${valid}", "${value}"] } }) { title } }`);
    expect(r.status, r.text).toBe(400);
    expect(codes(r)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(r.body.errors[0].message).toContain(`${scalar} cannot represent ${JSON.stringify(value)}`);
    expect(r.body).not.toHaveProperty('data');
  });

  it.each(invalid)('refuses %j in a variable: 400 BAD_USER_INPUT', async (value) => {
    const r = await gql(server.base, `query ($v: ${scalar}) { books(filters: { ${field}: { eq: $v } }) { title } }`, { v: value });
    expect(r.status, r.text).toBe(400);
    expect(codes(r)).toEqual(['BAD_USER_INPUT']);
    expect(r.body.errors[0].message).toMatch(/^Variable "\$v" got invalid value/);
  });

  it('refuses an invalid value in mutation data, writing nothing', async () => {
    const bad = invalid[0];
    const literal = await gql(server.base, `mutation { createBook(data: { title: "Bad", ${field}: "${bad}" }) { title } }`);
    expect(literal.status).toBe(400);
    expect(codes(literal)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const variable = await gql(server.base, 'mutation ($d: BookInput!) { createBook(data: $d) { title } }', { d: { title: 'Bad', [field]: bad } });
    expect(variable.status).toBe(400);
    expect(codes(variable)).toEqual(['BAD_USER_INPUT']);
    expect(variable.body.errors[0].message).toContain(`at "d.${field}"`);
    expect(await quarry.documents(BOOK).findMany({ filters: { title: { $eq: 'Bad' } } })).toEqual([]);
  });
});

it('timestamps filter through DateTime alike', async () => {
  const r = await gql(server.base, '{ books(filters: { createdAt: { gt: "yesterday" } }) { title } }');
  expect(r.status).toBe(400);
  expect(codes(r)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  const ok = await gql(server.base, '{ books(filters: { createdAt: { gt: "2000-01-01" } }) { title } }');
  expect(titles(ok)).toEqual(['Dune']);
});
