import { buildFilterTree } from '../query/filters/index.js';
import type { FilterNode } from '../query/ir/index.js';
import { orderPage } from '../query/exec/order.js';
import { RowEvaluator } from '../query/exec/row-eval.js';
import type { PopulateNode, PopulateTree } from '../query/params/index.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { toEntry, type Entry } from './entry.js';

/**
 * Adds populated relations to entries: each list in its stored order, or the populate's own sort,
 * narrowed by its filters and window. A populate's filter tree is built once per read, not per entry.
 */
export class Populator {
  private readonly filters = new WeakMap<PopulateNode, FilterNode>();
  private readonly rows: RowEvaluator;

  constructor(private readonly engine: DocumentEngine) {
    this.rows = new RowEvaluator(engine.registry, engine.store);
  }

  populate(ct: ContentType, entry: Entry, rowId: number, tree: PopulateTree, status: Status): void {
    for (const name in tree) {
      const node = tree[name]!;
      const attr = ct.attributes.get(name);
      if (attr?.kind !== 'relation') continue;
      if (node.count) {
        entry[name] = { count: this.matching(attr, node, rowId, status).length };
        continue;
      }
      const entries = this.related(attr, node, rowId, status);
      entry[name] = attr.toMany ? entries : (entries[0] ?? null);
    }
  }

  /** The entries one row links to through `attr`, narrowed, ordered and windowed as `node` says, each with its own populate. */
  related(attr: RelationAttribute, node: PopulateNode, rowId: number, status: Status): Entry[] {
    const target = this.engine.registry.require(node.target);
    const related = this.matching(attr, node, rowId, status);
    const window = node.pagination;
    const start = window?.start ?? 0;
    const limit = window?.limit ?? Infinity;
    const ordered = node.sort.length > 0 ? this.sorted(target, related, node, start, limit) : related.slice(start, limit === Infinity ? undefined : start + limit);
    return ordered.map((row) => {
      const e = toEntry(target, row, node.fields);
      this.populate(target, e, row.id, node.populate, status);
      return e;
    });
  }

  /** Linked rows in list order that pass the populate's filters. */
  private matching(attr: RelationAttribute, node: PopulateNode, rowId: number, status: Status): Row[] {
    const related = this.linked(attr.listName, rowId, this.engine.registry.require(node.target), status);
    const filter = this.filterOf(node);
    if (!filter) return related;
    const test = this.rows.test(filter, node.target);
    return related.filter((row) => test(row.id) === true);
  }

  private sorted(target: ContentType, related: readonly Row[], node: PopulateNode, start: number, limit: number): Row[] {
    const byId = new Map(related.map((r) => [r.id, r]));
    const ids = Uint32Array.from(byId.keys()).sort();
    return orderPage(this.engine.registry, this.engine.store, this.rows, target.uid, [], ids, node.sort, start, limit).map((id) => byId.get(id)!);
  }

  /** Linked rows in list order; a source without versions links both versions of a target, so the asked one is shown. */
  private linked(list: string, rowId: number, target: ContentType, status: Status): Row[] {
    const out: Row[] = [];
    for (const t of this.engine.store.links.targets(list, rowId)) {
      const row = this.engine.store.rows.get(target.uid, t);
      if (row && (!target.draftAndPublish || (row.publishedAt !== null) === (status === 'published'))) out.push(row);
    }
    return out;
  }

  private filterOf(node: PopulateNode): FilterNode | undefined {
    if (node.filtersRaw === undefined) return undefined;
    let f = this.filters.get(node);
    if (!f) {
      f = buildFilterTree(this.engine.registry, node.target, node.filtersRaw, { path: ['populate', node.attribute, 'filters'], limits: this.engine.filterLimits });
      this.filters.set(node, f);
    }
    return f;
  }
}
