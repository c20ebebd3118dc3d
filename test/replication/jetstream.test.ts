import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { withNats } from '../support/nats.js';

/**
 * What replicas fed by NATS JetStream (issue 20) rely on, against real nats-server processes of
 * the version Debian ships (2.9) and the client libraries in package.json: a resend under one
 * message id is stored once; a consumer reads a stream in order from any sequence; the object
 * store keeps a snapshot of many chunks whole; a stream replicated on three nodes takes writes
 * and keeps them while one node is down, and that node comes back. If one of these fails, the
 * replication design (the outbox's ids, the replica's restart point, snapshots) must change.
 */
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** The stream's messages from `from` on, in order, as text. */
async function readFrom(js: JetStreamClient, stream: string, from: number, count: number): Promise<string[]> {
  const consumer = await js.consumers.get(stream, { opt_start_seq: from });
  const out: string[] = [];
  const messages = await consumer.fetch({ max_messages: count, expires: 2_000 });
  for await (const m of messages) {
    out.push(`${m.seq}:${text(m.data)}`);
    if (out.length === count) break;
  }
  return out;
}

describe('JetStream on one node', () => {
  const nodes = withNats();
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connect({ servers: nodes[0]!.url });
  }, 20_000);
  afterAll(async () => {
    await nc?.close();
  });

  it('stores a message sent twice under one id once, and reads the stream in order from any sequence', async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'changes', subjects: ['changes.>'], duplicate_window: 120 * 1e9 });
    const js = jetstream(nc);
    const first = await js.publish('changes.w', bytes('one'), { msgID: 'w:1' });
    const again = await js.publish('changes.w', bytes('one'), { msgID: 'w:1' });
    const second = await js.publish('changes.w', bytes('two'), { msgID: 'w:2' });
    expect([first.seq, first.duplicate, again.seq, again.duplicate, second.seq, second.duplicate]).toEqual([1, false, 1, true, 2, false]);
    for (let i = 3; i <= 10; i++) await js.publish('changes.w', bytes(`m${i}`), { msgID: `w:${i}` });
    expect((await jsm.streams.info('changes')).state.messages).toBe(10);
    expect(await readFrom(js, 'changes', 7, 4)).toEqual(['7:m7', '8:m8', '9:m9', '10:m10']);
  });

  it('keeps a snapshot of many chunks whole in the object store', async () => {
    const store = await new Objm(nc).create('snapshots');
    const blob = Uint8Array.from({ length: 3_000_000 }, (_, i) => (i * 7919) % 251);
    await store.putBlob({ name: 'export-42' }, blob);
    const info = await store.info('export-42');
    expect(info?.chunks).toBeGreaterThan(1);
    expect(Buffer.compare(Buffer.from((await store.getBlob('export-42'))!), Buffer.from(blob))).toBe(0);
  });
});

describe('JetStream on a three-node cluster', () => {
  const nodes = withNats(3);

  it('takes writes to a stream replicated three times while a node is down, and the node comes back with them', async () => {
    const nc = await connect({ servers: nodes.map((n) => n.url) });
    try {
      // The cluster elects its JetStream leader after the nodes are ready: the first call may find none yet.
      const jsm = await retry(() => jetstreamManager(nc).then(async (m) => (await m.streams.add({ name: 'changes', subjects: ['changes.>'], num_replicas: 3 }), m)));
      const js = jetstream(nc);
      for (let i = 1; i <= 5; i++) await js.publish('changes.w', bytes(`a${i}`), { msgID: `w:${i}` });
      await nodes[2]!.stop(true);
      for (let i = 6; i <= 10; i++) await retry(() => js.publish('changes.w', bytes(`b${i}`), { msgID: `w:${i}` }));
      await nodes[2]!.start();
      // With the node back, another goes down: what the stream holds came to the returned one too.
      await retry(async () => {
        const info = await jsm.streams.info('changes');
        if (info.cluster?.replicas?.some((r) => !r.current)) throw new Error('a replica is not current yet');
      });
      await nodes[0]!.stop(true);
      const all = await retry(() => readFrom(js, 'changes', 1, 10));
      expect(all).toEqual([1, 2, 3, 4, 5].map((i) => `${i}:a${i}`).concat([6, 7, 8, 9, 10].map((i) => `${i}:b${i}`)));
      await nodes[0]!.start();
    } finally {
      await nc.close();
    }
  }, 120_000);
});

/**
 * Calls `f` until it succeeds, for up to 30 s: a cluster answers "no leader" for a while after a
 * node comes or goes (on these machines 5-6 s to elect the first, 10 s after the leader is killed).
 */
async function retry<T>(f: () => Promise<T>): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      return await f();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
