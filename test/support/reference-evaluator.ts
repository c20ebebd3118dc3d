import type { SchemaRegistry } from '../../src/schema/registry.js';
import {
  FilterVisitor,
  type AndNode, type CompareNode, type ConstNode, type FilterNode, type ItemsNode, type NotNode, type OrNode, type RelationNode,
} from '../../src/query/ir/index.js';
import { and3, not3, or3, testCompare, type Truth } from '../../src/query/values/index.js';

/**
 * The oracle executors are tested against: reads a filter tree over decoded rows, one row at a
 * time, with nothing clever in it. What a single comparison means comes from
 * `src/query/values`; how comparisons combine (three-valued logic, exists over links) is here.
 */

/**
 * A decoded row, or an item of a repeatable component. Values as stored: text kinds, biginteger (decimal digits), date, datetime and
 * time as strings; integer, float and decimal as numbers; boolean as boolean; json as parsed.
 * NULL is `null` or an absent key. Components as stored in the row: a single one an object (or
 * null), a repeatable one a list of objects, each with its `id`.
 */
export interface Entry {
  readonly id: number;
  readonly documentId: string;
  readonly [field: string]: unknown;
}

export interface World {
  /** The rows linked from `entry` (a row, or a component by its id) through `attribute` of `sourceUid`, in relation order. */
  related(sourceUid: string, entry: Entry, attribute: string): readonly Entry[];
}

/** Whether the filter selects the row: only TRUE does, UNKNOWN does not. */
export function evaluate(node: FilterNode, entry: Entry, world: World): boolean {
  return new ReferenceEvaluator(world).visit(node, entry) === true;
}

/** Every field NULL, `id` and `documentId` too, so no links either. */
const NULL_ROW = Object.freeze({ id: null, documentId: null }) as unknown as Entry;

class ReferenceEvaluator extends FilterVisitor<Truth, Entry> {
  constructor(private readonly world: World) {
    super();
  }

  protected visitAnd(node: AndNode, entry: Entry): Truth {
    return and3(node.children.map((child) => this.visit(child, entry)));
  }

  protected visitOr(node: OrNode, entry: Entry): Truth {
    return or3(node.children.map((child) => this.visit(child, entry)));
  }

  protected visitNot(node: NotNode, entry: Entry): Truth {
    return not3(this.visit(node.child, entry));
  }

  protected visitConst(node: ConstNode): Truth {
    return node.value;
  }

  protected visitCompare(node: CompareNode, entry: Entry): Truth {
    return testCompare(node, at(entry, node.field.name));
  }

  /**
   * EXISTS is two-valued: a linked row whose test is UNKNOWN does not count. An entry without
   * linked rows is tested on one row of NULLs, as a LEFT JOIN pairs it with. A component's
   * relation goes from the component (none: no links).
   */
  protected visitRelation(node: RelationNode, entry: Entry): Truth {
    const source = node.holder === undefined ? entry : (at(entry, node.holder) as Entry | null);
    return this.some(source === null ? [] : this.world.related(node.source, source, node.attribute), node.child);
  }

  /** The same over the items of a repeatable component, which the entry holds. */
  protected visitItems(node: ItemsNode, entry: Entry): Truth {
    const items = at(entry, node.path);
    return this.some(Array.isArray(items) ? (items as Entry[]) : [], node.child);
  }

  private some(rows: readonly Entry[], child: FilterNode): Truth {
    if (rows.length === 0) return child.kind === 'const' ? false : this.visit(child, NULL_ROW) === true;
    return rows.some((row) => this.visit(child, row) === true);
  }
}

/** The value at a dotted path through single components; NULL where one is missing. */
function at(entry: Entry, path: string): unknown {
  let value: unknown = entry;
  for (const name of path.split('.')) value = value === null || value === undefined ? null : (value as Entry)[name];
  return value ?? null;
}

/** Rows and links held in memory; linking one side of a bidirectional relation links the other. */
export class MemoryWorld implements World {
  private readonly rows = new Map<string, Map<number, Entry>>();
  private readonly links = new Map<string, Entry[]>();

  constructor(private readonly registry: SchemaRegistry) {}

  add(uid: string, entries: readonly Entry[]): this {
    const table = this.rows.get(uid) ?? new Map<number, Entry>();
    for (const entry of entries) table.set(entry.id, entry);
    this.rows.set(uid, table);
    return this;
  }

  /** Links a row, or a component by its id (`sourceUid` the component's; its relations are one-way). */
  link(sourceUid: string, sourceId: number, attribute: string, targetIds: readonly number[]): this {
    const attr = this.registry.model(sourceUid).attributes.get(attribute);
    if (attr?.kind !== 'relation') throw new Error(`${sourceUid}.${attribute} is not a relation`);
    const inverse = this.registry.inverseOf(attr);
    for (const targetId of targetIds) {
      this.linkedFrom(sourceUid, sourceId, attribute).push(this.row(attr.target, targetId));
      if (inverse) this.linkedFrom(attr.target, targetId, inverse.name).push(this.row(sourceUid, sourceId));
    }
    return this;
  }

  related(sourceUid: string, entry: Entry, attribute: string): readonly Entry[] {
    return this.links.get(linkKey(sourceUid, entry.id, attribute)) ?? [];
  }

  all(uid: string): Entry[] {
    return [...(this.rows.get(uid)?.values() ?? [])];
  }

  /** Ids of the rows of `uid` the filter selects, in id order. */
  select(uid: string, node: FilterNode): number[] {
    return this.all(uid).filter((entry) => evaluate(node, entry, this)).map((e) => e.id).sort((a, b) => a - b);
  }

  private row(uid: string, id: number): Entry {
    const entry = this.rows.get(uid)?.get(id);
    if (!entry) throw new Error(`No ${uid} row ${id}`);
    return entry;
  }

  private linkedFrom(uid: string, id: number, attribute: string): Entry[] {
    const key = linkKey(uid, id, attribute);
    let list = this.links.get(key);
    if (!list) this.links.set(key, (list = []));
    return list;
  }
}

const linkKey = (uid: string, id: number, attribute: string): string => `${uid}\u0000${attribute}\u0000${id}`;
