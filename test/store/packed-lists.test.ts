import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idBytes, packedFind, packedSplice, packList, unpackList } from '../../src/store/packed-lists.js';

describe('packed link lists as bytes', () => {
  it('read back every list of ids in its order, up to the largest row id', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 0xffff_ffff }), { minLength: 1, maxLength: 300 }), (ids) => {
        expect([...unpackList(packList(ids))!]).toEqual(ids);
      }),
    );
  });

  it('are searched and spliced in their bytes, as their ids are', () => {
    const id = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 0xffff_ffff }));
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: 200 }), id, fc.nat(), (ids, target, pick) => {
        const bytes = Buffer.from(packList(ids));
        const anchor = ids[pick % ids.length]!;
        const found = packedFind(bytes, idBytes(target));
        expect(found.start >= 0).toBe(ids.includes(target));
        const at = packedFind(bytes, idBytes(anchor));
        expect([...unpackList(bytes.subarray(at.start, at.end))!]).toEqual([anchor]);
        // Moved (or put) right after the anchor, and cut out again.
        const model = ids.filter((t) => t !== target);
        if (anchor !== target) model.splice(model.indexOf(anchor) + 1, 0, target);
        else model.push(target);
        const moved = packedSplice(bytes, found, anchor === target ? bytes.length : at.end, idBytes(target));
        expect([...unpackList(moved)!]).toEqual(model);
        const cut = packedSplice(moved, packedFind(moved, idBytes(target)), 0, undefined);
        expect(cut.length === 0 ? [] : [...unpackList(cut)!]).toEqual(model.filter((t) => t !== target));
      }),
    );
  });

  it('are not found inside another id or across two', () => {
    // 300 is [0xac, 0x02]; 0x02 alone is 2, and [0x2c] (44) is 300's first byte without its high bit.
    const bytes = Buffer.from(packList([300, 5]));
    expect(packedFind(bytes, idBytes(2)).start).toBe(-1);
    expect(packedFind(bytes, idBytes(44)).start).toBe(-1);
    expect(packedFind(Buffer.from(packList([2, 300, 2])), idBytes(2))).toEqual({ start: 0, end: 1 });
    expect(packedFind(Buffer.from(packList([300, 2])), idBytes(2))).toEqual({ start: 2, end: 3 });
  });

  it('spend one byte on an id under 128, two under 16,384, three under 2,097,152', () => {
    expect(packList([1, 127]).length).toBe(2);
    expect(packList([128, 16_383]).length).toBe(4);
    expect(packList([16_384, 2_097_151]).length).toBe(6);
    expect(packList([0xffff_ffff]).length).toBe(5);
  });

  it('read the msgpack arrays of folders written before the same', () => {
    expect([...unpackList([3, 70_000, 1])!]).toEqual([3, 70_000, 1]);
  });

  it('refuse bytes that end inside an id or hold one past 32 bits, and values that are not lists', () => {
    expect(unpackList(Buffer.from([0x85]))).toBeUndefined();
    expect(unpackList(Buffer.from([1, 0xff, 0xff, 0xff, 0xff, 0x7f]))).toBeUndefined();
    expect(unpackList(Buffer.alloc(0))).toBeUndefined();
    expect(unpackList(7)).toBeUndefined();
    expect(unpackList(null)).toBeUndefined();
  });
});
