/**
 * A server killed (SIGKILL) in the middle of an upload: after a restart on the same folder the
 * half-written file is gone, no record names it, the file uploaded before the kill is whole
 * and served, and `quarry check` finds the folder consistent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../pool/support.js';
import { createToken, runCheck, ServerProcess } from './crash/server-process.js';

let root: string;
let data: string;
const uploadsOf = () => join(data, 'uploads');

beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'quarry-upload-crash-'));
  data = join(root, 'db');
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BOUNDARY = 'quarrycrashboundary';

function multipart(name: string, bytes: Buffer): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function until(probe: () => Promise<boolean>, withinMs = 10_000): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const folder = () => readdir(uploadsOf()).catch(() => [] as string[]);

describe('an upload cut off by a crash', () => {
  it('leaves neither a record nor a stray file once the server is back, and keeps what was uploaded before', async () => {
    const token = createToken(data);
    const auth = { authorization: `Bearer ${token}` };
    let server = await ServerProcess.start(data);
    try {
      const kept = Buffer.alloc(50_000, 'kept bytes ');
      const form = new FormData();
      form.append('files', new Blob([kept]), 'kept.bin');
      const done = await fetch(`${server.url}/upload`, { method: 'POST', body: form, headers: auth });
      expect(done.status).toBe(201);
      const [file] = (await done.json()) as { url: string; hash: string }[];

      // Half of a 16 MB file sent, the rest never: the server dies while it is written.
      const body = multipart('cut.bin', Buffer.alloc(16 * 1024 * 1024, 'lost bytes '));
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(`POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n`
        + `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`);
      socket.write(body.subarray(0, body.length / 2));
      await until(async () => (await folder()).some((name) => name.endsWith('.tmp')));
      await server.kill();
      socket.destroy();
      expect((await folder()).some((name) => name.endsWith('.tmp'))).toBe(true);

      server = await ServerProcess.start(data);
      expect((await folder()).sort()).toEqual([file!.url.replace('/uploads/', '')]);
      const list = await fetch(`${server.url}/upload/files`, { headers: auth }).then((r) => r.json()) as { hash: string }[];
      expect(list.map((f) => f.hash)).toEqual([file!.hash]);
      const served = await fetch(`${server.url.replace(/\/api$/, '')}${file!.url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(kept)).toBe(true);
      expect(await readFile(join(uploadsOf(), file!.url.replace('/uploads/', '')))).toEqual(kept);
    } finally {
      await server.stop();
    }
    const check = runCheck(data);
    expect(check.output).toMatch(/^consistent: /m);
    expect(check.code).toBe(0);
  }, 120_000);
});
