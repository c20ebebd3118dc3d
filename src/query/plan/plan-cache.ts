import { DataCache, REDECIDE_AFTER_WRITES } from '../../cache/index.js';
import type { FilterNode } from '../ir/index.js';
import type { ListPlan } from './plan.js';

/**
 * Plans kept: as many as the reads compiled by request text (documents/reads.ts), each of which
 * has one (trees are shared only by reads without a filter, which plan in no time).
 */
const PLANS_KEPT = 2_000;

/**
 * List plans by filter tree and what else shaped them (type, scopes, sort, strategy). Trees of
 * repeated requests are themselves cached (one object per request shape), so a plan is found by
 * the tree's identity. A plan is right whatever the data (estimates only choose between
 * equivalent paths), but the choice drifts as the data changes: it is derived again after
 * REDECIDE_AFTER_WRITES writes.
 */
export class PlanCache {
  private readonly plans: DataCache<string, ListPlan>;

  /** `generation`: the store's write generation. */
  constructor(generation: () => number) {
    this.plans = new DataCache(PLANS_KEPT, generation, REDECIDE_AFTER_WRITES);
  }

  get(filter: FilterNode, key: string, make: () => ListPlan): ListPlan {
    return this.plans.remember(`${treeId(filter)}\u0000${key}`, make);
  }
}

/** A number per filter tree, to key plans by: trees are frozen, so the number lives as long as its tree. */
const treeIds = new WeakMap<FilterNode, number>();
let lastTreeId = 0;

function treeId(filter: FilterNode): number {
  let id = treeIds.get(filter);
  if (id === undefined) treeIds.set(filter, (id = ++lastTreeId));
  return id;
}
