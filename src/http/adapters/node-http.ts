import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { RestCore } from '../core/core.js';
import type { QuarryError } from '../../errors/index.js';
import { MalformedRequestError, RequestHeadTooLargeError, unencodedTargetError } from '../errors.js';
import { resolveHttpSettings } from '../settings.js';
import type { CoreResponse, RequestHead } from '../types.js';
import { bodyLength, bodyText, joinPieces } from './answer-body.js';
import { streamFile } from './file-body.js';
import { headerFields } from './header-fields.js';
import { BodyDeadlines } from './deadlines.js';
import { InFlight, serveExchange, type Connection } from './exchange.js';
import type { RunningServer, ServerOptions } from './uws.js';

/**
 * The same REST core on Node's own `http` module: the twin the benchmark sets beside the
 * uWebSockets.js server, and a fallback where the native addon cannot load.
 */
export async function startNodeHttpServer(options: ServerOptions): Promise<RunningServer> {
  // Several node:http servers share a port through node:cluster's primary, not by a flag.
  const { quarry, host = '127.0.0.1', port = 0, sharePort: _sharePort, ...input } = options;
  const settings = resolveHttpSettings(input);
  const core = new RestCore(quarry, settings);
  const inFlight = new InFlight();
  const deadlines = new BodyDeadlines();
  const batch = new AnswerBatch(inFlight);
  // Node's default head limit is 16 KiB; request lines of 64 KiB at least must pass (docs/limits-and-errors.md).
  const server = createServer({ maxHeaderSize: settings.maxHeadBytes }, (req, res) => {
    serveExchange(core, readHead(req), new NodeConnection(req, res, batch), inFlight, deadlines);
  });
  // Node's parser answers a head it cannot read with a bare 400 or 431: these carry Strapi's body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(rawAnswer(core.fail(UNREAD_HEAD, parseProblem(error, settings.maxHeadBytes), true)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closing: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    close: (options = {}) => (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await inFlight.idle(options.graceMs);
      server.closeAllConnections();
      await closed;
    })()),
  };
}

/**
 * What the parser's error means for the client: a head too large, a raw character the target
 * must percent-encode (llhttp's reason says whether in the path or the query), or else the
 * parser's own reason, so that the 400 never comes without one.
 */
function parseProblem(error: NodeJS.ErrnoException, maxHeadBytes: number): QuarryError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new RequestHeadTooLargeError(maxHeadBytes);
  const reason = (error as { reason?: unknown }).reason;
  const text = typeof reason === 'string' ? reason : undefined;
  if (error.code === 'HPE_INVALID_URL' && text !== undefined) {
    const part = /^Invalid char in url (path|query)$/.exec(text)?.[1];
    if (part !== undefined) return unencodedTargetError(part as 'path' | 'query');
  }
  return new MalformedRequestError(undefined, text === undefined ? {} : { reason: text });
}

/** What stands for the head of a request whose head could not be read. */
const UNREAD_HEAD: RequestHead = Object.freeze({ method: '', path: '', rawQuery: '', headers: Object.freeze({}) });

/** A whole answer as bytes for a socket that never became a request. */
function rawAnswer(response: CoreResponse): string {
  const body = bodyText(response.body);
  const headers = { ...response.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n${lines}\r\n${body}`;
}

function readHead(req: IncomingMessage): RequestHead {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const headers = headerFields();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers[raw[i]!.toLowerCase()] = raw[i + 1]!;
  return {
    method: req.method ?? 'GET',
    path: q === -1 ? url : url.slice(0, q),
    rawQuery: q === -1 ? '' : url.slice(q + 1),
    headers,
  };
}

class NodeConnection implements Connection {
  private gone = false;

  constructor(private readonly req: IncomingMessage, private readonly res: ServerResponse, private readonly batch: AnswerBatch) {}

  /**
   * The client went away before the answer was written. Read from the socket, with no listener
   * per request: most answers are written in the call that read their head.
   */
  get aborted(): boolean {
    return this.gone || (this.req.socket.destroyed && !this.res.writableEnded);
  }

  onAbort(listener: () => void): void {
    // 'close' before the answer was written: the client went away.
    this.res.on('close', () => {
      if (this.res.writableEnded) return;
      this.gone = true;
      listener();
    });
  }

  readBody(onChunk: (chunk: Uint8Array, last: boolean) => void): void {
    // Node hands each chunk over as a fresh Buffer: no copy needed.
    this.req.on('data', (chunk: Buffer) => onChunk(chunk, false));
    this.req.on('end', () => onChunk(EMPTY, true));
    // A body cut off by the client is an abort, which the response's 'close' reports.
    this.req.on('error', () => undefined);
  }

  pause(): void {
    this.req.pause();
  }

  resume(): void {
    this.req.resume();
  }

  send(response: CoreResponse): void {
    const { res } = this;
    if (this.aborted || res.headersSent) {
      void response.file?.handle.close();
      return;
    }
    if (response.file !== undefined) {
      res.writeHead(response.status, response.headers);
      streamFile(response.file, res, this.req.method === 'HEAD');
      return;
    }
    const headers: Record<string, string | number> = { ...response.headers };
    const pieces = typeof response.body === 'object' ? response.body : undefined;
    const length = pieces ? bodyLength(pieces) : undefined;
    // A large body (a populated page) goes out as its pieces in one corked write: joining them
    // first copied every byte once more on the main thread.
    const body = pieces ? (length! < JOIN_BELOW ? joinPieces(pieces, Buffer.allocUnsafe(length!)) : undefined) : (response.body as string | undefined);
    if (pieces) headers['content-length'] = length!;
    else if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    if (response.closeConnection) {
      headers.connection = 'close';
      // The rest of an abandoned body is not read; closing stops it being parsed as a request.
      this.req.pause();
    }
    this.batch.add(() => {
      res.writeHead(response.status, headers);
      if (body !== undefined || !pieces) return void res.end(body);
      res.cork();
      for (const piece of pieces) res.write(piece);
      res.end();
      res.uncork();
    });
  }
}

/**
 * Answers made in one turn of the event loop, written together at its end, as uWebSockets.js
 * corks them. Written as each is made, every answer woke a client on this machine that had
 * already read the one before; a wake-up costs the writer several µs here (perf: the
 * socket's wake-up of the reader, ~19% of the server's CPU for a get one under wrk).
 */
class AnswerBatch {
  private queue: (() => void)[] = [];
  private leave: () => void = () => undefined;

  constructor(private readonly inFlight: InFlight) {}

  add(write: () => void): void {
    if (this.queue.length === 0) {
      // A closing server waits for answers made but not yet written.
      this.leave = this.inFlight.enter();
      setImmediate(this.flush);
    }
    this.queue.push(write);
  }

  private readonly flush = (): void => {
    const queue = this.queue;
    this.queue = [];
    for (const write of queue) write();
    this.leave();
  };
}

const EMPTY = new Uint8Array(0);
/** Bodies shorter than this are joined and written once: fewer, larger writes cost less than a gathered one there. */
const JOIN_BELOW = 16 * 1024;
