import type { Key, RootDatabase } from 'lmdb';
import type { ChangeOp } from './change-capture.js';
import { encodeChangeEntry } from './change-entry.js';
import { Outbox } from './outbox.js';

const GENERATION: Key[] = ['generation'];

/**
 * A write made outside Store.commit (API tokens: `quarry token` writes them in a process of its
 * own), inside its own transaction: on a publishing folder it moves the folder's write
 * generation and puts the outbox entry a Store commit would, so replicas get it (a revoked token
 * stops working there too). `touched` names the entries it wrote, by database and key.
 */
export function logSideWrite(env: RootDatabase, touched: readonly (readonly [db: string, key: Key])[]): void {
  const outbox = new Outbox(env);
  if (!outbox.on) return;
  const meta = env.openDB<unknown, Key[]>({ name: 'meta' });
  const generation = ((meta.get(GENERATION) as number | undefined) ?? 0) + 1;
  meta.putSync(GENERATION, generation);
  const ops: ChangeOp[] = [...touched, ['meta', GENERATION] as const].map(([name, key]) => {
    const bytes = env.openDB<Buffer, Key>({ name, encoding: 'binary' }).getBinary(key);
    return [name, key, bytes === undefined ? null : Uint8Array.from(bytes)];
  });
  outbox.append(generation, encodeChangeEntry({ generation, time: Date.now(), ops }));
}

/** Throws on a replica's folder, which only its writer's changes write. */
export function refuseOnReplica(env: RootDatabase, what: string): void {
  if (new Outbox(env).applied !== undefined) throw new Error(`this folder is a replica: ${what} on the writer, whose changes reach it`);
}
