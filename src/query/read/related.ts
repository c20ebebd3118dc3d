import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, RelationAttribute } from '../../schema/types.js';
import type { Row, Status } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import type { CompiledPopulate, CompiledPopulateTree } from '../compile/compiled.js';
import { orderPage } from '../exec/order.js';
import { RowEvaluator } from '../exec/row-eval.js';
import { NOTHING_RELATED, type ReadRow, type Related } from './rows.js';

/**
 * Reads what a populate asks for one row: each relation's linked rows in their stored order, or
 * the populate's own sort, narrowed by its compiled filter tree and window, each with its own
 * populate; or their count. `status` picks the version of draft & publish targets shown: a
 * source without versions links both versions of a target.
 */
export class RelatedReader {
  private readonly rows: RowEvaluator;

  constructor(private readonly registry: SchemaRegistry, private readonly store: Store) {
    this.rows = new RowEvaluator(registry, store);
  }

  read(ct: ContentType, rowId: number, tree: CompiledPopulateTree, status: Status): Related {
    let out: Record<string, Related[string]> | undefined;
    for (const name in tree) {
      const node = tree[name]!;
      const attr = ct.attributes.get(name);
      if (attr?.kind !== 'relation') continue;
      out ??= {};
      out[name] = node.count ? { kind: 'count', count: this.matching(attr, node, rowId, status).length } : { kind: 'rows', rows: this.list(attr, node, rowId, status) };
    }
    return out ?? NOTHING_RELATED;
  }

  /** One row's related rows through `attr`, narrowed, ordered and windowed as `node` says, each with its own populate. */
  list(attr: RelationAttribute, node: CompiledPopulate, rowId: number, status: Status): ReadRow[] {
    const target = this.registry.require(node.target);
    const related = this.matching(attr, node, rowId, status);
    const { window } = node;
    const start = window?.start ?? 0;
    const limit = window?.limit ?? Infinity;
    const ordered = node.sort.length > 0 ? this.sorted(target, related, node, start, limit) : related.slice(start, limit === Infinity ? undefined : start + limit);
    return ordered.map((row) => ({ row, related: this.read(target, row.id, node.populate, status) }));
  }

  /** Linked rows in list order that pass the populate's filters. */
  private matching(attr: RelationAttribute, node: CompiledPopulate, rowId: number, status: Status): Row[] {
    const related = this.linked(attr.listName, rowId, this.registry.require(node.target), status);
    const { filter } = node;
    if (!filter) return related;
    const test = this.rows.test(filter, node.target);
    return related.filter((row) => test(row.id) === true);
  }

  private sorted(target: ContentType, related: readonly Row[], node: CompiledPopulate, start: number, limit: number): Row[] {
    const byId = new Map(related.map((r) => [r.id, r]));
    const ids = Uint32Array.from(byId.keys()).sort();
    return orderPage(this.registry, this.store, this.rows, target.uid, [], ids, node.sort, start, limit).map((id) => byId.get(id)!);
  }

  /** Linked rows in list order: of a draft & publish target, the version asked for. */
  private linked(list: string, rowId: number, target: ContentType, status: Status): Row[] {
    const out: Row[] = [];
    for (const t of this.store.links.targets(list, rowId)) {
      const row = this.store.rows.get(target.uid, t);
      if (row && (!target.draftAndPublish || (row.publishedAt !== null) === (status === 'published'))) out.push(row);
    }
    return out;
  }
}
