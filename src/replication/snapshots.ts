import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { Objm, type ObjectInfo, type ObjectStore } from '@nats-io/obj';
import type { FolderSettings } from '../store/folder-settings.js';
import { readReplicationState } from '../store/replication-state.js';
import type { StreamNames } from './settings.js';

/** What a snapshot is, kept as its object's description: a replica reads it before it downloads. */
export interface SnapshotTag {
  readonly format: typeof SNAPSHOT_FORMAT;
  readonly writer: string;
  /** The writer's last write transaction the snapshot holds. */
  readonly generation: number;
  /** Where in the stream a replica starting from it begins (after this sequence; entries it holds already are skipped). */
  readonly sequence: number;
  /** The writer's schema fingerprint (schema/fingerprint.ts). */
  readonly schemas: string;
  readonly settings: FolderSettings;
  /** When it was made (ms since the epoch). */
  readonly time: number;
}

/** A snapshot is the LMDB file of a compacting copy of the writer's folder; replicas of another Quarry storage format refuse it. */
export const SNAPSHOT_FORMAT = 1;
/** Snapshots kept in the bucket: the newest, and the one before it for a replica still downloading it. */
const KEPT = 2;

export async function openBucket(nc: NatsConnection, names: StreamNames, replicas: number): Promise<ObjectStore> {
  // `create` opens the bucket when it exists.
  return new Objm(nc).create(names.bucket, { replicas, description: `Quarry snapshots of stream ${names.stream}` });
}

/** The tag of an object, or undefined for an object that is not a snapshot this Quarry reads. */
function tagOf(info: ObjectInfo): SnapshotTag | undefined {
  try {
    const tag = JSON.parse(info.description ?? '') as SnapshotTag;
    return tag.format === SNAPSHOT_FORMAT && typeof tag.writer === 'string' && Number.isSafeInteger(tag.generation) ? tag : undefined;
  } catch {
    return undefined;
  }
}

/** The snapshots in the bucket (of `writer` when given), each with its tag, newest first. */
async function snapshotsIn(bucket: ObjectStore, writer?: string): Promise<{ info: ObjectInfo; tag: SnapshotTag }[]> {
  const found: { info: ObjectInfo; tag: SnapshotTag }[] = [];
  for (const info of await bucket.list()) {
    const tag = tagOf(info);
    if (tag !== undefined && (writer === undefined || tag.writer === writer)) found.push({ info, tag });
  }
  return found.sort((a, b) => b.tag.time - a.tag.time);
}

/** The newest snapshot in the bucket (of `writer` when given), with its tag. */
export async function newestSnapshot(bucket: ObjectStore, writer?: string): Promise<{ info: ObjectInfo; tag: SnapshotTag } | undefined> {
  return (await snapshotsIn(bucket, writer))[0];
}

export interface SnapshotSource {
  /** A compacting copy of the folder into `dir`. */
  copyTo(dir: string): Promise<void>;
}

/**
 * Makes a snapshot of the writer's folder and keeps it in the bucket: a compacting copy (one
 * read transaction's view; writes go on meanwhile), tagged with what the copy holds and where in
 * the stream a replica starting from it begins, streamed into the object store in chunks. The
 * older ones past KEPT are deleted.
 */
export async function takeSnapshot(source: SnapshotSource, bucket: ObjectStore, work: string, about: Pick<SnapshotTag, 'schemas' | 'settings'>): Promise<SnapshotTag> {
  rmSync(work, { recursive: true, force: true });
  try {
    await source.copyTo(work);
    const state = await readReplicationState(work);
    if (state?.writer === undefined || state.published === undefined) throw new Error('the folder does not publish: no snapshot of it is needed');
    const tag: SnapshotTag = { format: SNAPSHOT_FORMAT, writer: state.writer, generation: state.generation, sequence: state.published.sequence, ...about, time: Date.now() };
    const file = Readable.toWeb(createReadStream(join(work, 'data.mdb'))) as ReadableStream<Uint8Array>;
    await bucket.put({ name: `snapshot-${tag.generation}-${tag.time}`, description: JSON.stringify(tag) }, file);
    for (const old of (await snapshotsIn(bucket)).slice(KEPT)) await bucket.delete(old.info.name);
    return tag;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Asks the writer publishing to the stream for a snapshot now; its tag, once made. */
export async function askForSnapshot(nc: NatsConnection, names: StreamNames, timeoutMs: number): Promise<SnapshotTag> {
  const reply = await nc.request(names.snapshotRequests, new Uint8Array(), { timeout: timeoutMs }).catch((e: unknown) => {
    throw new Error(`no writer publishing to stream ${names.stream} answered a request for a snapshot (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  });
  const answer = JSON.parse(new TextDecoder().decode(reply.data)) as SnapshotTag | { error: string };
  if ('error' in answer) throw new Error(`the writer could not make a snapshot: ${answer.error}`);
  return answer;
}

/** Writes a snapshot's LMDB file to `file`; the object store checks its digest as it reads. */
export async function downloadSnapshot(bucket: ObjectStore, info: ObjectInfo, file: string): Promise<void> {
  const result = await bucket.get(info.name);
  if (result === null) throw new Error(`snapshot ${info.name} is gone from the bucket (a newer one replaced it): start again`);
  await pipeline(Readable.fromWeb(result.data as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(file) as Writable);
  const error = await result.error;
  if (error) throw error;
}
