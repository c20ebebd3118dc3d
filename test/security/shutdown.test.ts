import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQuarry } from '../../src/index.js';
import { tempDir } from '../cli/support.js';
import { ensureBuilt, ROOT, SCHEMAS } from '../pool/support.js';

/**
 * `quarry serve` as a child process, told to stop while a request is in progress (its body still
 * arriving): the listening socket closes at once, the request is answered, the worker pool and
 * LMDB are closed, and the process exits 0 with a data folder that opens again.
 */

interface Served {
  readonly child: ChildProcess;
  readonly port: number;
  readonly stderr: () => string;
  readonly exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

beforeAll(() => ensureBuilt(), 120_000);

async function serve(data: string, args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'quarry.js'), 'serve', '--schemas', SCHEMAS, '--data', data, '--port', '0', '--write-access', 'public', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /127\.0\.0\.1:(\d+)\/api/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exit.then((code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
  return { child, port, stderr: () => err, exit };
}

/** A POST whose head and first half of body are sent; `finish` sends the rest and resolves with the raw answer. */
async function halfSentPost(port: number, body: string): Promise<{ socket: Socket; finish: () => Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => {});
  const half = body.length >> 1;
  socket.write(`POST /api/chefs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`);
  return {
    socket,
    finish: async () => {
      socket.write(body.slice(half));
      await closed;
      return answer;
    },
  };
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

async function until(test: () => boolean, ms = 10_000): Promise<void> {
  for (let waited = 0; !test(); waited += 20) {
    if (waited > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(['node', 'uws'])('graceful shutdown of quarry serve (%s)', (transport) => {
  it('SIGTERM: new connections are refused, the request in progress completes, exit 0, LMDB reopens', async () => {
    const data = join(tempDir(), 'db');
    const served = await serve(data, ['--transport', transport, '--pool-threads', '1', '--shutdown-grace-ms', '10000']);
    const post = await halfSentPost(served.port, JSON.stringify({ data: { name: 'Finished during shutdown' } }));
    await new Promise((r) => setTimeout(r, 200));
    served.child.kill('SIGTERM');
    await until(() => served.stderr().includes('SIGTERM: closing'));
    expect(await refused(served.port)).toBe(true);
    const answer = await post.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(await served.exit).toBe(0);
    expect(served.stderr()).toContain('quarry: closed');

    const reopened = createQuarry({ schemas: SCHEMAS, path: data });
    try {
      const chefs = await reopened.documents('api::chef.chef').findMany({ filters: { name: { $eq: 'Finished during shutdown' } } });
      expect(chefs).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('SIGINT with a request that never completes: it gets the grace period, then the process exits 0', async () => {
    const data = join(tempDir(), 'db');
    const served = await serve(data, ['--transport', transport, '--shutdown-grace-ms', '300']);
    const post = await halfSentPost(served.port, JSON.stringify({ data: { name: 'Never finished' } }));
    await new Promise((r) => setTimeout(r, 200));
    const asked = Date.now();
    served.child.kill('SIGINT');
    expect(await served.exit).toBe(0);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(300);
    post.socket.destroy();
    const reopened = createQuarry({ schemas: SCHEMAS, path: data });
    try {
      expect(await reopened.documents('api::chef.chef').count()).toBe(0);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
