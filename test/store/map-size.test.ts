import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-map-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const L = 'a.list';
const fileSize = () => statSync(join(dir, 'data.mdb')).size;

describe('the data file without fsync (a writable map)', () => {
  it('starts no larger than 64 MiB', async () => {
    const store = Store.open({ path: dir, noSync: true }, []);
    store.intern([L]);
    expect(fileSize()).toBeLessThanOrEqual(64 * 1024 ** 2);
    await store.close();
  });

  it('grows past its first size as data comes, and reopens with everything', async () => {
    // Lists of 100 in the keyed form, two entries a link: enough to outgrow the first size.
    const store = Store.open({ path: dir, noSync: true, mapSize: 1024 ** 2, packedListBytes: 32 }, []);
    store.intern([L]);
    const first = fileSize();
    for (let batch = 0; batch < 4; batch++) {
      store.transact(() => {
        for (let s = 1; s <= 100; s++) for (let t = 1; t <= 100; t++) store.links.place(L, batch * 1000 + s, t, { at: 'end' });
      });
    }
    expect(fileSize()).toBeGreaterThan(first);
    await store.close();

    const again = Store.open({ path: dir, noSync: true }, []);
    again.intern([L]);
    expect([...again.links.targets(L, 3100)]).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    await again.close();
  });

  it('is not pre-sized when commits are synced', async () => {
    const store = Store.open({ path: dir }, []);
    store.intern([L]);
    store.transact(() => store.links.place(L, 1, 1, { at: 'end' }));
    expect(fileSize()).toBeLessThan(1024 ** 2);
    await store.close();
  });
});
