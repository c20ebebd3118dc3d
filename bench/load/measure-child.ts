/** A child process timed to its exit, with its peak memory read from /proc while it runs. */
import { spawn } from 'node:child_process';
import { memoryStatus } from '../proc.js';

/** How often the child's memory is read: a peak shorter than this may be missed by VmRSS, never by VmHWM. */
const POLL_MS = 50;

export interface ChildRun {
  readonly ms: number;
  /** The largest resident set seen: the max of VmRSS samples and of VmHWM (the kernel's own high-water mark, read at each sample). */
  readonly peakRssBytes: number;
  /** The largest anonymous resident memory seen (the heap and buffers, without the mapped data file). */
  readonly peakAnonBytes: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with `args` to its end; a non-zero exit rejects with its stderr. */
export function runMeasured(command: string, args: readonly string[], cwd: string): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peakRss = 0;
    let peakAnon = 0;
    const sample = () => {
      const s = child.pid === undefined ? undefined : memoryStatus(child.pid);
      if (!s) return;
      peakRss = Math.max(peakRss, s.rss, s.hwm);
      peakAnon = Math.max(peakAnon, s.anon);
    };
    const timer = setInterval(sample, POLL_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (e) => {
      clearInterval(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearInterval(timer);
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr}`));
      else resolve({ ms, peakRssBytes: peakRss, peakAnonBytes: peakAnon, stdout, stderr });
    });
  });
}
