import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rawExchange, startTestServer, type TestServer, type Transport } from '../http/support.js';

const SMALL = randomBytes(5000);
const TEXT = Buffer.from('hello world\n');
const BIG_BYTES = 24 * 1024 * 1024;

/** A large file's bytes, made as they are written: the test holds no copy of it either. */
function* bigChunks(): Generator<Buffer> {
  for (let i = 0; i < BIG_BYTES / 65536; i++) yield Buffer.alloc(65536, i % 251);
}

function bigDigest(): string {
  const hash = createHash('sha256');
  for (const chunk of bigChunks()) hash.update(chunk);
  return hash.digest('hex');
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** A GET whose path goes out exactly as written (fetch would resolve `..` first). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each<Transport>(['uws', 'node'])('%s transport: files under /uploads', (transport) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(transport);
    const batch = server.quarry.files.batch();
    await batch.write('blob_0123456789.bin', SMALL);
    await batch.write('hello_9507cee178.txt', TEXT);
    await batch.write('empty_0000000000.txt', new Uint8Array(0));
    await batch.write('photo_abcdefabcd.JPG', SMALL);
    await batch.write('big_fedcba9876.bin', Readable.from(bigChunks()));
    await batch.commit();
  });
  afterAll(() => server?.stop());

  it('serves the bytes with their type, length, validators and cache policy', async () => {
    const response = await fetch(`${server.base}/uploads/hello_9507cee178.txt`);
    expect(response.status).toBe(200);
    expect(await bytesOf(response)).toEqual(TEXT);
    const h = response.headers;
    expect(h.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(h.get('content-length')).toBe('12');
    expect(h.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(h.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(h.get('cache-control')).toBe('max-age=0');
    expect(h.get('accept-ranges')).toBe('bytes');
    expect(h.get('x-content-type-options')).toBe('nosniff');

    const blob = await fetch(`${server.base}/uploads/blob_0123456789.bin`);
    expect(blob.headers.get('content-type')).toBe('application/octet-stream');
    expect(await bytesOf(blob)).toEqual(SMALL);
    const photo = await fetch(`${server.base}/uploads/photo_abcdefabcd.JPG`);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    await photo.arrayBuffer();
  });

  it('serves an empty file with a length of 0', async () => {
    const response = await fetch(`${server.base}/uploads/empty_0000000000.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect((await bytesOf(response)).length).toBe(0);
  });

  it('answers 304 to either validator, and 200 once it no longer matches', async () => {
    const url = `${server.base}/uploads/hello_9507cee178.txt`;
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const modified = first.headers.get('last-modified')!;
    const asked: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-none-match': `"x", W/${etag}` }, { 'if-modified-since': modified }];
    for (const headers of asked) {
      const again = await fetch(url, { headers });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect((await bytesOf(again)).length).toBe(0);
    }
    const stale = await fetch(url, { headers: { 'if-none-match': '"other"', 'if-modified-since': modified } });
    expect(stale.status).toBe(200);
    expect(await bytesOf(stale)).toEqual(TEXT);
    const older = await fetch(url, { headers: { 'if-modified-since': new Date(Date.now() - 3_600_000).toUTCString() } });
    expect(older.status).toBe(200);
    await older.arrayBuffer();
  });

  it('serves single ranges: from a start, open-ended, a suffix, the first of several', async () => {
    const url = `${server.base}/uploads/blob_0123456789.bin`;
    const cases: [string, number, number][] = [['bytes=0-99', 0, 100], ['bytes=4990-', 4990, 10], ['bytes=-300', 4700, 300], ['bytes=10-20, 30-40', 10, 11], ['bytes=4000-99999', 4000, 1000]];
    for (const [range, start, length] of cases) {
      const response = await fetch(url, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${start + length - 1}/5000`);
      expect(response.headers.get('content-length')).toBe(String(length));
      expect(await bytesOf(response)).toEqual(SMALL.subarray(start, start + length));
    }
  });

  it('answers 416 in Strapi\'s error shape to a range past the end', async () => {
    for (const range of ['bytes=5000-', 'bytes=9000-9100', 'bytes=-0']) {
      const answer = await call(server.base, 'GET', '/uploads/blob_0123456789.bin', { headers: { range } });
      expect(answer.status, range).toBe(416);
      expect(answer.headers.get('content-range')).toBe('bytes */5000');
      expect(answer.body).toEqual({ data: null, error: { status: 416, name: 'RangeNotSatisfiableError', message: 'Range Not Satisfiable', details: { size: 5000 } } });
    }
  });

  it('sends the whole file for a malformed range or an If-Range that no longer holds', async () => {
    const url = `${server.base}/uploads/blob_0123456789.bin`;
    const asked: Record<string, string>[] = [{ range: 'bytes=abc' }, { range: 'items=0-1' }, { range: 'bytes=0-9', 'if-range': '"stale"' }];
    for (const headers of asked) {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(200);
      expect(await bytesOf(response)).toEqual(SMALL);
    }
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag')!;
    const current = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(current.status).toBe(206);
    await current.arrayBuffer();
  });

  it('answers HEAD with the headers GET sends and no body', async () => {
    const raw = await rawExchange(server.port, ['HEAD /uploads/blob_0123456789.bin HTTP/1.1\r\nHost: x\r\n\r\n'], { waitMs: 300 });
    expect(raw.status).toBe(200);
    expect(raw.text).toMatch(/content-length: 5000\r\n/i);
    expect(raw.text).toMatch(/etag: "/i);
    expect(raw.text.endsWith('\r\n\r\n')).toBe(true);
    // The connection still serves a next request.
    const next = await fetch(`${server.base}/uploads/hello_9507cee178.txt`, { method: 'HEAD' });
    expect(next.headers.get('content-length')).toBe('12');
  });

  it('answers 404 in Strapi\'s shape to unknown names and to every way out of the folder', async () => {
    const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
    expect((await call(server.base, 'GET', '/uploads/nope.txt')).body).toEqual(notFound);
    const paths = [
      '/uploads/../package.json', '/uploads/..%2fpackage.json', '/uploads/%2e%2e%2fpackage.json', '/uploads/%2E%2E',
      '/uploads/a/../../package.json', '/uploads/..%5cpackage.json', '/uploads/%00x', '/uploads/', '/uploads/%zz',
      `/uploads/${encodeURIComponent(server.path!)}%2Fdata.mdb`, '/uploads/.upload-0000.tmp', '/uploads/hello_9507cee178.txt%00.png',
    ];
    for (const path of paths) {
      const answer = await rawGet(server.port, path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toEqual(notFound);
    }
  });

  it('refuses writes with a 405 that lists GET and HEAD', async () => {
    const answer = await call(server.base, 'DELETE', '/uploads/hello_9507cee178.txt');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('streams a large file without holding it in memory', async () => {
    const before = process.memoryUsage();
    const hash = createHash('sha256');
    let length = 0;
    let held = 0;
    await new Promise<void>((resolve, reject) => {
      request({ host: '127.0.0.1', port: server.port, path: '/uploads/big_fedcba9876.bin' }, (res) => {
        res.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          length += chunk.length;
          if (length !== chunk.length) return;
          // A client that stops reading: a server that read the file whole (or wrote it all to
          // its socket regardless) now holds it; one that streams holds a chunk or two.
          res.pause();
          setTimeout(() => {
            const now = process.memoryUsage();
            held = Math.max(now.arrayBuffers - before.arrayBuffers, now.rss - before.rss);
            res.resume();
          }, 300);
        });
        res.on('end', resolve);
        res.on('error', reject);
      }).on('error', reject).end();
    });
    expect(length).toBe(BIG_BYTES);
    expect(hash.digest('hex')).toBe(bigDigest());
    expect(held).toBeLessThan(BIG_BYTES / 3);
  });

  it('closes the file of a download the client abandons', async () => {
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/uploads/big_fedcba9876.bin' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => resolve());
        req.end();
      });
    }
    await expect.poll(openFiles, { timeout: 2_000 }).toBeLessThanOrEqual(before);
    expect((await call(server.base, 'HEAD', '/uploads/big_fedcba9876.bin')).status).toBe(200);
  });
});
