import { RandomPicks } from '../random-picks.js';
import { AckedState } from './acked-state.js';
import type { Api } from './http-client.js';
import { createToken, runCheck, ServerProcess } from './server-process.js';
import { verify } from './verify.js';
import { Workload } from './workload.js';

export interface CrashOptions {
  /** An LMDB folder the runs own (created on the first start). */
  readonly data: string;
  /** Kill cycles to run; with `durationMs`, whichever ends later (at least one cycle). */
  readonly cycles: number;
  readonly durationMs?: number;
  /** The kill comes at a random moment this many ms after the traffic starts. */
  readonly killAfterMs: readonly [number, number];
  readonly writers: number;
  readonly readers: number;
  readonly seed: number;
  /** A line per cycle, for the soak's output. */
  readonly log?: (line: string) => void;
}

export interface CrashStats {
  cycles: number;
  /** Writes the server answered with success. */
  writesAcked: number;
  /** Acknowledged writes whose result was read back after a restart (all of them, when all went well). */
  writesChecked: number;
  /** Writes sent but unanswered at a kill: found wholly applied, or not at all. */
  pendingApplied: number;
  pendingAbsent: number;
  reads: number;
  /** Acknowledged writes missing after a restart: must be 0. */
  losses: number;
  /** Unanswered writes found partly applied, or data no write made: must be 0. */
  halfApplied: number;
  /** Everything that went wrong: losses, half-applied writes, failed checks, unexpected answers. */
  readonly failures: string[];
  /** The folder's last `quarry check` output. */
  lastCheck: string;
}

/**
 * Kill-and-restart cycles: serve `data`, run concurrent writes and reads, SIGKILL the server at a
 * random moment, run `quarry check` on the folder, restart the server on it and read everything
 * back against the client's log of acknowledged writes (verify.ts).
 */
export async function runCrashCycles(options: CrashOptions): Promise<CrashStats> {
  const random = new RandomPicks(options.seed);
  const state = new AckedState();
  const stats: CrashStats = { cycles: 0, writesAcked: 0, writesChecked: 0, pendingApplied: 0, pendingAbsent: 0, reads: 0, losses: 0, halfApplied: 0, failures: [], lastCheck: '' };
  const workload = new Workload(state, random, stats.failures);
  const started = Date.now();
  const token = createToken(options.data);
  const api = (s: ServerProcess): Api => ({ base: s.url, token });
  let server = await ServerProcess.start(options.data);
  try {
    if (!/--no-sync +false +default/.test(server.stderr())) stats.failures.push(`the server does not run with the default durability:\n${server.stderr()}`);
    await workload.setup(api(server), 12, 5);
    const [minKill, maxKill] = options.killAfterMs;
    while (stats.cycles < options.cycles || Date.now() - started < (options.durationMs ?? 0)) {
      const running = workload.run(api(server), options.writers, options.readers);
      await new Promise((resolve) => setTimeout(resolve, random.int(minKill, maxKill)));
      await server.kill();
      await running;
      const acked = state.acked;
      const check = runCheck(options.data);
      stats.lastCheck = check.output;
      if (check.code !== 0) stats.failures.push(`quarry check after kill ${stats.cycles + 1} exited ${check.code}:\n${check.output}`);
      server = await ServerProcess.start(options.data);
      const v = await verify(api(server), state, stats.failures);
      stats.cycles++;
      stats.writesChecked = acked;
      stats.pendingApplied += v.pendingApplied;
      stats.pendingAbsent += v.pendingAbsent;
      stats.losses += v.losses;
      stats.halfApplied += v.halfApplied;
      options.log?.(
        `cycle ${stats.cycles}: ${acked} writes acknowledged so far, ${v.documents} documents checked, ` +
        `unanswered writes: ${v.pendingApplied} applied whole, ${v.pendingAbsent} absent; losses ${v.losses}, half-applied ${v.halfApplied}`,
      );
      if (stats.failures.length > 0) break;
    }
  } finally {
    await server.stop();
    stats.writesAcked = state.acked;
    stats.reads = workload.reads;
  }
  return stats;
}
