import { ForwardedError, INTERNAL_ERROR_BODY, QuarryError, ValidationError } from '../errors/index.js';
import type { DocumentService } from './service.js';

/** The document service's writes: on a replica, each goes to the writer. */
export const WRITE_METHODS = ['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];

/** A write as a replica sends it to its writer. */
export interface ForwardedWrite {
  readonly uid: string;
  readonly method: WriteMethod;
  readonly params: unknown;
}

/** The writer's answer: the call's result, or its error, and the writer's write generation once it was done. */
export type ForwardedReply =
  | { readonly result: unknown; readonly generation: number }
  | { readonly error: { status: number; name: string; message: string; details?: Record<string, unknown> }; readonly generation: number };

/** Sends a write to the writer and answers its result once this replica has applied it (replication/forwarder.ts). */
export interface WriteForwarder {
  send(write: ForwardedWrite): Promise<unknown>;
}

/**
 * Runs a write a replica forwarded, on the writer: the document service's own call with the
 * replica's parameters, so every rule and error is the writer's. The generation answered is the
 * folder's once the call is done: the replica answers its client after applying that far.
 */
export async function answerForwarded(request: ForwardedWrite, documents: (uid: string) => DocumentService, generation: () => number): Promise<ForwardedReply> {
  try {
    if (!(WRITE_METHODS as readonly string[]).includes(request.method)) throw ValidationError.at('method', `Not a write of the document service: ${String(request.method)}`);
    const service = documents(request.uid) as unknown as Record<WriteMethod, (params: unknown) => Promise<unknown>>;
    const result = await service[request.method](request.params);
    return { result: result ?? null, generation: generation() };
  } catch (e) {
    const error = e instanceof QuarryError ? e.toJSON() : { ...INTERNAL_ERROR_BODY, details: {} };
    return { error, generation: generation() };
  }
}

/** The result a forwarded write's reply carries, or its error thrown as the writer threw it. */
export function resultOf(reply: ForwardedReply): unknown {
  if ('error' in reply) throw new ForwardedError(reply.error);
  return reply.result;
}
