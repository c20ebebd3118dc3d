/**
 * POST /api/upload reads its body as it arrives, on both transports: a file's bytes reach the
 * uploads folder before the request ends, the body limits and time limit apply to a body
 * arriving in pieces, and a body refused or abandoned half-way leaves no record and no file.
 */
import { readdir, stat } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import type { HttpSettingsInput } from '../../src/http/index.js';
import { startTestServer, type TestServer, type Transport } from './support.js';

const BOUNDARY = 'quarrystreamboundary';
const opening = (name: string) => Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A multipart body of one file of `size` bytes, as the head, the file's bytes and the close. */
function onePart(name: string, size: number): { body: Buffer; fileStart: number } {
  const head = opening(name);
  // Bytes that no MIME sniffer takes for a known type: the file is stored as sent.
  const bytes = Buffer.alloc(size, 'quarry-bytes ');
  return { body: Buffer.concat([head, bytes, closing]), fileStart: head.length };
}

function requestHead(port: number, length: number | 'chunked'): string {
  const framing = length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
  return `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${framing}\r\n\r\n`;
}

const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);

/** A socket with everything it received, and whether the server closed it. */
function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (data) => chunks.push(data));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => Buffer.concat(chunks).toString('latin1'), closed }));
    socket.once('error', reject);
  });
}

const write = (socket: Socket, data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined>, withinMs = 5_000): Promise<T> {
  const end = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await pause(20);
  }
}

const folder = (server: TestServer) => readdir(server.quarry.files.folder).catch(() => [] as string[]);
const records = (server: TestServer) => server.quarry.documents(FILE_UID).count();
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);

/** No record and, once the server has cleaned up, no file of any kind in the folder. */
async function nothingKept(server: TestServer): Promise<void> {
  await until(async () => ((await folder(server)).length === 0 ? true : undefined));
  expect(await records(server)).toBe(0);
}

describe.each<Transport>(['node', 'uws'])('a streamed upload body on %s', (transport) => {
  let server: TestServer | undefined;
  const start = async (settings: HttpSettingsInput = {}) => (server = await startTestServer(transport, settings));
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('writes the file to the folder while the body is still arriving, then keeps it whole', async () => {
    const s = await start();
    const size = 4 * 1024 * 1024;
    const { body, fileStart } = onePart('big.bin', size);
    const half = fileStart + size / 2;
    const client = await open(s.port);
    await write(client.socket, requestHead(s.port, body.length));
    await write(client.socket, body.subarray(0, half));
    // The first half is on disk, in the upload's temporary, before the second is sent.
    const staged = await until(async () => {
      for (const name of (await folder(s)).filter((n) => n.endsWith('.tmp'))) {
        const { size: written } = await stat(join(s.quarry.files.folder, name)).catch(() => ({ size: 0 }));
        if (written >= size / 4) return written;
      }
      return undefined;
    });
    expect(staged).toBeLessThan(size);
    await write(client.socket, body.subarray(half));
    await until(async () => (client.received().includes('\r\n\r\n[') ? true : undefined));
    expect(statusOf(client.received())).toBe(201);
    client.socket.destroy();
    const [file] = await s.quarry.documents(FILE_UID).findMany({});
    expect(file?.name).toBe('big.bin');
    const bytes = await fetch(`${s.base}${file!.url}`).then((r) => r.arrayBuffer());
    expect(Buffer.from(bytes).equals(body.subarray(fileStart, fileStart + size))).toBe(true);
  });

  it('refuses a chunked body once it passes the body limit: 413, connection closed, nothing kept', async () => {
    const s = await start({ uploadMaxBodyBytes: 256 * 1024 });
    const { body } = onePart('too-much.bin', 1024 * 1024);
    const client = await open(s.port);
    await write(client.socket, requestHead(s.port, 'chunked'));
    for (let at = 0; at < body.length && !client.socket.destroyed; at += 64 * 1024) {
      await write(client.socket, chunk(body.subarray(at, at + 64 * 1024)));
    }
    await client.closed;
    expect(statusOf(client.received())).toBe(413);
    expect(client.received()).toContain('PayloadTooLargeError');
    await nothingKept(s);
  });

  it('answers 408 when the body stalls for the time limit, and keeps nothing', async () => {
    const s = await start({ bodyTimeoutMs: 300 });
    const { body, fileStart } = onePart('stalled.bin', 256 * 1024);
    const client = await open(s.port);
    await write(client.socket, requestHead(s.port, body.length));
    await write(client.socket, body.subarray(0, fileStart + 1000));
    await client.closed;
    expect(statusOf(client.received())).toBe(408);
    await nothingKept(s);
  });

  it('takes a body that arrives slower in all than the time limit, as long as it keeps arriving', async () => {
    const s = await start({ bodyTimeoutMs: 400 });
    const { body } = onePart('slow.bin', 60 * 1024);
    const client = await open(s.port);
    await write(client.socket, requestHead(s.port, body.length));
    const step = Math.ceil(body.length / 6);
    for (let at = 0; at < body.length; at += step) {
      await write(client.socket, body.subarray(at, at + step));
      await pause(150);
    }
    await until(async () => (client.received().includes('\r\n\r\n[') ? true : undefined));
    expect(statusOf(client.received())).toBe(201);
    client.socket.destroy();
    expect(await records(s)).toBe(1);
  });

  it('keeps nothing of a body whose client went away half-way', async () => {
    const s = await start();
    const { body, fileStart } = onePart('gone.bin', 1024 * 1024);
    const client = await open(s.port);
    await write(client.socket, requestHead(s.port, body.length));
    await write(client.socket, body.subarray(0, fileStart + 512 * 1024));
    await until(async () => ((await folder(s)).some((n) => n.endsWith('.tmp')) ? true : undefined));
    client.socket.destroy();
    await nothingKept(s);
    // The server goes on serving.
    expect((await fetch(`${s.base}/api/upload/files`)).status).toBe(200);
  });
});
