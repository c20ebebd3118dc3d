import type { NatsConnection } from '@nats-io/transport-node';
import { resultOf, type ForwardedReply, type ForwardedWrite, type WriteForwarder } from '../documents/forwarding.js';
import { ServiceUnavailableError } from '../errors/index.js';
import type { StreamNames } from './settings.js';

/** How long a replica waits for the writer to answer a write it forwarded. */
export const FORWARD_TIMEOUT_MS = 30_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A replica's writes, sent to the writer by NATS request/reply and answered once the replica
 * has applied the writer's change: a client that writes through a replica and then reads through
 * it sees its write.
 */
export class NatsForwarder implements WriteForwarder {
  constructor(
    private readonly nc: NatsConnection,
    private readonly names: StreamNames,
    private readonly applied: (generation: number) => Promise<void>,
  ) {}

  async send(write: ForwardedWrite): Promise<unknown> {
    let reply: ForwardedReply;
    try {
      const message = await this.nc.request(this.names.writes, encoder.encode(JSON.stringify(write)), { timeout: FORWARD_TIMEOUT_MS });
      reply = JSON.parse(decoder.decode(message.data)) as ForwardedReply;
    } catch (e) {
      throw new ServiceUnavailableError(`This is a replica, and the writer did not answer the write it forwarded (${e instanceof Error ? e.message : String(e)})`, { replicaOf: this.names.stream });
    }
    if (!('error' in reply)) {
      await this.applied(reply.generation).catch((e: unknown) => {
        throw new ServiceUnavailableError(`The writer made the write, and this replica stopped applying its changes before it came (${e instanceof Error ? e.message : String(e)})`, { replicaOf: this.names.stream });
      });
    }
    return resultOf(reply);
  }
}

/**
 * Resolves once `applied()` (a replica's folder, read afresh: another process applies to it)
 * reaches `generation`; rejects after FORWARD_TIMEOUT_MS.
 */
export async function folderReaches(applied: () => number, generation: number): Promise<void> {
  const until = Date.now() + FORWARD_TIMEOUT_MS;
  while (applied() < generation) {
    if (Date.now() > until) throw new Error(`the replica's folder did not reach the writer's write ${generation} in ${FORWARD_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** The writer's side: the reply to a forwarded write's request bytes. */
export async function answerBytes(request: Uint8Array, answer: (write: ForwardedWrite) => Promise<ForwardedReply>): Promise<Uint8Array> {
  let write: ForwardedWrite;
  try {
    write = JSON.parse(decoder.decode(request)) as ForwardedWrite;
  } catch {
    return encoder.encode(JSON.stringify({ error: { status: 400, name: 'ValidationError', message: 'A forwarded write that is not JSON', details: {} }, generation: 0 }));
  }
  return encoder.encode(JSON.stringify(await answer(write)));
}
