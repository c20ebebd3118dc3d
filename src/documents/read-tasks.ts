import type { CompiledPopulate, CompiledRead } from '../query/compile/compiled.js';
import type { ListPlan } from '../query/plan/plan.js';
import type { Status } from '../store/layout.js';
import type { Entry } from './entry.js';
import type { DocumentReader, Page } from './read.js';

/**
 * One read, ready to run: a compiled read and, for lists, the plan chosen for it. Plain data, so
 * that the scheduler can run it inline or hand it to a pool worker unchanged; either side only
 * executes it.
 */
export type ReadTask =
  | { readonly kind: 'page'; readonly read: CompiledRead; readonly plan: ListPlan }
  | { readonly kind: 'count'; readonly read: CompiledRead; readonly plan: ListPlan }
  | { readonly kind: 'one'; readonly read: CompiledRead; readonly documentId: string }
  /** For each source row of `type`, its entries related through `node` (a populate of many rows at once). */
  | { readonly kind: 'related'; readonly type: string; readonly node: CompiledPopulate; readonly sources: readonly number[]; readonly status: Status };

/** What each kind of task answers. */
export type ReadResult<T extends ReadTask> =
  T extends { kind: 'page' } ? Page
    : T extends { kind: 'count' } ? number
      : T extends { kind: 'one' } ? Entry | null
        : Entry[][];

export function runReadTask<T extends ReadTask>(reader: DocumentReader, task: T): ReadResult<T> {
  const t = task as ReadTask;
  switch (t.kind) {
    case 'page':
      return reader.page(t.read, t.plan) as ReadResult<T>;
    case 'count':
      return reader.count(t.read, t.plan) as ReadResult<T>;
    case 'one':
      return reader.findOne(t.read, t.documentId) as ReadResult<T>;
    case 'related':
      return reader.related(t.type, t.node, t.sources, t.status) as ReadResult<T>;
  }
}
