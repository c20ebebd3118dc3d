import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeMulti, encode } from '@msgpack/msgpack';
import { msgpackReader } from '../../src/cli/transfer/msgpack-file.js';

const dir = mkdtempSync(join(tmpdir(), 'quarry-msgpack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(path: string, chunkBytes: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const batch of msgpackReader(path, createReadStream(path, { highWaterMark: chunkBytes }))) out.push(...batch);
  return out;
}

// Records as an export holds them: maps, lists, strings of every length class, 64-bit integers, doubles, null, binary.
// Not the key __proto__, which the oracle refuses to read (its own test is below).
const record = fc.dictionary(fc.string({ maxLength: 12 }).filter((key) => key !== '__proto__'), fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true }),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ minLength: 20, maxLength: 30 }), { maxLength: 20 }),
  fc.uint8Array({ maxLength: 70 }),
), { maxKeys: 8 });

describe('msgpackReader', () => {
  it('reads what @msgpack/msgpack reads, however the file is cut into chunks', async () => {
    await fc.assert(fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 4096 }), async (records, chunkBytes) => {
      const path = join(dir, 'a.msgpack');
      const bytes = Buffer.concat(records.map((r) => encode(r)));
      writeFileSync(path, bytes);
      // @msgpack/msgpack gives binary as Uint8Array, msgpackr as Buffer: compared as plain bytes.
      const plain = (values: unknown[]) => JSON.parse(JSON.stringify(values, (_, v) => (v instanceof Uint8Array ? ['bytes', ...v] : v)));
      expect(plain(await readAll(path, chunkBytes))).toEqual(plain([...decodeMulti(bytes)]));
    }), { numRuns: 60 });
  });

  it('reads a key __proto__ as a key of another name, never as the value\'s prototype', async () => {
    const path = join(dir, 'proto.msgpack');
    writeFileSync(path, encode(JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}')));
    const [value] = (await readAll(path, 1 << 20)) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value!.polluted).toBeUndefined();
    expect(value!.name).toBe('x');
    expect(Object.keys(value!)).not.toContain('__proto__');
  });

  it('a read holding thousands of values gives them all, in order', async () => {
    const path = join(dir, 'many.msgpack');
    const values = Array.from({ length: 2_500 }, (_, i) => ({ i, s: `value ${i}` }));
    writeFileSync(path, Buffer.concat(values.map((v) => encode(v))));
    expect(await readAll(path, 1 << 20)).toEqual(values);
    expect(await readAll(path, 999)).toEqual(values);
  });

  it('a file cut inside a value ends before it; a value msgpack cannot read (an unknown extension) is refused with its record', async () => {
    const path = join(dir, 'b.msgpack');
    const bytes = Buffer.concat([encode({ kind: 'header' }), encode({ a: 'x'.repeat(100) }), encode({ b: 2 })]);
    writeFileSync(path, bytes.subarray(0, bytes.length - 3));
    expect(await readAll(path, 16)).toEqual([{ kind: 'header' }, { a: 'x'.repeat(100) }]);
    writeFileSync(path, Buffer.concat([encode({ kind: 'header' }), encode({ a: 1 }), Buffer.of(0xd4, 0x05, 0x00)]));
    await expect(readAll(path, 5)).rejects.toThrow(/b\.msgpack: record 2: not valid msgpack/);
  });
});
