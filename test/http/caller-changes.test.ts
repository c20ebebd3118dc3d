import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import { gql } from '../graphql/support.js';
import { collection } from '../relations/fixtures.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * Nothing a caller does to the entries it was given reaches what the store keeps (its rows, and
 * the JSON texts kept with them), so no other request ever shows it. An entry's own fields are
 * its caller's to change; the values inside a json field are the store's, shared and frozen.
 */

const NOTE = 'api::note.note';

const ORIGINAL = { title: 'Kept', meta: { color: 'green', tags: ['a'] } };

let server: TestServer;
let q: Quarry;

beforeAll(async () => {
  server = await startTestServer('node', {}, undefined, [collection('note', { title: { type: 'string' }, meta: { type: 'json' } })]);
  q = server.quarry;
});
afterAll(async () => {
  await server?.stop();
});

/** A new note, the only one: every test starts from its own. */
async function freshNote(): Promise<string> {
  for (const old of await q.documents(NOTE).findMany()) await q.documents(NOTE).delete({ documentId: old.documentId as string });
  return (await q.documents(NOTE).create({ data: structuredClone(ORIGINAL) })).documentId as string;
}

/** What every interface answers for the note now. */
async function everyAnswer(documentId: string): Promise<unknown[]> {
  const list = await call(server.base, 'GET', '/api/notes');
  const one = await call(server.base, 'GET', `/api/notes/${documentId}`);
  const graph = await gql(server.base, '{ notes { title meta } }');
  const service = await q.documents(NOTE).findOne({ documentId });
  const pick = (e: Record<string, unknown>) => ({ title: e.title, meta: e.meta });
  return [pick(list.body.data[0]), pick(one.body.data), graph.body.data.notes[0], pick(service!)];
}

/** Changes an entry every way a caller might: its own fields, and (refused) the values inside its json field. */
function scribble(entry: Record<string, unknown>): void {
  entry.title = 'Changed';
  const meta = entry.meta as { color: string; tags: string[] };
  expect(() => (meta.color = 'red')).toThrow(TypeError);
  expect(() => meta.tags.push('b')).toThrow(TypeError);
}

describe("a caller's changes to the entries it was given", () => {
  it('show in no other answer: a list read through the document service, changed, then read everywhere', async () => {
    const documentId = await freshNote();
    const [entry] = await q.documents(NOTE).findMany();
    scribble(entry!);
    expect(entry).toMatchObject({ title: 'Changed', meta: ORIGINAL.meta });
    expect(await everyAnswer(documentId)).toEqual([ORIGINAL, ORIGINAL, ORIGINAL, ORIGINAL]);
  });

  it('show in no other answer: one entry and a REST-shaped page, changed after their texts were kept', async () => {
    const documentId = await freshNote();
    expect(await everyAnswer(documentId)).toEqual([ORIGINAL, ORIGINAL, ORIGINAL, ORIGINAL]);
    scribble((await q.documents(NOTE).findOne({ documentId }))!);
    scribble(q.reads.query(NOTE, {}).results[0]!);
    expect(await everyAnswer(documentId)).toEqual([ORIGINAL, ORIGINAL, ORIGINAL, ORIGINAL]);
  });
});
