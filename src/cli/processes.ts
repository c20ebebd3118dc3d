import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ParsedArgs } from './args.js';
import type { Context } from './context.js';
import { PACKAGE_ROOT } from './paths.js';
import { YOUNG_GENERATION_FLAGS } from './young-generation.js';

/** Set in a serving process's environment: it serves, and leaves reporting to the primary. */
const WORKER_ENV = 'QUARRY_SERVING_PROCESS';

/** What a serving process tells the primary once it listens. */
interface ReadyMessage {
  readonly quarry: 'ready';
  readonly url: string;
}

/** Whether this process is one of the serving processes a `--processes` primary started. */
export function isServingProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return cluster.isWorker && env[WORKER_ENV] === '1';
}

/**
 * A serving process's context: it stops on the primary's SIGTERM only. A Ctrl-C reaches every
 * process of the terminal's group; the primary's answer to it is what stops the others, so that
 * it never takes their exit for a crash to recover from.
 */
export function servingProcessContext(ctx: Context): Context {
  return {
    ...ctx,
    waitForStop: () => new Promise((resolve) => {
      const ignore = (): void => undefined;
      process.on('SIGINT', ignore);
      process.once('SIGTERM', () => {
        process.off('SIGINT', ignore);
        resolve('SIGTERM');
      });
    }),
  };
}

/**
 * Closes the channel to the primary, so that a serving process whose server has closed can
 * end, with the exit code its command answered (a plain disconnect would make it exit 0 at once).
 */
export function leavePrimary(): void {
  cluster.worker?.disconnect();
}

/** Tells the primary this serving process listens at `url`. */
export function reportReady(url: string): void {
  const message: ReadyMessage = { quarry: 'ready', url };
  process.send?.(message);
}

export interface ProcessesOptions {
  readonly count: number;
  /** The command (`serve`, `demo`) and its parsed arguments, which each serving process runs again. */
  readonly command: string;
  readonly args: ParsedArgs;
  readonly host: string;
  readonly port: number;
  /** Given the URL once every process listens. */
  ready(url: string): void | Promise<void>;
  /** How long the serving processes may take to finish on a stop signal before they are killed. */
  readonly shutdownGraceMs: number;
}

/**
 * Runs `count` copies of the server over the one data folder (`quarry serve --processes`): each
 * serving process runs the same command on the same port (node:http shares the primary's socket
 * through node:cluster, uWebSockets.js binds its own with SO_REUSEPORT), LMDB keeps their writes
 * consistent, and each request renews its process's view (`Quarry.seeLatest`). The primary only
 * watches: it restarts a process that dies, and on SIGINT / SIGTERM stops them all and answers 0.
 * A process that cannot start (the port taken, say) stops the others: the command answers 1.
 */
export async function runServingProcesses(options: ProcessesOptions, ctx: Context): Promise<number> {
  // Port 0 is chosen once here, so every process listens on the same one; a port another server
  // holds is refused here, since the serving processes may share it (SO_REUSEPORT).
  let port: number;
  try {
    port = await claimablePort(options.host, options.port);
  } catch (error) {
    ctx.stderr.write(`quarry ${options.command}: error: ${(error as Error).message}\n`);
    return 1;
  }
  cluster.setupPrimary({
    exec: join(PACKAGE_ROOT, 'bin', 'quarry.js'),
    args: [...options.command.split(' '), ...argvOf(options.args, { port: String(port) })],
    execArgv: [...YOUNG_GENERATION_FLAGS],
    cwd: ctx.cwd,
    // What the serving processes print (errors) is the primary's to print, where its own output goes.
    silent: true,
  });
  const env = { ...ctx.env, [WORKER_ENV]: '1' };
  const workers = new Set<Worker>();
  let stopping = false;
  const start = (): Promise<string> => new Promise((resolve, reject) => {
    const worker = cluster.fork(env);
    workers.add(worker);
    worker.process.stdout?.on('data', (chunk: Buffer) => ctx.stdout.write(chunk.toString()));
    worker.process.stderr?.on('data', (chunk: Buffer) => ctx.stderr.write(chunk.toString()));
    let ready = false;
    worker.on('message', (message: Partial<ReadyMessage>) => {
      if (message?.quarry !== 'ready' || typeof message.url !== 'string') return;
      ready = true;
      resolve(message.url);
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (!ready) {
        reject(new Error(`a serving process exited before it listened (${signal ?? `code ${code}`})`));
        return;
      }
      if (stopping) return;
      ctx.stderr.write(`quarry: serving process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another\n`);
      start().catch((error: Error) => ctx.stderr.write(`quarry: ${error.message}\n`));
    });
  });
  let url: string;
  try {
    [url] = await Promise.all(Array.from({ length: options.count }, start)) as [string];
  } catch (error) {
    stopping = true;
    await stopAll(workers, options.shutdownGraceMs);
    ctx.stderr.write(`quarry: ${(error as Error).message}\n`);
    return 1;
  }
  await options.ready(url);
  const signal = await ctx.waitForStop();
  stopping = true;
  ctx.stderr.write(`quarry: ${signal}: closing ${workers.size} serving processes (requests in progress have ${options.shutdownGraceMs} ms to finish)\n`);
  await stopAll(workers, options.shutdownGraceMs);
  ctx.stderr.write('quarry: closed\n');
  return 0;
}

/** Asks each process to stop as a signal would; one still running past the grace period (and a margin) is killed. */
async function stopAll(workers: ReadonlySet<Worker>, graceMs: number): Promise<void> {
  await Promise.all([...workers].map((worker) => new Promise<void>((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), graceMs + 5_000);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  })));
}

/** The command line that gives `args` again, with `replace`d flags. */
function argvOf(args: ParsedArgs, replace: Readonly<Record<string, string>>): string[] {
  const flags = { ...args.flags, ...replace };
  const out: string[] = [];
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined || value === false) continue;
    out.push(value === true ? `--${name}` : `--${name}=${value}`);
  }
  return [...out, ...args.positionals];
}

/** `port`, or a free one for 0, once bound and released: a port another server listens on fails. */
function claimablePort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(new Error(`listen ${error.code ?? error.message} ${host}:${port}`)));
    probe.listen({ host, port, exclusive: true }, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
