import type { SchemaRegistry } from '../schema/registry.js';
import type { RowScope } from '../store/layout.js';
import type { Store } from '../store/store.js';
import { Executor } from './exec/execute.js';
import { sizeOf } from './exec/idset.js';
import { IndexReads } from './exec/index-reads.js';
import { orderPage } from './exec/order.js';
import type { FilterNode } from './ir/index.js';
import type { SortSpec } from './params/types.js';
import { Planner } from './plan/planner.js';
import type { AccessStrategy, ListPlan, Plan } from './plan/plan.js';
import type { PlanCache } from './plan/plan-cache.js';

export interface ListRequest {
  readonly type: string;
  readonly scopes: readonly RowScope[];
  readonly filter: FilterNode;
  readonly sort: readonly SortSpec[];
  readonly start: number;
  /** Infinity: no limit. */
  readonly limit: number;
  readonly strategy?: AccessStrategy;
}

export interface ListResult {
  /** Every match counted from the id set: no entry is decoded for it. */
  readonly total: number;
  /** The page, in order. */
  readonly ids: readonly number[];
  readonly plan: ListPlan;
}

/**
 * The page of a list whose matches are one range of its sort field's index, read in index order
 * (values ascending, each value's ids ascending); undefined when the range holds cut text,
 * whose order only the rows know.
 */
function sliceInIndexOrder(store: Store, req: ListRequest, where: Extract<Plan, { op: 'index' }>, plan: ListPlan): ListResult | undefined {
  const scope = req.scopes[0]!;
  const descending = req.sort[0]!.direction === 'desc';
  const total = store.rows.indexCount(req.type, where.field, scope, where.bound);
  const end = req.limit === Infinity ? total : Math.min(total, req.start + req.limit);
  // Ascending, the walk stops once the page is full; descending, it needs the last sets first.
  const groups: Uint32Array[] = [];
  let seen = 0;
  for (const g of store.rows.indexGroups(req.type, where.field, scope, where.bound)) {
    if (g.inexact) return undefined;
    groups.push(g.ids);
    seen += g.ids.length;
    if (!descending && seen >= end) break;
  }
  const ids: number[] = [];
  let skip = req.start;
  for (const g of descending ? groups.reverse() : groups) {
    if (ids.length >= end - req.start) break;
    if (skip >= g.length) {
      skip -= g.length;
      continue;
    }
    for (let i = skip; i < g.length && ids.length < end - req.start; i++) ids.push(g[i]!);
    skip = 0;
  }
  return { total, ids, plan };
}

/** Plans and runs one list query: the matching id set, its size, and one ordered page of ids. */
export function runList(registry: SchemaRegistry, store: Store, req: ListRequest, plans?: PlanCache): ListResult {
  const reads = new IndexReads(store);
  const planFor = () => new Planner(registry, store, reads, req.strategy).listPlan(req.type, req.scopes, req.filter, req.sort);
  const plan = plans ? plans.get(req.filter, planKey(req), store.writeGeneration, planFor) : planFor();
  const { where } = plan;
  if (plan.order === 'index' && where.op === 'index') {
    const sliced = sliceInIndexOrder(store, req, where, plan);
    if (sliced) return sliced;
  }
  const executor = new Executor(registry, store, reads);
  const ids = executor.run(where, req.type, req.scopes);
  const page = orderPage(registry, store, executor.rowEvaluator, req.type, req.scopes, ids, req.sort, req.start, req.limit);
  return { total: sizeOf(ids), ids: page, plan };
}

/** What shapes a plan besides the filter tree. */
function planKey(req: ListRequest): string {
  let key = `${req.type}|${req.strategy ?? 'auto'}`;
  for (const s of req.scopes) key += `|${s.status}${s.locale ?? ''}`;
  for (const s of req.sort) key += `|${s.path.join('.')}:${s.direction}`;
  return key;
}
