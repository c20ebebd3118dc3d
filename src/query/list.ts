import type { SchemaRegistry } from '../schema/registry.js';
import type { RowScope } from '../store/layout.js';
import type { Store } from '../store/store.js';
import { Executor } from './exec/execute.js';
import { sizeOf } from './exec/idset.js';
import { IndexReads } from './exec/index-reads.js';
import { orderPage, runOrder, sortKeys } from './exec/order.js';
import type { RowEvaluator } from './exec/row-eval.js';
import { pageOfRuns, type Run } from './exec/runs.js';
import type { FilterNode } from './ir/index.js';
import type { SortSpec } from './params/types.js';
import { Planner } from './plan/planner.js';
import type { AccessStrategy, ListPlan, Plan } from './plan/plan.js';

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
 * The page of a list whose matches are one range of its first sort key's index, read in index
 * order: values in the key's direction, the runs of equal values the page reaches ordered by the
 * later keys. Undefined when the walk meets cut text, whose order (and match) only the rows know.
 */
function sliceInIndexOrder(
  registry: SchemaRegistry, store: Store, rows: RowEvaluator, req: ListRequest, where: Extract<Plan, { op: 'index' }>, plan: ListPlan,
): ListResult | undefined {
  const scope = req.scopes[0]!;
  const keys = sortKeys(req.sort);
  const [first] = keys as [SortSpec, ...SortSpec[]];
  const total = store.rows.indexCount(req.type, where.field, scope, where.bound);
  const end = req.limit === Infinity ? total : Math.min(total, req.start + req.limit);
  let cut = false;
  function* runs(): IterableIterator<Run> {
    for (const g of store.rows.indexGroups(req.type, where.field, scope, where.bound, first.direction === 'desc')) {
      if (g.inexact) {
        cut = true;
        return;
      }
      yield g;
    }
  }
  const source = { registry, store, rows, type: req.type, scopes: req.scopes };
  const ids = pageOfRuns(runs(), req.start, end, runOrder(source, keys.slice(1), req.strategy ?? 'auto'));
  return cut ? undefined : { total, ids, plan };
}

/** The plan of a list: its filter's plan and how its page is ordered. */
export function planList(registry: SchemaRegistry, store: Store, req: ListRequest): ListPlan {
  return new Planner(registry, store, new IndexReads(store), req.strategy).listPlan(req.type, req.scopes, req.filter, req.sort);
}

/** Runs a planned list: the matching id set, its size, and one ordered page of ids. */
export function runPlannedList(registry: SchemaRegistry, store: Store, req: ListRequest, plan: ListPlan): ListResult {
  const { where } = plan;
  const executor = new Executor(registry, store, new IndexReads(store));
  // A plan outlives the scopes it was made for (a read of every locale gains one with the first
  // row in it): a page is read in index order from one scope only.
  if (plan.order === 'index' && where.op === 'index' && req.scopes.length === 1) {
    const sliced = sliceInIndexOrder(registry, store, executor.rowEvaluator, req, where, plan);
    if (sliced) return sliced;
  }
  const ids = executor.run(where, req.type, req.scopes);
  const page = orderPage(registry, store, executor.rowEvaluator, req.type, req.scopes, ids, req.sort, req.start, req.limit, req.strategy);
  return { total: sizeOf(ids), ids: page, plan };
}

/** Plans and runs one list query. */
export function runList(registry: SchemaRegistry, store: Store, req: ListRequest): ListResult {
  return runPlannedList(registry, store, req, planList(registry, store, req));
}
