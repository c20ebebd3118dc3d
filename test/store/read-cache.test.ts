import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { TypeLayout } from '../../src/store/layout.js';

const T = 'api::thing.thing';
const layouts: TypeLayout[] = [{ name: T, fields: [{ name: 'name', index: 'text' }] }];
const published = { status: 'published', locale: null } as const;
let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-cache-'));
  store = Store.open({ path: dir, noSync: true }, layouts);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (s: Store, name: string) =>
  s.transact(() => s.rows.insert(T, published, { documentId: `d${name}`, name, createdAt: '', updatedAt: '', publishedAt: '' }));

describe('read cache', () => {
  it('serves cached sets and rows, and drops them on writes', () => {
    const a = insert(store, 'a');
    expect([...store.rows.ids(T, published)]).toEqual([a.id]);
    expect(store.rows.get(T, a.id)).toMatchObject({ name: 'a' });
    const b = insert(store, 'b');
    expect([...store.rows.ids(T, published)]).toEqual([a.id, b.id]);
    store.transact(() => store.rows.update(T, published, { ...store.rows.get(T, a.id)!, name: 'z' }));
    expect(store.rows.get(T, a.id)).toMatchObject({ name: 'z' });
    expect(store.rows.idsEqual(T, 'name', published, 'a')).toEqual([]);
    expect(store.rows.idsEqual(T, 'name', published, 'z')).toEqual([a.id]);
    expect(Object.isFrozen(store.rows.get(T, a.id))).toBe(true);
  });

  it('freezes a kept row all the way down: nothing holding its json values can change them', () => {
    const meta = { color: 'green', tags: ['a'], nested: { depth: [{ n: 1 }] } };
    const { id } = store.transact(() => store.rows.insert(T, published, { documentId: 'dj', name: 'j', meta, createdAt: '', updatedAt: '', publishedAt: '' }));
    const row = store.rows.get(T, id)!;
    const kept = row.meta as typeof meta;
    for (const part of [row, kept, kept.tags, kept.nested, kept.nested.depth, kept.nested.depth[0]]) expect(Object.isFrozen(part)).toBe(true);
    expect(() => kept.tags.push('b')).toThrow(TypeError);
    expect(store.rows.get(T, id)!.meta).toEqual(meta);
  });

  it('keeps nothing an aborted transaction wrote', () => {
    const a = insert(store, 'a');
    expect(() =>
      store.transact(() => {
        store.rows.update(T, published, { ...store.rows.get(T, a.id)!, name: 'ghost' });
        // reads inside the transaction see the write, but must not be kept
        expect(store.rows.get(T, a.id)).toMatchObject({ name: 'ghost' });
        expect(store.rows.idsEqual(T, 'name', published, 'ghost')).toEqual([a.id]);
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(store.rows.get(T, a.id)).toMatchObject({ name: 'a' });
    expect(store.rows.idsEqual(T, 'name', published, 'ghost')).toEqual([]);
  });

  it('a read-only view drops its cache when another instance has committed', async () => {
    const a = insert(store, 'a');
    const reader = Store.open({ path: dir, readOnly: true }, layouts);
    try {
      expect([...reader.rows.ids(T, published)]).toEqual([a.id]);
      const b = insert(store, 'b');
      reader.resetReadTxn();
      expect([...reader.rows.ids(T, published)]).toEqual([a.id, b.id]);
    } finally {
      await reader.close();
    }
  });
});
