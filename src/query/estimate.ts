import type { SchemaRegistry } from '../schema/registry.js';
import type { Store } from '../store/store.js';
import type { CompiledPopulateTree } from './compile/compiled.js';
import { CostWalker, LIST_COSTS, NO_WORK, priced, type Work } from './exec/cost.js';
import { IndexReads } from './exec/index-reads.js';
import { rankOrder } from './exec/order.js';
import type { ListRequest } from './list.js';
import type { ListPlan } from './plan/plan.js';
import { Planner } from './plan/planner.js';

export { LIST_COSTS, priced, type Work } from './exec/cost.js';

export interface ListEstimate {
  /** The plan the list would run (plain data). */
  readonly plan: ListPlan;
  /** Estimated matching rows. */
  readonly matches: number;
  /** Estimated steps: plan, ordering, page and populate. */
  readonly work: Readonly<Work>;
  /** `work` priced by `LIST_COSTS`: about the µs the read takes inline. */
  readonly cost: number;
  /**
   * The part of `cost` a worker takes off the main thread. The answer's entries are not in it:
   * the main thread builds them inline, or receives (structured-clone decodes) them from a
   * worker at about the same price, so a big page of cheap rows gains nothing from a worker.
   */
  readonly movable: number;
}

export interface EstimateRequest extends ListRequest {
  /** The page's populate tree: populated entries are read and decoded too. */
  readonly populate?: CompiledPopulateTree;
}

/**
 * What a list query would cost, without running it: the planner's plan walked with a cost
 * model. The planner's root estimate is a cardinality, not a cost (`name $containsi x` without
 * trigrams matches few rows but reads all of them; an unfiltered list matches everything but
 * builds one page), so the walk counts what each step touches: ids through set algebra, lists
 * read by key, rows read and tested; then the ordering and the page with its populate.
 * Cardinalities come from the planner's index reads (exact for small bounds); large ranges, the
 * distinct values a range or sort walks, and links per row come from small samples.
 */
export function estimateList(registry: SchemaRegistry, store: Store, req: EstimateRequest, planned?: ListPlan): ListEstimate {
  const reads = new IndexReads(store);
  const listPlan = planned ?? new Planner(registry, store, reads, req.strategy).listPlan(req.type, req.scopes, req.filter, req.sort);
  const { where: plan, order } = listPlan;
  const work: Work = { ...NO_WORK };
  const walker = new CostWalker(registry, store, reads, work);
  const universe = walker.universe(req.type, req.scopes);
  const scope = { type: req.type, scopes: req.scopes };
  // A range paged in index order is counted from prefix sums and read only up to the page's end.
  const indexPaged = order === 'index' && plan.op === 'index';
  const end = req.start + req.limit;
  const matches = Math.min(indexPaged ? walker.indexPage(plan, scope, end, req.sort) : walker.walk(plan, scope, rankOrder(req.sort) ? end : undefined), universe);
  if (order === 'sort') walker.order(req, matches, universe);
  const pageRows = Math.max(0, Math.min(req.limit, matches - req.start));
  work.entries += pageRows;
  if (req.populate) walker.populate(req.type, req.populate, pageRows);
  const cost = priced(work);
  return { plan: listPlan, matches, work, cost, movable: Math.max(0, cost - work.entries * LIST_COSTS.entries) };
}

/**
 * What populating `parents` entries of `type` would cost (a single entry's read, a level of
 * related lists), in the units of `estimateList`: all of it movable but the entries built.
 */
export function estimatePopulate(registry: SchemaRegistry, store: Store, type: string, populate: CompiledPopulateTree, parents: number): number {
  const work: Work = { ...NO_WORK };
  new CostWalker(registry, store, new IndexReads(store), work).populate(type, populate, parents);
  return Math.max(0, priced(work) - work.entries * LIST_COSTS.entries);
}

