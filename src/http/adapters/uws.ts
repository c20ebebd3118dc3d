import { STATUS_CODES } from 'node:http';
import { createServer } from 'node:net';
import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import type { Quarry } from '../../quarry.js';
import { RestCore } from '../core/core.js';
import { resolveHttpSettings, type HttpSettingsInput } from '../settings.js';
import type { BodyPieces, CoreResponse, FileBody, RequestHead } from '../types.js';
import { bodyLength, joinPieces } from './answer-body.js';
import { headerFields } from './header-fields.js';
import { streamFileUws } from './uws-file.js';
import { BodyDeadlines } from './deadlines.js';
import { InFlight, serveExchange, type Connection } from './exchange.js';

export interface ServerOptions extends HttpSettingsInput {
  readonly quarry: Quarry;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** `0` (the default) picks a free port; `port` in the answer says which. */
  readonly port?: number;
  /**
   * Join the other servers on `port` (`quarry serve --processes`): uWebSockets.js binds with
   * SO_REUSEPORT and the kernel spreads connections. Otherwise a port another server holds is
   * refused, as node:http refuses it, rather than silently shared.
   */
  readonly sharePort?: boolean;
}

export interface CloseOptions {
  /** How long requests in progress may take to finish; default: as long as they take. */
  readonly graceMs?: number;
}

export interface RunningServer {
  readonly port: number;
  /**
   * Stops listening (new connections are refused), lets requests in progress finish (within
   * `graceMs`), then closes every connection.
   */
  close(options?: CloseOptions): Promise<void>;
}

type Uws = typeof import('uWebSockets.js');

let addon: Promise<Uws> | undefined;

/**
 * uWebSockets.js caps the request head it buffers when the head arrives over several reads. Its
 * builds that make this a setting read `UWS_HTTP_MAX_HEADERS_SIZE` once, when the addon loads,
 * so the variable is set before the first (lazy) import and the first server fixes it for the
 * process. The build installed here (20.30.0-unofficial.0) has no such setting: its cap is 4 KiB
 * for a head split across reads, while a head that arrives in one read is served up to about
 * 128 KiB (test/http/transport.test.ts pins both).
 */
function loadUws(maxHeadBytes: number): Promise<Uws> {
  process.env.UWS_HTTP_MAX_HEADERS_SIZE ??= String(maxHeadBytes);
  return (addon ??= import('uWebSockets.js').then((m) => ((m as { default?: Uws }).default ?? m)));
}

