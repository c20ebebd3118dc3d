import { open, type RootDatabase } from 'lmdb';
import type { ProblemKind, Quarry } from '../../src/index.js';
import { openDbs, type Dbs } from '../../src/store/dbs.js';

/**
 * A second handle on a data folder's LMDB environment, for tests that damage a store on purpose:
 * writes through it bypass everything the store upholds.
 */
export interface SecondHandle {
  readonly env: RootDatabase;
  readonly dbs: Dbs;
  /** Runs `fn` in one write transaction of this handle. */
  damage(fn: () => void): void;
}

export function secondHandle(path: string): SecondHandle {
  const env = open({ path, noSubdir: false, maxDbs: 80 });
  return { env, dbs: openDbs(env), damage: (fn) => env.transactionSync(fn) };
}

/** The kinds of problem the checker finds, each once, sorted. */
export function problemKinds(quarry: Quarry): ProblemKind[] {
  return [...new Set(quarry.check().problems.map((p) => p.kind))].sort();
}

/** The messages of the problems of one kind, a line each. */
export function problemMessages(quarry: Quarry, kind: ProblemKind): string {
  return quarry.check().problems.filter((p) => p.kind === kind).map((p) => p.message).join('\n');
}
