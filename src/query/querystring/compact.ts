import { ValidationError } from '../../errors/index.js';
import { arrayLengthLimitMessage, depthLimitMessage, type QueryLimits } from './limits.js';
import { type Draft, Group, indexOf, MAX_ARRAY_INDEX } from './merge.js';
import type { QueryObject, QueryValue } from './types.js';

/** Filter operators whose operand is a list of values. */
const LIST_OPERATORS = new Set(['$in', '$notIn']);

/**
 * The finished reading: objects without a prototype, lists without holes (qs drops them last).
 * Setting the keys of a new object in the order they were first put reproduces qs's key order,
 * index-like keys first. Two departures:
 * - under `$in` / `$notIn` an object whose keys are all indices, which is what qs makes of a
 *   list past 100 values or with an index past 99, is read back as the list of its values in
 *   index order; Strapi would drop that filter and answer every entry; Quarry takes
 *   up to `maxArrayLength` values, and more, in any list there, is a 400 naming the limit;
 * - a reading nested deeper than twice `maxDepth` plus one (a value meeting an object wraps both
 *   in a list, so each bracket level may add one more) is a 400 naming the depth limit: only
 *   keys crafted to meet again and again at one path get there, and every reader of the result,
 *   qs's own included, would recurse through it until the stack runs out.
 */
export function compact(root: Group, limits: QueryLimits): QueryObject {
  return new Compactor(limits).object(root, []);
}

class Compactor {
  private readonly maxNesting: number;

  constructor(private readonly limits: QueryLimits) {
    this.maxNesting = 2 * (limits.maxDepth + 1);
  }

  object(group: Group, path: string[]): QueryObject {
    const object = Object.create(null) as QueryObject;
    for (const [key, item] of group.entries) {
      if (typeof item !== 'object' || item === null) {
        object[key] = item;
        continue;
      }
      path.push(key);
      const list = LIST_OPERATORS.has(key) ? (item instanceof Group ? indexedItems(item) : item) : undefined;
      const value = this.composite(list ?? item, path);
      if (Array.isArray(list) && (value as QueryValue[]).length > this.limits.maxArrayLength) {
        throw ValidationError.at(path, arrayLengthLimitMessage(this.limits.maxArrayLength), { source: 'query' });
      }
      object[key] = value;
      path.pop();
    }
    return object;
  }

  private list(items: readonly Draft[], path: string[]): QueryValue[] {
    const list: QueryValue[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item === undefined) continue;
      if (typeof item !== 'object' || item === null) {
        list.push(item);
        continue;
      }
      path.push(String(list.length));
      list.push(this.composite(item, path));
      path.pop();
    }
    return list;
  }

  private composite(value: Group | Draft[], path: string[]): QueryObject | QueryValue[] {
    if (path.length > this.maxNesting) {
      throw ValidationError.at(path, depthLimitMessage(this.limits.maxDepth), { source: 'query' });
    }
    return Array.isArray(value) ? this.list(value, path) : this.object(value, path);
  }
}

/**
 * The values of a group whose keys are all indices, in the order the object's keys would have:
 * array indices ascending, then larger indices as they came; `undefined` when a key is a name.
 */
function indexedItems(group: Group): Draft[] | undefined {
  if (group.entries.size === 0) return undefined;
  const small: [number, Draft][] = [];
  const large: Draft[] = [];
  let ascending = true;
  for (const [key, item] of group.entries) {
    const index = indexOf(key);
    if (index === -1) return undefined;
    if (index > MAX_ARRAY_INDEX) {
      large.push(item);
      continue;
    }
    if (small.length > 0 && small[small.length - 1]![0] > index) ascending = false;
    small.push([index, item]);
  }
  if (!ascending) small.sort((a, b) => a[0] - b[0]);
  return [...small.map(([, item]) => item), ...large];
}
