import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packList, unpackList } from '../../src/store/packed-lists.js';

describe('packed link lists as bytes', () => {
  it('read back every list of ids in its order, up to the largest row id', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 0xffff_ffff }), { minLength: 1, maxLength: 300 }), (ids) => {
        expect([...unpackList(packList(ids))!]).toEqual(ids);
      }),
    );
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
