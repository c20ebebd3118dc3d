import type { RestCore } from '../core/core.js';
import { tooLarge } from '../core/core.js';
import { RequestBodyTimeoutError } from '../errors.js';
import { isPromise, type CoreResponse, type MaybePromise, type RequestHead } from '../types.js';
import { BodyCollector, declaredLength } from './body.js';

/** What an adapter gives the shared exchange logic: one request's body, its answer and its abort. */
export interface Connection {
  /** True once the client went away; the transport's response must not be touched then. */
  readonly aborted: boolean;
  /** Called once, when the client goes away before the answer is written. */
  onAbort(listener: () => void): void;
  /** Starts the body; each chunk is owned (copied when the transport reuses its buffer); the last is flagged. */
  readBody(onChunk: (chunk: Uint8Array, last: boolean) => void): void;
  /** Writes the whole answer; never called after an abort. */
  send(response: CoreResponse): void;
}

/** Answers still being computed, so that closing a server can let them finish. */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  track(promise: Promise<unknown>): void {
    this.count++;
    const leave = () => {
      if (--this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
    promise.then(leave, leave);
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * One request from head to answer, the same for every transport: route by the head, read the
 * body the route takes (413 as soon as it passes the limit, 408 when it arrives too slowly),
 * then answer unless the client went away. A request that fails before its body is complete
 * never reaches the document service, so it writes nothing.
 */
export function serveExchange(core: RestCore, head: RequestHead, connection: Connection, inFlight: InFlight): void {
  const exchange = core.open(head);
  const limit = exchange.bodyLimit;
  if (limit === undefined) {
    deliver(exchange.respond(undefined), connection, inFlight);
    return;
  }
  const declared = declaredLength(head.headers);
  if (declared !== undefined && declared > limit) {
    // Refused from the head alone: nothing of the body is read.
    connection.send(core.fail(head, tooLarge(limit), true));
    return;
  }
  const collector = new BodyCollector(limit);
  let done = false;
  const finish = (): boolean => {
    if (done) return false;
    done = true;
    clearTimeout(timer);
    return true;
  };
  const timer = setTimeout(() => {
    if (finish() && !connection.aborted) connection.send(core.fail(head, new RequestBodyTimeoutError(), true));
  }, core.settings.bodyTimeoutMs);
  connection.onAbort(finish);
  connection.readBody((chunk, last) => {
    if (done) return;
    if (!collector.add(chunk)) {
      if (finish()) connection.send(core.fail(head, tooLarge(limit), true));
      return;
    }
    if (last && finish()) deliver(exchange.respond(collector.finish()), connection, inFlight);
  });
}

function deliver(result: MaybePromise<CoreResponse>, connection: Connection, inFlight: InFlight): void {
  if (!isPromise(result)) {
    if (!connection.aborted) connection.send(result);
    return;
  }
  // The core never rejects: its handlers' errors are already answers.
  const sent = result.then((response) => {
    if (!connection.aborted) connection.send(response);
  });
  inFlight.track(sent);
}
