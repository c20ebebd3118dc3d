import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPONENTS_PROJECT } from '../../fixtures/models/components.js';
import { createQuarry, type AppliedChange, type Quarry } from '../../src/index.js';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { withNats } from '../support/nats.js';
import { CATEGORY, everything, RESTAURANT, writeSome } from '../support/replication-writes.js';

const SCHEMAS = 'data/schemas';

/** Waits until `replica` applied every write transaction `writer` committed (or 20 s pass). */
async function caughtUp(replica: Quarry, writer: Quarry): Promise<void> {
  const until = Date.now() + 20_000;
  while (replica.health().sequence !== writer.store.writeGeneration) {
    if (Date.now() > until) throw new Error(`replica at ${replica.health().sequence}, writer at ${writer.store.writeGeneration}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function until(condition: () => boolean): Promise<void> {
  const end = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a replica fed by NATS JetStream (the library)', () => {
  const nodes = withNats();
  const folders: string[] = [];
  const folder = (): string => {
    const path = mkdtempSync(join(tmpdir(), 'quarry-replica-'));
    folders.push(path);
    return path;
  };
  /** A writer on `path` (of `schemas`) publishing to `stream`, snapshots only when asked. */
  const publishingWriter = async (path: string, stream: string, schemas = SCHEMAS): Promise<Quarry> => {
    const writer = createQuarry({ schemas, path, noSync: true, publishing: true });
    await writer.publish({ url: nodes[0]!.url, stream }, { snapshotEveryMs: 0 });
    return writer;
  };
  /** A replica on `path` following `stream`. */
  const replicaOn = (path: string, stream: string, more: { schemas?: string; onFailure?: (e: unknown) => void } = {}): Promise<Quarry> =>
    createQuarry({ schemas: more.schemas ?? SCHEMAS, path, replicaOf: { url: nodes[0]!.url, stream }, onFailure: more.onFailure });

  afterAll(() => {
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it('starts from the writer\'s snapshot, follows its writes, forwards its own, resumes after a restart, and equals the writer byte for byte', async () => {
    const writerPath = folder();
    let writer = createQuarry({ schemas: SCHEMAS, path: writerPath, noSync: true, publishing: true });
    await writeSome(writer, 1);
    await writer.publish(nodes[0]!.url, { snapshotEveryMs: 0 });
    expect(writer.health()).toMatchObject({ role: 'writer', lag: 0 });
    await writeSome(writer, 2);

    const replicaPath = folder();
    let replica = await createQuarry({ schemas: SCHEMAS, path: replicaPath, replicaOf: nodes[0]!.url });
    const changes: AppliedChange[] = [];
    replica.onChange((change) => changes.push(change));
    await writeSome(writer, 3);
    await caughtUp(replica, writer);
    expect(replica.health()).toMatchObject({ role: 'replica', sequence: writer.store.writeGeneration, lag: 0, pending: 0, connected: true });
    expect(changes.length).toBeGreaterThan(5);
    // The last write deleted a category: the restaurant lists that named it changed too.
    expect(changes.at(-1)).toMatchObject({ generation: writer.store.writeGeneration, types: [CATEGORY, RESTAURANT] });
    expect(await everything(replica)).toEqual(await everything(writer));

    // A write through the replica is the writer's, and the replica shows it as soon as it answers.
    const made = await replica.documents(CATEGORY).create({ data: { name: 'through the replica' } });
    expect(await replica.documents(CATEGORY).findOne({ documentId: made.documentId as string })).toEqual(made);
    expect(await writer.documents(CATEGORY).findOne({ documentId: made.documentId as string })).toEqual(made);
    const renamed = await replica.documents(CATEGORY).update({ documentId: made.documentId as string, data: { name: 'renamed there' } });
    expect((await replica.documents(CATEGORY).findMany({ filters: { name: { $eq: 'renamed there' } } })).map((e) => e.id)).toEqual([renamed!.id]);
    // The writer's refusal, as the writer words it.
    const refused = await replica.documents(RESTAURANT).create({ data: { stars: 2 } }).catch((e: unknown) => e);
    const direct = await writer.documents(RESTAURANT).create({ data: { stars: 2 } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'ValidationError', status: 400, message: (direct as Error).message, details: (direct as { details: unknown }).details });
    expect(replica.store.digest()).toEqual(writer.store.digest());
    // Not forwarded, and refused as such: writes that must commit together, and uploads (the writer keeps the files).
    await expect(replica.transaction(() => [replica.documents(CATEGORY).create({ data: { name: 'together' } })])).rejects.toMatchObject({ name: 'MethodNotAllowedError', status: 405 });
    await expect(replica.uploads.upload({ files: { buffer: Buffer.from('hello'), name: 'a.txt' } })).rejects.toMatchObject({ name: 'MethodNotAllowedError', message: expect.stringMatching(/uploads go to the writer/) });
    expect(await writer.documents(CATEGORY).count({ filters: { name: { $eq: 'together' } } })).toBe(0);
    // API tokens are the writer's: made and revoked there, they work and stop working here.
    const { token } = writer.tokens!.create('reader', 'read-only');
    await until(() => replica.tokens!.verify(token) !== undefined);
    writer.tokens!.revoke('reader');
    await until(() => replica.tokens!.verify(token) === undefined);
    expect(() => replica.tokens!.create('local', 'full-access')).toThrow(/replica: make tokens on the writer/);

    // Down while the writer writes, and while the writer restarts (its writes then wait in the outbox).
    await replica.close();
    const file = statSync(join(replicaPath, 'data.mdb')).ino;
    await writeSome(writer, 4);
    await writer.close();
    writer = createQuarry({ schemas: SCHEMAS, path: writerPath, noSync: true, publishing: true });
    await writeSome(writer, 5);
    await writer.publish(nodes[0]!.url, { snapshotEveryMs: 0 });
    replica = await createQuarry({ schemas: SCHEMAS, path: replicaPath, replicaOf: nodes[0]!.url });
    // It resumed in its own file, not from a snapshot.
    expect(statSync(join(replicaPath, 'data.mdb')).ino).toBe(file);
    await writeSome(writer, 6);
    await caughtUp(replica, writer);
    expect(replica.store.digest()).toEqual(writer.store.digest());
    expect(await everything(replica)).toEqual(await everything(writer));
    expect(replica.check().problems).toEqual([]);

    // A second replica, started now, begins at the newest snapshot and gets there too.
    await writer.snapshot();
    await writeSome(writer, 7);
    const second = await createQuarry({ schemas: SCHEMAS, path: folder(), replicaOf: nodes[0]!.url });
    await caughtUp(second, writer);
    await caughtUp(replica, writer);
    expect(second.store.digest()).toEqual(writer.store.digest());
    await second.close();
    await replica.close();
    await writer.close();
  }, 60_000);

  it('says it is not connected while NATS is down, and catches up once it is back, with nothing the writer committed meanwhile lost', async () => {
    const stream = 'outage';
    const writerPath = folder();
    const replicaPath = folder();
    let writer = await publishingWriter(writerPath, stream);
    let replica = await replicaOn(replicaPath, stream);
    await writeSome(writer, 1);
    await caughtUp(replica, writer);
    await nodes[0]!.stop(true);
    const until = Date.now() + 10_000;
    while (replica.health().role === 'replica' && (replica.health() as { connected: boolean }).connected && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(replica.health()).toMatchObject({ role: 'replica', connected: false });
    // Committed while the stream cannot take them: they wait in the outbox.
    await writeSome(writer, 2);
    // Both close promptly without NATS, and open again once it is back.
    const closing = Date.now();
    await Promise.all([replica.close(), writer.close()]);
    expect(Date.now() - closing).toBeLessThan(3_000);
    await nodes[0]!.start();
    writer = await publishingWriter(writerPath, stream);
    replica = await replicaOn(replicaPath, stream);
    await caughtUp(replica, writer);
    expect(replica.health()).toMatchObject({ connected: true, lag: 0 });
    expect(replica.store.digest()).toEqual(writer.store.digest());
    await replica.close();
    await writer.close();
  }, 60_000);

  it('starts a replica that fell behind the stream\'s retention again from a snapshot, one the writer makes on request when its newest is older than what the stream holds', async () => {
    const stream = 'retention';
    const writer = await publishingWriter(folder(), stream);
    const replicaPath = folder();
    let replica = await replicaOn(replicaPath, stream);
    await writeSome(writer, 1);
    await caughtUp(replica, writer);
    await replica.close();
    const file = statSync(join(replicaPath, 'data.mdb')).ino;
    await writeSome(writer, 2);
    await writer.snapshot();
    await writeSome(writer, 3);
    // What retention does: the entries the replica would need next are gone from the stream.
    const nc = await connect({ servers: nodes[0]!.url });
    const jsm = await jetstreamManager(nc);
    const last = (await jsm.streams.info(stream)).state.last_seq;
    await jsm.streams.purge(stream, { keep: 2 });
    expect((await jsm.streams.info(stream)).state.first_seq).toBe(last - 1);
    await nc.close();
    replica = await replicaOn(replicaPath, stream);
    expect(statSync(join(replicaPath, 'data.mdb')).ino).not.toBe(file);
    await writeSome(writer, 4);
    await caughtUp(replica, writer);
    expect(replica.store.digest()).toEqual(writer.store.digest());
    await replica.close();
    await writer.close();
  }, 60_000);

  it('stops applying, saying why, once the writer serves other content-types; started again with its old schemas it refuses, with the new ones it follows', async () => {
    const stream = 'schemas';
    const writerPath = folder();
    let writer = await publishingWriter(writerPath, stream);
    const failures: unknown[] = [];
    const replicaPath = folder();
    const replica = await replicaOn(replicaPath, stream, { onFailure: (e) => failures.push(e) });
    await writeSome(writer, 1);
    await caughtUp(replica, writer);
    await writer.close();
    // The writer's schemas gain a field.
    const changed = join(folder(), 'schemas');
    cpSync(SCHEMAS, changed, { recursive: true });
    const file = join(changed, 'api', 'category', 'content-types', 'category', 'schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
    schema.attributes.slogan = { type: 'string' };
    writeFileSync(file, JSON.stringify(schema));
    writer = await publishingWriter(writerPath, stream, changed);
    const before = replica.health().sequence;
    await writer.documents(CATEGORY).create({ data: { name: 'new', slogan: 'fresh' } });
    await until(() => failures.length > 0);
    expect(String(failures[0])).toMatch(/the writer now serves other content-types/);
    expect(replica.health()).toMatchObject({ sequence: before, connected: false });
    await replica.close();
    await expect(replicaOn(replicaPath, stream)).rejects.toMatchObject({ name: 'ReplicaStartError' });
    const again = await replicaOn(replicaPath, stream, { schemas: changed });
    await caughtUp(again, writer);
    expect(await again.documents(CATEGORY).findMany({ filters: { slogan: { $eq: 'fresh' } }, fields: ['name'] })).toMatchObject([{ name: 'new' }]);
    await again.close();
    await writer.close();
  }, 60_000);

  it('refuses to start a replica of a stream no writer has published to, saying so', async () => {
    await expect(createQuarry({ schemas: SCHEMAS, path: folder(), replicaOf: { url: nodes[0]!.url, stream: 'nobody' } })).rejects.toMatchObject({
      name: 'ReplicaStartError',
      message: expect.stringMatching(/no stream nobody .*no writer has published to it/),
    });
  });

  it('refuses to start a replica whose schemas are not the writer\'s, with a message that says so', async () => {
    const writer = createQuarry({ schemas: SCHEMAS, path: folder(), noSync: true, publishing: true });
    const stream = 'other';
    await writer.publish({ url: nodes[0]!.url, stream }, { snapshotEveryMs: 0 });
    await expect(createQuarry({ schemas: COMPONENTS_PROJECT, path: folder(), replicaOf: { url: nodes[0]!.url, stream } })).rejects.toMatchObject({
      name: 'ReplicaStartError',
      message: expect.stringMatching(/serves other content-types/),
    });
    await writer.close();
  }, 30_000);
});

it('refuses to publish from a Quarry that commits through a writable map (noSync without publishing: true)', async () => {
  const path = mkdtempSync(join(tmpdir(), 'quarry-replica-'));
  const quarry = createQuarry({ schemas: SCHEMAS, path, noSync: true });
  await expect(quarry.publish('nats://127.0.0.1:1')).rejects.toThrow(/publishing: true/);
  await quarry.close();
  rmSync(path, { recursive: true, force: true });
});
