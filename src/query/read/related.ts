import type { SchemaRegistry } from '../../schema/registry.js';
import type { ComponentAttribute, ContentType, DynamicZoneAttribute, Model, RelationAttribute } from '../../schema/types.js';
import type { Row, Status } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import type { CompiledComponentPopulate, CompiledPopulate, CompiledPopulateTree } from '../compile/compiled.js';
import { orderPage } from '../exec/order.js';
import { RowEvaluator } from '../exec/row-eval.js';
import { NOTHING_RELATED, type ComponentRead, type ComponentValue, type ReadRow, type Related } from './rows.js';

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

  /** What `tree` populates for one row (an entry's, or a component's: `row` holds its fields and its id). */
  read(model: Model, row: ComponentValue, tree: CompiledPopulateTree, status: Status): Related {
    let out: Record<string, Related[string]> | undefined;
    for (const name in tree) {
      const node = tree[name]!;
      const attr = model.attributes.get(name);
      if (attr === undefined || attr.kind === 'scalar') continue;
      out ??= {};
      if (node.kind === 'component') {
        if (attr.kind === 'component' || attr.kind === 'dynamiczone') out[name] = { kind: 'components', items: this.components(attr, node, row[name], status) };
        continue;
      }
      if (attr.kind !== 'relation') continue;
      out[name] = node.count ? { kind: 'count', count: this.matching(attr, node, row.id, status).length } : { kind: 'rows', rows: this.list(attr, node, row.id, status) };
    }
    return out ?? NOTHING_RELATED;
  }

  /** The items a component field holds, each with what its component's part of the populate reads inside it. */
  private components(attr: ComponentAttribute | DynamicZoneAttribute, node: CompiledComponentPopulate, value: unknown, status: Status): ComponentRead[] {
    const items = Array.isArray(value) ? (value as ComponentValue[]) : value ? [value as ComponentValue] : [];
    const out: ComponentRead[] = [];
    for (const item of items) {
      const component = attr.kind === 'component' ? attr.component : (item.__component as string);
      const part = node.parts[component];
      // A dynamic zone populated `on` some components shows only those.
      if (part) out.push({ component, row: item, related: this.read(this.registry.component(component), item, part.populate, status) });
    }
    return out;
  }

  /** One row's related rows through `attr`, narrowed, ordered and windowed as `node` says, each with its own populate. */
  list(attr: RelationAttribute, node: CompiledPopulate, rowId: number, status: Status): ReadRow[] {
    const target = this.registry.require(node.target);
    const related = this.matching(attr, node, rowId, status);
    const { window } = node;
    const start = window?.start ?? 0;
    const limit = window?.limit ?? Infinity;
    const ordered = node.sort.length > 0 ? this.sorted(target, related, node, start, limit) : related.slice(start, limit === Infinity ? undefined : start + limit);
    return ordered.map((row) => ({ row, related: this.read(target, row, node.populate, status) }));
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
