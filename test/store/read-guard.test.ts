import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { TypeLayout } from '../../src/store/layout.js';

const T = 'api::thing.thing';
const layouts: TypeLayout[] = [{ name: T, fields: [{ name: 'name', index: 'text' }] }];
const scope = { status: 'published', locale: null } as const;
let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-guard-'));
  store = Store.open({ path: dir, noSync: true }, layouts);
  store.intern(['things.list']);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('read guard', () => {
  it('runs before rows, id sets and link lists are read, and can stop a read by throwing', () => {
    const row = store.transact(() => store.rows.insert(T, scope, { documentId: 'd1', name: 'a', createdAt: '', updatedAt: '', publishedAt: '' }));
    store.transact(() => store.links.place('things.list', row.id, 7, { at: 'end' }));
    let checks = 0;
    store.guardReads(() => {
      checks++;
    });
    store.rows.get(T, row.id);
    store.rows.ids(T, scope);
    [...store.links.targets('things.list', row.id)];
    expect(checks).toBe(3);
    store.guardReads(() => {
      throw new Error('late');
    });
    expect(() => store.rows.get(T, row.id)).toThrow('late');
    expect(() => store.links.targetSet('things.list', row.id)).toThrow('late');
    store.guardReads(undefined);
    expect(store.rows.get(T, row.id)).toMatchObject({ name: 'a' });
  });
});
