import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A new user's path, from the committed HEAD of this repository: clone, install, `npm start`,
 * the first query over HTTP, then stop the server by its process id.
 *
 * The install skips install scripts (`--ignore-scripts`): the only one that builds anything here
 * is better-sqlite3's (a native compile of about a minute, for the benchmark only), while lmdb,
 * msgpackr-extract and uWebSockets.js load prebuilt binaries that ship inside their packages.
 * Moving better-sqlite3 to optionalDependencies and installing with --omit=optional would not
 * help: it also drops lmdb's prebuilt binary package, and lmdb then compiles from source.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const STEP_MS = 150_000;

const work = mkdtempSync(join(tmpdir(), 'quarry-new-user-'));
let server: ChildProcess | undefined;

afterAll(() => {
  // Only if the test failed before stopping it: the whole group npm started, by its id.
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: 'pipe', timeout: STEP_MS, env: { ...process.env, npm_config_update_notifier: 'false' } });
}

/** npm may end before the server has closed its socket: give the server a moment. */
async function stopsAnswering(url: string, withinMs: number): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    try {
      await fetch(url);
    } catch {
      return true;
    }
  }
  return false;
}

describe('a new user', () => {
  it('clones, installs, runs npm start and gets an answer over HTTP', async () => {
    const started = Date.now();
    const clone = join(work, 'quarry');
    run('git', ['clone', '--quiet', REPO, clone], work);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], clone);

    // Its own process group, so that npm, its shell and the server stop together.
    server = spawn('npm', ['start'], {
      cwd: clone,
      detached: true,
      env: { ...process.env, QUARRY_PORT: '0', QUARRY_DATA: join(work, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    server.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<string>((resolve) => server!.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no URL in time.\nstdout:\n${stdout}\nstderr:\n${stderr}`)), STEP_MS);
      const check = () => {
        const m = /Quarry demo is serving (\S+)/.exec(stdout);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      server!.stdout!.on('data', check);
      void exited.then((how) => reject(new Error(`npm start ended (${how}).\nstdout:\n${stdout}\nstderr:\n${stderr}`)));
    });
    expect(stderr).toContain('first start: building');
    expect(stderr).toContain('First start: importing the demo dataset');

    const answer = await fetch(`${url}/restaurants?filters[name][$eq]=${encodeURIComponent('Le Petit Zinc')}&populate=categories`);
    expect(answer.status).toBe(200);
    const body = await answer.json() as { data: { name: string; categories: unknown[] }[] };
    expect(body.data.map((r) => r.name)).toEqual(['Le Petit Zinc']);
    expect(body.data[0]!.categories.length).toBeGreaterThan(0);

    process.kill(-server.pid!, 'SIGTERM');
    await exited;
    expect(await stopsAnswering(url, 10_000), 'the server still answers 10 s after SIGTERM').toBe(true);
    console.log(`new user's path: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 4 * STEP_MS);
});
