import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_SCHEMAS as SCHEMAS, PACKAGE_ROOT } from '../../../src/cli/paths.js';

// Found from the package root, so this runs from the sources (vitest) and from the build (soak).
const BIN = join(PACKAGE_ROOT, 'bin', 'quarry.js');
const LOCALES = 'en,fr';

/**
 * The child's environment without QUARRY_* variables: the server runs with the settings a user
 * gets by default (fsync at every commit, no --no-sync), whatever the shell running the tests has.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('QUARRY_')));
}

/** `quarry serve` as a child process (the built CLI, as a user starts it). */
export class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    /** The API's base URL, with its prefix: `http://127.0.0.1:PORT/api`. */
    readonly url: string,
    /** What the server printed on stderr: its settings, and anything it complained about. */
    readonly stderr: () => string,
    private readonly exited: Promise<void>,
  ) {}

  static async start(data: string): Promise<ServerProcess> {
    const child = spawn(process.execPath, [BIN, 'serve', '--schemas', SCHEMAS, '--data', data, '--locales', LOCALES, '--host', '127.0.0.1', '--port', '0'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`quarry serve printed no URL within 30 s: ${stderr}`)), 30_000);
      const look = () => {
        const m = /serving \d+ content-types at (\S+)/.exec(stdout);
        if (!m) return;
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(m[1]!);
      };
      child.stdout!.on('data', look);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`quarry serve exited before serving (code ${child.exitCode}): ${stderr}`));
      });
    });
    return new ServerProcess(child, url, () => stderr, exited);
  }

  /** The crash: no handler runs, nothing is flushed or closed. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A clean stop (SIGTERM): the server closes the store. */
  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

/** `quarry token create` as a user runs it: a full-access token for the folder (writes need one by default). */
export function createToken(data: string): string {
  const run = spawnSync(process.execPath, [BIN, 'token', 'create', '--data', data, '--name', 'crash-test', '--type', 'full-access'], { env: cleanEnv(), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`quarry token create exited ${run.status}: ${run.stderr}`);
  return run.stdout.trim();
}

export interface CheckRun {
  readonly code: number;
  readonly output: string;
}

/** `quarry check DIR` as a child process: exit 0 when the folder is consistent. */
export function runCheck(data: string): CheckRun {
  const run = spawnSync(process.execPath, [BIN, 'check', data, '--schemas', SCHEMAS, '--locales', LOCALES], { env: cleanEnv(), encoding: 'utf8' });
  return { code: run.status ?? -1, output: `${run.stdout}${run.stderr}` };
}
