/** Servers the serving benches start as child processes, and what they measure them with. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, memoryStatus, processTree } from '../proc.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'quarry.js');
const SCHEMAS = join(ROOT, 'data', 'schemas');

export interface Running {
  readonly base: string;
  /** What the server's processes hold in memory now, summed over the process and its children. */
  memory(): ProcessMemory;
  /** CPU seconds the server's processes (and their threads) have used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export interface ProcessMemory {
  readonly processes: number;
  /** Resident set, which counts the pages of the mapped data file a process has touched. */
  readonly rssBytes: number;
  /** The processes' own memory (heaps, buffers), the mapped file left out. */
  readonly anonBytes: number;
}

function memoryOf(pid: number): ProcessMemory {
  const tree = processTree(pid);
  const each = tree.map((p) => memoryStatus(p));
  return {
    processes: tree.length,
    rssBytes: each.reduce((n, m) => n + (m?.rss ?? 0), 0),
    anonBytes: each.reduce((n, m) => n + (m?.anon ?? 0), 0),
  };
}

const cpuSecondsOf = (pid: number): number => processTree(pid).reduce((n, p) => n + cpuSeconds(p), 0);

/** Waits for a child's first stdout line matching `pattern`; its first group. */
function started(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it listened: ${err}`)));
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `quarry serve` over `data` on a free port, as a user starts it, with `flags` beside. */
export async function startQuarry(data: string, flags: readonly string[]): Promise<Running> {
  // Through its own first lines, for the node flags it gives a user (spawning node with the file skips them).
  const child = spawn(BIN, ['serve', '--schemas', SCHEMAS, '--data', data, '--port', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  // The address ends at the first space or comma (a role may follow: ", publishing to ...").
  const url = await started(child, /content-types at ([^\s,]+)/, 'quarry serve');
  return { base: url.replace(/\/api$/, ''), memory: () => memoryOf(child.pid!), cpuSeconds: () => cpuSecondsOf(child.pid!), stop: stopper(child) };
}

/** The bare server of a transport (bare-server.ts). */
export async function startBare(transport: 'node' | 'uws'): Promise<Running> {
  const child = spawn(process.execPath, [join(HERE, 'bare-server.js'), transport], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await started(child, /^(\d+)$/m, 'bare server');
  return { base: `http://127.0.0.1:${port}`, memory: () => memoryOf(child.pid!), cpuSeconds: () => cpuSecondsOf(child.pid!), stop: stopper(child) };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};


/** Runs `use` on a started server and stops it however `use` ends: a failed run leaves no server behind. */
export async function using<T>(started: Promise<Running>, use: (server: Running) => Promise<T>): Promise<T> {
  const server = await started;
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}
