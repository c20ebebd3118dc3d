import type { FilterNode } from '../ir/index.js';
import type { ListPlan } from './plan.js';

/**
 * A plan is re-derived after this many writes: plans are right whatever the data (estimates
 * only choose between equivalent paths), but the choice drifts as the data changes.
 */
const REPLAN_AFTER_WRITES = 1_000;

interface Kept {
  readonly plan: ListPlan;
  readonly generation: number;
}

/**
 * List plans by filter tree. Trees of repeated requests are themselves cached (one object per
 * request shape), so a plan is found by identity, keyed further by what else shaped it (type,
 * scopes, sort, strategy); a tree that is no longer used takes its plans with it.
 */
export class PlanCache {
  private readonly byFilter = new WeakMap<FilterNode, Map<string, Kept>>();

  get(filter: FilterNode, key: string, generation: number, make: () => ListPlan): ListPlan {
    let plans = this.byFilter.get(filter);
    const kept = plans?.get(key);
    if (kept && generation - kept.generation < REPLAN_AFTER_WRITES) return kept.plan;
    const plan = make();
    if (!plans) this.byFilter.set(filter, (plans = new Map()));
    plans.set(key, { plan, generation });
    return plan;
  }
}
