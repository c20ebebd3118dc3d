import type { SchemaRegistry } from '../schema/registry.js';
import type { RowScope } from '../store/layout.js';
import type { Store } from '../store/store.js';
import { Executor } from './exec/execute.js';
import { orderPage } from './exec/order.js';
import type { FilterNode } from './ir/index.js';
import type { SortSpec } from './params/types.js';
import { Planner } from './plan/planner.js';
import type { AccessStrategy, Plan } from './plan/plan.js';

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

/** Plans and runs one list query: the matching id set, its size, and one ordered page of ids. */
export function runList(registry: SchemaRegistry, store: Store, req: ListRequest): ListResult {
  const plan = new Planner(registry, store, req.strategy).planFor(req.type, req.scopes, req.filter);
  const executor = new Executor(registry, store);
  const ids = executor.run(plan, req.type, req.scopes);
  const page = orderPage(registry, store, executor.rowEvaluator, req.type, req.scopes, ids, req.sort, req.start, req.limit);
  return { total: ids.length, ids: page, plan };
}
