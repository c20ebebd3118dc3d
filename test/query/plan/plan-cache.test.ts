import { describe, expect, it } from 'vitest';
import { ConstNode } from '../../../src/query/ir/index.js';
import { PlanCache } from '../../../src/query/plan/plan-cache.js';
import type { ListPlan } from '../../../src/query/plan/plan.js';

describe('plan cache', () => {
  it('finds a plan by tree and key, and plans again after many writes', () => {
    const cache = new PlanCache();
    let made = 0;
    const make = (): ListPlan => ({ where: { op: made++ % 2 === 0 ? 'all' : 'none' }, order: 'sort' });
    const tree = ConstNode.TRUE;
    const first = cache.get(tree, 'a', 0, make);
    expect(cache.get(tree, 'a', 999, make)).toBe(first);
    expect(made).toBe(1);
    expect(cache.get(tree, 'b', 0, make)).not.toBe(first);
    expect(made).toBe(2);
    cache.get(tree, 'a', 1_000, make);
    expect(made).toBe(3);
  });
});
