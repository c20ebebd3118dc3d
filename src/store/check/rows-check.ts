import type { Key } from 'lmdb';
import { ROW_IDS, seqKey, type Dbs, type RowDb } from '../dbs.js';
import { storedCounts } from '../row-counts.js';
import { scopeKey } from '../index-keys.js';
import { eachRowEntry, indexedFieldsOf } from '../indexed-fields.js';
import { MAX } from '../keys.js';
import type { Row, TypeLayout } from '../layout.js';
import type { Names } from './names.js';
import { compareSets, scanPostings } from './posting-scan.js';
import { instantFields, readRow } from '../row-times.js';
import { SetTrie } from './set-trie.js';
import type { CheckCounts, Problems } from './problems.js';

export interface CheckContext {
  readonly dbs: Dbs;
  readonly names: Names;
  readonly problems: Problems;
  readonly counts: CheckCounts;
}

/** A scope key as people say it: `draft`, `published fr`. */
export const scopeName = (s: Key): string => (typeof s === 'string' ? `${s[0] === 'p' ? 'published' : 'draft'}${s.length > 1 ? ` ${s.slice(1)}` : ''}` : JSON.stringify(s));

/**
 * Checks one type's rows against everything kept beside them: the document index, the last row
 * id, the per-scope counts and row sets, and every secondary index set (plain, case-folded,
 * trigram, nulls), each both ways. A row's scope is what the row says: a draft while its
 * `publishedAt` is null, in its `locale`. Answers the ids of the type's rows.
 */
export function checkRows(ctx: CheckContext, layout: TypeLayout, db: RowDb): Set<number> {
  const { dbs, names, problems } = ctx;
  const ids = new Set<number>();
  const t = names.require(layout.name);
  const fields = indexedFieldsOf(layout, (name) => names.require(name));
  const docs = new Map<string, number>();
  const scopes = new SetTrie(2);
  const index = new SetTrie(4);
  let lastId = 0;
  const instants = instantFields(layout);
  for (const { key, value } of db.getRange(ROW_IDS)) {
    const row = readRow(value as Row, instants)!;
    if (row.id !== key) problems.add('row', `${layout.name} row stored under id ${key} says its id is ${String(row.id)}`);
    ids.add(key);
    lastId = Math.max(lastId, key);
    const s = scopeKey(row.publishedAt === null ? 'draft' : 'published', (row.locale as string | null | undefined) ?? null);
    const docKey = JSON.stringify([row.documentId, s]);
    const other = docs.get(docKey);
    if (other !== undefined) problems.add('row', `${layout.name} rows ${other} and ${key} both hold document ${row.documentId} (${scopeName(s)})`);
    else docs.set(docKey, key);
    scopes.add([t, s], key);
    for (const f of fields) eachRowEntry(f, row, (code, v) => index.add([t, code, s, v as Key], key));
  }
  ctx.counts.rows += ids.size;

  for (const { key, value } of dbs.docs.getRange({ start: [t], end: [t, MAX] })) {
    const [, documentId, s] = key;
    const where = `${layout.name} document ${String(documentId)} (${scopeName(s!)})`;
    const docKey = JSON.stringify([documentId, s]);
    const holder = docs.get(docKey);
    if (holder === value) docs.delete(docKey);
    else if (!ids.has(value)) problems.add('document-index', `${where} points to row ${value}, which does not exist`);
    else problems.add('document-index', `${where} points to row ${value}, which holds another document or version${holder === undefined ? '' : ` (row ${holder} holds this one)`}`);
  }
  for (const [docKey, id] of docs) {
    const [documentId, s] = JSON.parse(docKey) as [string, string];
    problems.add('document-index', `${layout.name} row ${id} (document ${documentId}, ${scopeName(s)}) is not in the document index`);
  }

  const seq = (dbs.meta.get(seqKey(t)) as number | undefined) ?? 0;
  if (seq < lastId) problems.add('sequence', `${layout.name}: the last allocated row id is ${seq}, but row ${lastId} exists: the next insert would overwrite a row`);

  const expectedCounts = new Map([...scopes.sets()].map((set) => [set.prefix[1] as string, set.ids.length]));
  for (const [s, value] of storedCounts(dbs.meta, t)) {
    const want = expectedCounts.get(s) ?? 0;
    if (value !== want) problems.add('count', `${layout.name} (${scopeName(s)}): the count says ${String(value)} rows, there are ${want}`);
    expectedCounts.delete(s);
  }
  for (const [s, n] of expectedCounts) problems.add('count', `${layout.name} (${scopeName(s)}): no count kept, there are ${n} rows`);

  const scopeSet = (p: readonly Key[]) => `${layout.name} row set (${scopeName(p[1]!)})`;
  const storedScopes = scanPostings(dbs.scope, dbs.blockFormat, 2, [t], [t, MAX], scopeSet, problems);
  compareSets(scopes, storedScopes, (p, message) => problems.add('scope-set', `${scopeSet(p)}: ${message}`));

  const indexSet = (p: readonly Key[]) => `index ${names.of(p[1]!)} (${scopeName(p[2]!)}) = ${JSON.stringify(p[3])}`;
  const storedIndex = scanPostings(dbs.idx, dbs.blockFormat, 4, [t], [t, MAX], indexSet, problems);
  ctx.counts.indexSets += storedIndex.size;
  compareSets(index, storedIndex, (p, message) => problems.add('index', `${indexSet(p)}: ${message}`));
  return ids;
}
