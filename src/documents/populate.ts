import type { CompiledPopulate, CompiledPopulateTree } from '../query/compile/compiled.js';
import { orderPage } from '../query/exec/order.js';
import { RowEvaluator } from '../query/exec/row-eval.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { toEntry, type Entry } from './entry.js';

/**
 * Adds populated relations to entries: each list in its stored order, or the populate's own sort,
 * narrowed by its compiled filter tree and window.
 */
export class Populator {
  private readonly rows: RowEvaluator;

  constructor(private readonly engine: DocumentEngine) {
    this.rows = new RowEvaluator(engine.registry, engine.store);
  }

  populate(ct: ContentType, entry: Entry, rowId: number, tree: CompiledPopulateTree, status: Status): void {
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
  related(attr: RelationAttribute, node: CompiledPopulate, rowId: number, status: Status): Entry[] {
    const target = this.engine.registry.require(node.target);
    const related = this.matching(attr, node, rowId, status);
    const { window } = node;
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
  private matching(attr: RelationAttribute, node: CompiledPopulate, rowId: number, status: Status): Row[] {
    const related = this.linked(attr.listName, rowId, this.engine.registry.require(node.target), status);
    const { filter } = node;
    if (!filter) return related;
    const test = this.rows.test(filter, node.target);
    return related.filter((row) => test(row.id) === true);
  }

  private sorted(target: ContentType, related: readonly Row[], node: CompiledPopulate, start: number, limit: number): Row[] {
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
}
