import { describe, expect, it } from 'vitest';
import { AndNode, ConstNode } from '../../../src/query/ir/index.js';
import { PlanCache } from '../../../src/query/plan/plan-cache.js';
import type { ListPlan } from '../../../src/query/plan/plan.js';

describe('plan cache', () => {
  it('finds a plan by tree and key, and plans again after many writes', () => {
    let generation = 0;
    const cache = new PlanCache(() => generation);
    let made = 0;
    const make = (): ListPlan => ({ where: { op: made++ % 2 === 0 ? 'all' : 'none' }, order: 'sort' });
    const tree = ConstNode.TRUE;
    const first = cache.get(tree, 'a', make);
    generation = 999;
    expect(cache.get(tree, 'a', make)).toBe(first);
    expect(made).toBe(1);
    expect(cache.get(tree, 'b', make)).not.toBe(first);
    expect(made).toBe(2);
    generation = 1_000;
    cache.get(tree, 'a', make);
    expect(made).toBe(3);
  });

  it('keeps the plans of different trees apart, whatever their keys', () => {
    const cache = new PlanCache(() => 0);
    const plan = (op: 'all' | 'none') => (): ListPlan => ({ where: { op }, order: 'sort' });
    const other = AndNode.create([ConstNode.TRUE, ConstNode.FALSE]);
    expect(cache.get(ConstNode.TRUE, 'k', plan('all')).where.op).toBe('all');
    expect(cache.get(other, 'k', plan('none')).where.op).toBe('none');
    expect(cache.get(ConstNode.TRUE, 'k', plan('none')).where.op).toBe('all');
  });
});
