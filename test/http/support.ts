import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuarry, type Quarry } from '../../src/index.js';
import { startNodeHttpServer, startServer, type HttpSettingsInput, type RunningServer } from '../../src/http/index.js';
import type { SchemaSource } from '../../src/schema/raw.js';

export const SCHEMAS = join(import.meta.dirname, '..', '..', 'data', 'schemas');

export type Transport = 'uws' | 'node';

export interface TestServer {
  readonly quarry: Quarry;
  readonly port: number;
  readonly base: string;
  /** The LMDB folder, when the server made its own Quarry. */
  readonly path: string | undefined;
  /** Stops the server, closes the store and removes its folder. */
  stop(): Promise<void>;
}

/**
 * A fresh Quarry on a temporary LMDB folder (of the demo schemas unless `schemas` says), served
 * over real HTTP on 127.0.0.1 and a free port.
 */
export async function startTestServer(
  transport: Transport = 'uws', settings: HttpSettingsInput = {}, quarry?: Quarry, schemas: string | readonly SchemaSource[] = SCHEMAS,
): Promise<TestServer> {
  const path = quarry ? undefined : mkdtempSync(join(tmpdir(), 'quarry-http-'));
  const q = quarry ?? createQuarry({ schemas, path: path!, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
  const start = transport === 'uws' ? startServer : startNodeHttpServer;
  let server: RunningServer;
  try {
    // Writes are open here unless a test asks otherwise: only the access tests are about tokens.
    server = await start({ quarry: q, host: '127.0.0.1', port: 0, ...settings, access: { writes: 'public', ...settings.access } });
  } catch (error) {
    if (path) await dispose(q, path);
    throw error;
  }
  return {
    quarry: q,
    port: server.port,
    base: `http://127.0.0.1:${server.port}`,
    path,
    async stop() {
      await server.close();
      if (path) await dispose(q, path);
    },
  };
}

async function dispose(q: Quarry, path: string): Promise<void> {
  await q.close();
  rmSync(path, { recursive: true, force: true });
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body read as JSON; undefined when it is empty. */
  readonly body: any;
}

export interface RequestInit_ {
  readonly json?: unknown;
  readonly body?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

/** One request with fetch; `json` is sent as an application/json body. */
export async function call(base: string, method: string, path: string, init: RequestInit_ = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) };
}

/** One step of a raw exchange: bytes to send, or a pause in milliseconds. */
export type RawStep = string | Buffer | number;

export interface RawResult {
  /** Everything the server sent before the socket closed or `waitMs` passed. */
  readonly text: string;
  /** The status of the first answer, or undefined when there was none. */
  readonly status: number | undefined;
  /** The socket was closed by the server (or reset). */
  readonly closed: boolean;
}

/**
 * A request written byte by byte over a plain socket, for what fetch cannot express: bodies that
 * stop half-way, slow chunks, oversized heads, garbage. Resolves once the server closes the
 * socket, or `waitMs` after the last step (then the client closes it, `destroyAfter` true) .
 */
export function rawExchange(port: number, steps: readonly RawStep[], options: { waitMs?: number; destroyAfter?: boolean; until?: (text: string) => boolean } = {}): Promise<RawResult> {
  const { waitMs = 1_000 } = options;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ text, status: match ? Number(match[1]) : undefined, closed });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (options.until?.(Buffer.concat(chunks).toString('latin1'))) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', async () => {
      for (const step of steps) {
        if (settled || socket.destroyed) return;
        if (typeof step === 'number') await new Promise((r) => setTimeout(r, step));
        else await new Promise<void>((r) => socket.write(step, () => r()));
      }
      if (!settled) timer = setTimeout(() => finish(false), waitMs);
    });
  });
}

/** The body of a raw answer (after the blank line). */
export function rawBody(text: string): string {
  const at = text.indexOf('\r\n\r\n');
  return at === -1 ? '' : text.slice(at + 4);
}

/** Until one complete answer with a Content-Length has arrived. */
export function oneAnswer(text: string): boolean {
  const at = text.indexOf('\r\n\r\n');
  if (at === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, at));
  return length ? text.length - at - 4 >= Number(length[1]) : /^HTTP\/1\.1 (204|304)/.test(text);
}

export const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
