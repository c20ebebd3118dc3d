import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/cli/paths.js';

export const BIN = join(PACKAGE_ROOT, 'bin', 'quarry.js');

export interface Reply {
  readonly status: number;
  readonly body: { data?: unknown; error?: unknown } & Record<string, unknown>;
}

/** One request on a connection of its own, so that consecutive requests may reach different processes. */
export function send(base: string, method: string, path: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${base}${path}`, { method, agent: false, headers: text === undefined ? {} : { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** The value `probe` answers once it answers one (not undefined), polled every 50 ms for up to `withinMs`. */
export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, withinMs = 20_000): Promise<T> {
  const end = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A `quarry` command run as a user runs it, its output collected. */
export interface QuarryProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

export function runQuarry(args: readonly string[]): QuarryProcess {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => out, stderr: () => err };
}

/** `quarry serve ...` once it announces where it serves: the base URL (without the API prefix). */
export async function serving(run: QuarryProcess, withinMs = 60_000): Promise<string> {
  const url = await until(() => {
    if (run.child.exitCode !== null) throw new Error(`quarry exited ${run.child.exitCode}: ${run.stderr()}`);
    return /serving \d+ content-types at (\S+?)(?:,| |\n)/.exec(run.stdout())?.[1];
  }, withinMs).catch((error: Error) => {
    throw new Error(`${error.message}: ${run.stderr()}`);
  });
  return url.replace(/\/api$/, '');
}
