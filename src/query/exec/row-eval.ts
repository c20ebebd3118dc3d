import type { SchemaRegistry } from '../../schema/registry.js';
import { fieldReader } from '../../store/field-paths.js';
import type { Row, RowScope } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import type { CompareNode, FilterNode, ItemsNode, RelationNode } from '../ir/index.js';
import { matcherFor, type Truth } from '../values/index.js';
import { ItemEvaluator } from './item-eval.js';
import { rankTest } from './rank-test.js';
import { someOf, TestCompiler, type Test } from './test-compiler.js';

/** A filter decided for one row of a type, by its id (three-valued, as SQL). */
export type RowTest = Test<number>;

/** The rows a test is compiled for: one scope lets comparisons on indexed fields read the index instead of the row. */
interface Rows {
  readonly type: string;
  readonly scope: RowScope | undefined;
}

/**
 * Decides filters row by row: the path for conditions no index serves, for residual checks on
 * small candidate sets and for populate's filters. A filter is compiled once into closures (per
 * evaluator, which lives for one read); comparisons on indexed fields of a one-scope read are
 * decided from the index's ranks (`rank-test.ts`), others from the decoded row, relations
 * through the row's own link set, and the items of a repeatable component in the row itself.
 */
export class RowEvaluator extends TestCompiler<number, Rows> {
  private readonly compiled = new WeakMap<FilterNode, Map<string, RowTest>>();
  private readonly items = new ItemEvaluator((node) => this.linkTest(node));

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly store: Store,
  ) {
    super();
  }

  /** A row by id; the store keeps decoded rows, so reading one again costs a map lookup. */
  row(type: string, id: number): Row | undefined {
    return this.store.rows.get(type, id);
  }

  /** `filter` as a test of rows of `type`, all in `scope` when one is given. */
  test(filter: FilterNode, type: string, scope?: RowScope): RowTest {
    const key = scope === undefined ? type : `${type}|${scope.status}|${scope.locale ?? ''}`;
    let byRows = this.compiled.get(filter);
    if (!byRows) this.compiled.set(filter, (byRows = new Map()));
    let test = byRows.get(key);
    if (!test) byRows.set(key, (test = this.visit(filter, { type, scope })));
    return test;
  }

  protected visitCompare(node: CompareNode, rows: Rows): RowTest {
    const byRow = this.readTest(rows.type, node.field.name, matcherFor(node));
    const byRank = rows.scope && rankTest(this.store, rows.type, rows.scope, node);
    if (!byRank) return byRow;
    return (id) => {
      const t = byRank(id);
      return t === undefined ? byRow(id) : t;
    };
  }

  protected visitRelation(node: RelationNode, rows: Rows): RowTest {
    const linked = this.linkTest(node);
    if (node.holder === undefined) return linked;
    // A relation of a single component goes from that component's id; a row without it links nothing.
    const { unlinked } = node;
    return this.readTest(rows.type, `${node.holder}.id`, (source) => (typeof source === 'number' ? linked(source) : unlinked));
  }

  protected visitItems(node: ItemsNode, rows: Rows): RowTest {
    const item = this.items.visit(node.child);
    const { unlinked } = node;
    return this.readTest(rows.type, node.path, (list) => someOf(list, item, unlinked));
  }

  /** A test of the value a row of `type` holds at `name` (NULL for a row that is gone). */
  private readTest(type: string, name: string, test: (value: unknown) => Truth): RowTest {
    const read = fieldReader(name);
    return (id) => {
      const row = this.row(type, id);
      return test(row === undefined ? null : read(row) ?? null);
    };
  }

  /** Whether some row linked from a source id (a row's, or a component's) passes the relation's condition. */
  private linkTest(node: RelationNode): (source: number) => Truth {
    const attr = this.registry.model(node.source).attributes.get(node.attribute);
    if (attr?.kind !== 'relation') throw new Error(`${node.source}.${node.attribute} is not a relation`);
    const list = attr.listName;
    const { target, unlinked } = node;
    // Links reach every version and locale of their targets: no one scope to read an index of.
    const child = this.visit(node.child, { type: target, scope: undefined });
    return (source) => {
      const targets = this.store.links.targetSet(list, source);
      if (targets.length === 0) return unlinked;
      for (let i = 0; i < targets.length; i++) {
        const t = targets[i]!;
        if (this.row(target, t) && child(t) === true) return true;
      }
      return false;
    };
  }
}
