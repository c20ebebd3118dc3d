import type { SchemaRegistry } from '../schema/registry.js';
import type { RowScope } from '../store/layout.js';
import type { Store } from '../store/store.js';
import { Executor } from './exec/execute.js';
import { sizeOf } from './exec/idset.js';
import { IndexReads, orderedGroups } from './exec/index-reads.js';
import { orderPage } from './exec/order.js';
import type { FilterNode } from './ir/index.js';
import type { SortSpec } from './params/types.js';
import { Planner } from './plan/planner.js';
import type { AccessStrategy, Plan } from './plan/plan.js';
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
  readonly plan: Plan;
}

/**
 * A plan that is one index range on the field the list is sorted by already yields its ids in
 * sort order (values ascending, each value's ids ascending): the page is a slice, no row is read.
 */
function orderedByPlan(store: Store, req: ListRequest, plan: Plan): ListResult | undefined {
  const [spec, ...more] = req.sort;
  if (!spec || more.length > 0 || spec.path.length !== 1 || req.scopes.length !== 1) return undefined;
  if (plan.op !== 'index' || plan.field !== spec.path[0] || plan.bound.kind === 'null') return undefined;
  const { groups, exact } = orderedGroups(store, req.type, plan.field, req.scopes[0]!, plan.bound);
  if (!exact) return undefined;
  const inOrder = spec.direction === 'asc' ? groups : [...groups].reverse();
  const total = groups.reduce((n, g) => n + g.length, 0);
  const end = req.limit === Infinity ? total : Math.min(total, req.start + req.limit);
  const ids: number[] = [];
  let skip = req.start;
  for (const g of inOrder) {
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
  const planFor = () => new Planner(registry, store, reads, req.strategy).planFor(req.type, req.scopes, req.filter);
  const plan = plans ? plans.get(req.filter, planKey(req), store.writeGeneration, planFor) : planFor();
  const ordered = orderedByPlan(store, req, plan);
  if (ordered) return ordered;
  const executor = new Executor(registry, store, reads);
  const ids = executor.run(plan, req.type, req.scopes);
  const page = orderPage(registry, store, executor.rowEvaluator, req.type, req.scopes, ids, req.sort, req.start, req.limit);
  return { total: sizeOf(ids), ids: page, plan };
}

function planKey(req: ListRequest): string {
  let key = `${req.type}|${req.strategy ?? 'auto'}`;
  for (const s of req.scopes) key += `|${s.status}${s.locale ?? ''}`;
  return key;
}
