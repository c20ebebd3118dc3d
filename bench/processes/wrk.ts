/** wrk (Debian's package), the load generator light enough not to be the limit on two cores. */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Answers that were not 2xx or 3xx: a bench whose requests fail measures nothing. */
  readonly errors: number;
}

export interface WrkOptions {
  readonly connections: number;
  readonly seconds: number;
  readonly threads: number;
  /**
   * Run the generator at this nice value: background load whose own scheduling should not count
   * in what a foreground client measures (it needs little CPU, and waits on the server anyway).
   */
  readonly nice?: number;
  /**
   * Requests each connection sends before reading their answers (HTTP/1.1 pipelining): the
   * generator then pays its socket calls once for many requests, and takes less of the cores it
   * shares with the server. 1 (the default) sends one and waits for its answer.
   */
  readonly pipeline?: number;
  /** A Lua script of its own (what each request is: a POST with a body, say), instead of pipelining. */
  readonly script?: string;
}

export async function wrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const depth = options.pipeline ?? 1;
  const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  if (options.script !== undefined) args.push('-s', options.script, url);
  else args.push(...(depth > 1 ? ['-s', pipelineScript(), url, '--', String(depth)] : [url]));
  const { stdout } = options.nice === undefined
    ? await run('wrk', args, { maxBuffer: 1 << 20 })
    : await run('nice', ['-n', String(options.nice), 'wrk', ...args], { maxBuffer: 1 << 20 });
  const number = (pattern: RegExp): number => {
    const m = pattern.exec(stdout);
    if (!m) throw new Error(`wrk printed no ${pattern}: ${stdout}`);
    return Number(m[1]);
  };
  const latency = (percent: number): number => {
    const m = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(stdout);
    if (!m) throw new Error(`wrk printed no ${percent}% latency: ${stdout}`);
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const errors = Number(non2xx?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((n, v) => n + Number(v), 0) : 0);
  return { requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/), p50Ms: latency(50), p99Ms: latency(99), errors };
}

/** A wrk script that sends its request `depth` times in one write (its first argument). */
function pipelineScript(): string {
  const path = join(tmpdir(), `quarry-wrk-pipeline-${process.pid}.lua`);
  writeFileSync(path, [
    'init = function(args)',
    '  local depth = tonumber(args[1])',
    '  local one = wrk.format(nil, nil)',
    '  local all = {}',
    '  for i = 1, depth do all[i] = one end',
    '  batch = table.concat(all)',
    'end',
    'request = function() return batch end',
    '',
  ].join('\n'));
  return path;
}

/** Whether wrk is on the PATH. */
export async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1.
    return (error as { stdout?: string }).stdout?.includes('wrk') === true;
  }
}