/** The REST API on uWebSockets.js. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { quarry, host = '127.0.0.1', port = 0, sharePort = false, ...input } = options;
  const settings = resolveHttpSettings(input);
  if (!sharePort && port !== 0) await refuseTakenPort(host, port);
  const uWS = await loadUws(settings.maxHeadBytes);
  const core = new RestCore(quarry, settings);
  const inFlight = new InFlight();
  const deadlines = new BodyDeadlines();
  const app = uWS.App().any('/*', (res, req) => {
    const head = readHead(req);
    serveExchange(core, head, new UwsConnection(res, head.method === 'HEAD'), inFlight, deadlines);
  });
  const listenSocket = await new Promise<us_listen_socket>((resolve, reject) => {
    app.listen(host, port, (socket) => (socket ? resolve(socket) : reject(new Error(`Cannot listen on ${host}:${port}`))));
  });
  let closing: Promise<void> | undefined;
  return {
    port: uWS.us_socket_local_port(listenSocket),
    close: (options = {}) => (closing ??= (async () => {
      uWS.us_listen_socket_close(listenSocket);
      await inFlight.idle(options.graceMs);
      // An answer written outside a uWS callback leaves its cork buffer at the end of uWS's loop
      // iteration; closing before that drops it (seen with an answer completed during shutdown).
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Keep-alive connections would otherwise hold the process open. `close` is in the addon but
      // missing from this build's typings.
      (app as TemplatedApp & { close?: () => void }).close?.();
    })()),
  };
}

/** Binds `port` without SO_REUSEPORT for a moment: that fails while any server listens there. */
function refuseTakenPort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(new Error(`Cannot listen on ${host}:${port}: ${error.code ?? error.message}`)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The request object is valid only during the handler: everything needed later is copied now. */
function readHead(req: HttpRequest): RequestHead {
  const headers = headerFields();
  req.forEach((key, value) => {
    headers[key] = value;
  });
  return { method: req.getCaseSensitiveMethod(), path: req.getUrl(), rawQuery: req.getQuery() ?? '', headers };
}

const STATUS_LINES = new Map<number, string>();
function statusLine(status: number): string {
  let line = STATUS_LINES.get(status);
  if (line === undefined) {
    line = `${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();
    STATUS_LINES.set(status, line);
  }
  return line;
}

class UwsConnection implements Connection {
  aborted = false;
  private abortListener: (() => void) | undefined;
  /** Stops a file being streamed, when the client goes away. */
  private stopFile: (() => void) | undefined;

  constructor(private readonly res: HttpResponse, private readonly isHead: boolean) {
    // Registered on every response: uWS requires it before the handler returns without an answer.
    res.onAborted(() => {
      this.aborted = true;
      this.abortListener?.();
      this.stopFile?.();
    });
  }

  onAbort(listener: () => void): void {
    this.abortListener = listener;
  }

  readBody(onChunk: (chunk: Uint8Array, last: boolean) => void): void {
    // uWS reuses the chunk's memory after the callback returns: copy it. Into a Buffer, whose
    // small copies come from Node's pooled slab, rather than a fresh ArrayBuffer per chunk
    // (chunk.slice), a native allocation each.
    this.res.onData((chunk, last) => onChunk(Buffer.from(new Uint8Array(chunk)), last));
  }

  pause(): void {
    if (!this.aborted) this.res.pause();
  }

  resume(): void {
    if (!this.aborted) this.res.resume();
  }

  send(response: CoreResponse): void {
    if (this.aborted) {
      void response.file?.handle.close();
      return;
    }
    if (response.file !== undefined) {
      this.sendFile(response, response.file);
      return;
    }
    const { res, isHead } = this;
    const close = response.closeConnection === true;
    // Corked: status, headers and body leave in one write, also when answering after an await.
    res.cork(() => {
      res.writeStatus(statusLine(response.status));
      const { headers } = response;
      for (const name in headers) res.writeHeader(name, headers[name]!);
      const { body } = response;
      if (body !== undefined && !isHead) {
        res.end(typeof body === 'string' ? body : joined(body), close);
        return;
      }
      // No body: 204, or HEAD with the length GET would send. `endWithoutBody(length)` of this
      // build breaks the next request on a keep-alive connection (and passing undefined reports a
      // huge length), so a length goes out as a plain header and the call takes no argument.
      // Answers that close the connection always have a body (413, 408).
      if (body !== undefined) res.writeHeader('content-length', String(bodyLength(body)));
      res.endWithoutBody();
    });
  }

  /** A served file: streamed, or for HEAD only its headers (the length a GET would send among them). */
  private sendFile(response: CoreResponse, file: FileBody): void {
    const { res } = this;
    // uWS writes the Content-Length of what `end` / `tryEnd` send; a second one would make the answer malformed.
    const writeHead = (withLength: boolean): void => {
      res.writeStatus(statusLine(response.status));
      const { headers } = response;
      for (const name in headers) if (withLength || name !== 'content-length') res.writeHeader(name, headers[name]!);
    };
    if (this.isHead || file.length === 0) {
      void file.handle.close();
      res.cork(() => {
        writeHead(this.isHead);
        if (this.isHead) res.endWithoutBody();
        else res.end('');
      });
      return;
    }
    this.stopFile = streamFileUws(res, file, () => writeHead(false));
  }
}

/**
 * Pieces joined into one buffer reused by every answer: uWS copies what it sends (or keeps for a slow
 * socket) before `end` returns. A fresh buffer per answer was an allocation outside the JS heap
 * each (10 KB for a page of 25), and their sweeping lengthened the young generation's pauses.
 */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

function joined(pieces: BodyPieces): Buffer {
  const n = bodyLength(pieces);
  if (scratch.length < n) scratch = Buffer.allocUnsafeSlow(Math.max(n, scratch.length * 2));
  return joinPieces(pieces, scratch);
}
