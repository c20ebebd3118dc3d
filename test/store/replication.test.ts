import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createQuarry, type Quarry } from '../../src/index.js';
import { ReplicaGapError } from '../../src/store/replication.js';
import { ARTICLE, CATEGORY, everything, RESTAURANT, writeSome } from '../support/replication-writes.js';

const SCHEMAS = 'data/schemas';
const folders: string[] = [];
const opened: Quarry[] = [];

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'quarry-replication-'));
  folders.push(path);
  return path;
}

function open(path: string, replica = false): Quarry {
  const quarry = createQuarry({ schemas: SCHEMAS, path, noSync: true, replica, publishing: !replica });
  opened.push(quarry);
  return quarry;
}

afterEach(async () => {
  for (const q of opened.splice(0)) await q.close();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

it('a replica started from a copy and given the outbox entries after it holds the writer\'s folder, byte for byte', async () => {
  const writerPath = folder();
  const writer = open(writerPath);
  const id = writer.store.replication!.startPublishing().writer;
  await writeSome(writer, 1);
  const snapshot = folder();
  await writer.store.copyTo(snapshot);
  await writeSome(writer, 2);
  await writeSome(writer, 3);

  const replica = open(snapshot, true);
  const at = replica.store.writeGeneration;
  replica.store.replication!.becomeReplica({ writer: id, schemas: 'test', generation: at, sequence: 0 });
  expect(await everything(replica)).not.toEqual(await everything(writer));
  // Every entry since publishing began, those the copy holds too: they are skipped.
  const entries = writer.store.replication!.pending(0, 10_000).map((e, i) => ({ bytes: e.bytes, sequence: i + 1 }));
  expect(entries.length).toBeGreaterThan(20);
  const applied = entries.flatMap((entry) => replica.store.replication!.apply([entry], { writer: id, schemas: 'test' }));
  expect(applied.map((a) => a.generation)).toEqual(Array.from({ length: writer.store.writeGeneration - at }, (_, i) => at + 1 + i));
  expect(new Set(applied.flatMap((a) => a.types))).toEqual(new Set([RESTAURANT, CATEGORY, ARTICLE, 'api::chef.chef']));
  expect(replica.store.writeGeneration).toBe(writer.store.writeGeneration);
  expect(replica.store.replication!.applied).toEqual({ writer: id, schemas: 'test', generation: writer.store.writeGeneration, sequence: entries.length });
  expect(replica.store.digest()).toEqual(writer.store.digest());
  expect(await everything(replica)).toEqual(await everything(writer));
  expect(replica.check().problems).toEqual([]);
  // Applying them again changes nothing.
  expect(replica.store.replication!.apply(entries, { writer: id, schemas: 'test' })).toEqual([]);
});

it('a replica refuses writes, a gap, and another writer\'s entries, and writes nothing of them', async () => {
  const writer = open(folder());
  const id = writer.store.replication!.startPublishing().writer;
  const snapshot = folder();
  await writer.store.copyTo(snapshot);
  await writeSome(writer, 1);
  const replica = open(snapshot, true);
  replica.store.replication!.becomeReplica({ writer: id, schemas: 'test', generation: replica.store.writeGeneration, sequence: 0 });
  const before = replica.store.digest();
  await expect(replica.documents(CATEGORY).create({ data: { name: 'x' } })).rejects.toMatchObject({ name: 'ReplicaWriteError' });
  const entries = writer.store.replication!.pending(0, 100).map((e, i) => ({ bytes: e.bytes, sequence: i + 1 }));
  expect(() => replica.store.replication!.apply([entries[0]!, entries[2]!], { writer: id, schemas: 'test' })).toThrow(ReplicaGapError);
  expect(() => replica.store.replication!.apply(entries, { writer: 'someone else', schemas: 'test' })).toThrow(ReplicaGapError);
  expect(() => replica.store.replication!.apply([{ bytes: Uint8Array.of(1, 2, 3), sequence: 1 }], { writer: id, schemas: 'test' })).toThrow(/change entry/);
  expect(replica.store.digest()).toEqual(before);
  expect(replica.store.replication!.apply(entries, { writer: id, schemas: 'test' })).toHaveLength(entries.length);
});

it('a folder that does not publish fills no outbox, and a rolled-back write leaves none', async () => {
  const writer = open(folder());
  await writeSome(writer, 1);
  expect(writer.store.replication!.pending(0, 100)).toEqual([]);
  writer.store.replication!.startPublishing();
  const generation = writer.store.writeGeneration;
  await expect(writer.documents(RESTAURANT).create({ data: { stars: 3 } })).rejects.toMatchObject({ name: 'ValidationError' });
  expect(writer.store.replication!.pending(0, 100)).toEqual([]);
  await writer.documents(CATEGORY).create({ data: { name: 'kept' } });
  expect(writer.store.replication!.pending(0, 100).map((e) => e.generation)).toEqual([generation + 1]);
  writer.store.replication!.trim({ generation: generation + 1, sequence: 7 });
  expect(writer.store.replication!.pending(0, 100)).toEqual([]);
  expect(writer.store.replication!.published).toEqual({ generation: generation + 1, sequence: 7 });
});
