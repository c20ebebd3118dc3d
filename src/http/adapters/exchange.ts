import type { RestCore } from '../core/core.js';
import { tooLarge } from '../core/core.js';
import { Readable } from 'node:stream';
import { MalformedRequestError, RequestBodyTimeoutError } from '../errors.js';
import { isPromise, type CoreResponse, type MaybePromise, type RequestHead, type StreamedBodyExchange } from '../types.js';
import { BodyCollector, declaredLength } from './body.js';
import type { BodyDeadlines } from './deadlines.js';

/** What an adapter gives the shared exchange logic: one request's body, its answer and its abort. */
export interface Connection {
  /** True once the client went away; the transport's response must not be touched then. */
  readonly aborted: boolean;
  /** Called once, when the client goes away before the answer is written. */
  onAbort(listener: () => void): void;
  /** Starts the body; each chunk is owned (copied when the transport reuses its buffer); the last is flagged. */
  readBody(onChunk: (chunk: Uint8Array, last: boolean) => void): void;
  /** Stops reading the body from the socket until `resume`: a streamed body's reader is behind. */
  pause(): void;
  resume(): void;
  /** Writes the whole answer; never called after an abort. */
  send(response: CoreResponse): void;
}

/** Requests between head and answer (a body arriving, an answer being computed), so that closing a server can let them finish. */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** One more request in progress; the function answered ends it (once, however often it is called). */
  enter(): () => void {
    this.count++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  track(promise: Promise<unknown>): void {
    const leave = this.enter();
    promise.then(leave, leave);
  }

  /** Resolves once no request is in progress, or after `withinMs` whatever is left. */
  idle(withinMs = Infinity): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = withinMs === Infinity ? undefined : setTimeout(resolve, withinMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/**
 * One request from head to answer, the same for every transport: route by the head, read the
 * body the route takes (413 as soon as it passes the limit, 408 when it arrives too slowly),
 * then answer unless the client went away. A request that fails before its body is complete
 * never reaches the document service, so it writes nothing.
 */
export function serveExchange(core: RestCore, head: RequestHead, connection: Connection, inFlight: InFlight, deadlines: BodyDeadlines): void {
  const exchange = core.open(head);
  if (exchange.streamed === true) {
    serveStreamed(core, head, exchange, connection, inFlight, deadlines);
    return;
  }
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
  // A body still arriving is a request in progress: a closing server waits for it too.
  const leave = inFlight.enter();
  let done = false;
  const finish = (): boolean => {
    if (done) return false;
    done = true;
    cancel();
    return true;
  };
  const cancel = deadlines.add(core.settings.bodyTimeoutMs, () => {
    if (finish() && !connection.aborted) connection.send(core.fail(head, new RequestBodyTimeoutError(), true));
    leave();
  });
  connection.onAbort(() => {
    finish();
    leave();
  });
  connection.readBody((chunk, last) => {
    if (done) return;
    if (!collector.add(chunk)) {
      if (finish()) connection.send(core.fail(head, tooLarge(limit), true));
      leave();
      return;
    }
    if (last && finish()) {
      // Delivered first: an answer still being computed is tracked before this request leaves.
      deliver(exchange.respond(collector.finish()), connection, inFlight);
      leave();
    }
  });
}

/**
 * A route that reads its body as a stream: answered from the head alone when the declared length
 * is past the limit, else handed a stream that the connection fills as the route reads it. The
 * body time limit counts from the last chunk (a large upload may take longer than it in all).
 * An answer ready before the body's end closes the connection: the rest is never read.
 */
function serveStreamed(core: RestCore, head: RequestHead, exchange: StreamedBodyExchange, connection: Connection, inFlight: InFlight, deadlines: BodyDeadlines): void {
  const limit = exchange.bodyLimit;
  const declared = declaredLength(head.headers);
  if (declared !== undefined && declared > limit) {
    connection.send(core.fail(head, tooLarge(limit), true));
    return;
  }
  let received = 0;
  let over = false;
  let arrived = false;
  let paused = false;
  const body = new Readable({
    read() {
      if (!paused || over) return;
      paused = false;
      connection.resume();
    },
  });
  let cancel = (): void => undefined;
  const stop = (error?: Error): void => {
    if (over) return;
    over = true;
    cancel();
    if (error !== undefined) body.destroy(error);
  };
  const watch = (): void => {
    cancel();
    cancel = deadlines.add(core.settings.bodyTimeoutMs, () => stop(new RequestBodyTimeoutError()));
  };
  // The route sees a failure when it reads; until it does, the failure must not go unheard.
  body.on('error', () => undefined);
  connection.onAbort(() => stop(new MalformedRequestError('The client closed the connection before the request body ended')));
  watch();
  connection.readBody((chunk, last) => {
    if (over) return;
    received += chunk.length;
    if (received > limit) {
      stop(tooLarge(limit));
      return;
    }
    if (chunk.length > 0 && !body.push(chunk) && !last) {
      paused = true;
      connection.pause();
    }
    if (!last) {
      watch();
      return;
    }
    arrived = true;
    stop();
    body.push(null);
  });
  const answer = exchange.respond(body).then((response) => {
    stop();
    body.destroy();
    // Not read to its end (refused early, too large, too slow): the connection cannot carry another request.
    return arrived || response.closeConnection === true ? response : { ...response, closeConnection: true };
  });
  deliver(answer, connection, inFlight);
}

function deliver(result: MaybePromise<CoreResponse>, connection: Connection, inFlight: InFlight): void {
  if (!isPromise(result)) {
    sendUnlessGone(result, connection);
    return;
  }
  // The core never rejects: its handlers' errors are already answers.
  const sent = result.then((response) => sendUnlessGone(response, connection));
  inFlight.track(sent);
}

/** Sends the answer, or, the client gone, closes the file it would have streamed. */
function sendUnlessGone(response: CoreResponse, connection: Connection): void {
  if (!connection.aborted) connection.send(response);
  else void response.file?.handle.close();
}
