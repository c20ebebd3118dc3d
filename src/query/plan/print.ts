import type { IndexBound } from '../../store/index-bounds.js';
import { printFilter } from '../ir/index.js';
import type { ListPlan, Plan } from './plan.js';

/** Past this many listed ids only their count is printed. */
const MAX_LISTED_IDS = 5;

/** One line per plan, for explain output and benchmark reports: `and(index stars >= 4, index open = true)`. */
export function printPlan(plan: Plan): string {
  switch (plan.op) {
    case 'all':
    case 'none':
      return plan.op;
    case 'ids':
      return plan.ids.length > MAX_LISTED_IDS ? `ids(${plan.ids.length} ids)` : `ids(${plan.ids.join(', ')})`;
    case 'idRange':
      return `ids ${plan.low}..${plan.high}`;
    case 'index':
      return `index ${plan.field}${plan.bound.folded ? ' (folded)' : ''} ${printBound(plan.bound)}`;
    case 'grams':
      return `trigrams ${plan.field} [${plan.grams.join(' ')}]${plan.verify ? ` then ${plan.verify.op}` : ''}`;
    case 'values':
      return `values of ${plan.field} where ${printFilter(plan.test)}`;
    case 'filter':
      return `rows of ${printPlan(plan.input)} tested`;
    case 'and':
    case 'or':
      return `${plan.op}(${plan.inputs.map(printPlan).join(', ')})`;
    case 'minus':
      return `${printPlan(plan.from)} minus ${printPlan(plan.remove)}`;
    case 'semiJoin':
      return `linked from ${plan.target} through ${plan.partnerList}${plan.partnerToOne ? ' (one each)' : plan.disjoint ? ' (disjoint)' : ''}: ${printPlan(plan.inner)}`;
    case 'linked':
      return `has links in ${plan.list}`;
  }
}

export function printListPlan(plan: ListPlan): string {
  return plan.order === 'index' ? `${printPlan(plan.where)}, page read in index order` : printPlan(plan.where);
}

function printBound(bound: IndexBound): string {
  switch (bound.kind) {
    case 'eq':
      return `= ${JSON.stringify(bound.value)}`;
    case 'null':
      return 'is null';
    case 'prefix':
      return `starts with ${JSON.stringify(bound.prefix)}`;
    case 'range': {
      const lo = bound.lo === undefined ? undefined : `${bound.loInclusive ? '>=' : '>'} ${JSON.stringify(bound.lo)}`;
      const hi = bound.hi === undefined ? undefined : `${bound.hiInclusive ? '<=' : '<'} ${JSON.stringify(bound.hi)}`;
      return [lo, hi].filter((x) => x !== undefined).join(' and ') || 'not null';
    }
  }
}
