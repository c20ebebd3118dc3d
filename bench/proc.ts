/**
 * What a running process uses, read from /proc (Linux): the benches' one reader of it, for a load's
 * child (load/measure-child.ts) and for a server with its serving processes (processes/children.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A process's memory now, in bytes: its resident set, its high-water mark, and the anonymous part (heaps and buffers, the mapped data file left out). */
export interface MemoryStatus {
  readonly rss: number;
  readonly hwm: number;
  readonly anon: number;
}

/** Undefined once the process has gone. */
export function memoryStatus(pid: number): MemoryStatus | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon') };
}

/** A process and its descendants. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const tasks = join('/proc', String(out[i]), 'task');
    if (!existsSync(tasks)) continue;
    for (const task of readdirSync(tasks)) {
      const children = readFileSync(join(tasks, task, 'children'), 'utf8').trim();
      if (children !== '') out.push(...children.split(' ').map(Number));
    }
  }
  return out;
}

/** Clock ticks per second of /proc's CPU times. */
let ticks: number | undefined;

/** CPU seconds (user and system, all threads) a process has used so far; 0 once it has gone. */
export function cpuSeconds(pid: number): number {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  let stat: string;
  try {
    stat = readFileSync(join('/proc', String(pid), 'stat'), 'utf8');
  } catch {
    return 0;
  }
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}
