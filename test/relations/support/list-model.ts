/**
 * A plain in-memory model of relation lists, written from docs/relations.md independently of
 * src/relations. Entities are named by a key (the test uses documentIds); every (side, entity)
 * holds an ordered list of keys of the other type.
 *
 * The model reads the same raw relation values a client sends (`data.<relation>`), so that it
 * checks the payload reading as well as the ordering.
 */

export type Kind = 'restaurant' | 'category' | 'chef';

export interface SideDef {
  readonly name: string;
  readonly source: Kind;
  readonly attr: string;
  readonly target: Kind;
  /** This side holds a list; false: at most one target. */
  readonly toMany: boolean;
  /** The other side's name. */
  readonly partner: string;
}

/** restaurant.categories ↔ category.restaurants (manyToMany); restaurant.chef (manyToOne) ↔ chef.restaurants (oneToMany). */
export const SIDES: readonly SideDef[] = [
  { name: 'restaurant.categories', source: 'restaurant', attr: 'categories', target: 'category', toMany: true, partner: 'category.restaurants' },
  { name: 'category.restaurants', source: 'category', attr: 'restaurants', target: 'restaurant', toMany: true, partner: 'restaurant.categories' },
  { name: 'restaurant.chef', source: 'restaurant', attr: 'chef', target: 'chef', toMany: false, partner: 'chef.restaurants' },
  { name: 'chef.restaurants', source: 'chef', attr: 'restaurants', target: 'restaurant', toMany: true, partner: 'restaurant.chef' },
];

export const sideOf = (source: Kind, attr: string): SideDef | undefined => SIDES.find((s) => s.source === source && s.attr === attr);
const sideNamed = (name: string): SideDef => SIDES.find((s) => s.name === name)!;

/** Maps an item id as sent (documentId, row id, digit string) to an entity key, or undefined if it names nothing. */
export type Resolver = (kind: Kind, id: string | number) => string | undefined;

/** An update the model predicts to be a 400. */
export class ModelError extends Error {}

type Where = { at: 'start' } | { at: 'end' } | { at: 'before' | 'after'; anchor: string };

interface Item {
  readonly key: string;
  readonly position: Where | undefined;
}

type Op =
  | { kind: 'set'; keys: string[] }
  | { kind: 'update'; connect: Item[]; disconnect: string[]; strict: boolean };

export type Outcome = { ok: true } | { ok: false; reason: string };

export class ListModel {
  /** What accepted updates exercised, over the whole run (for QUARRY_PROPERTY_STATS). */
  static readonly stats = new Map<string, number>();
  private pending: string[] = [];
  private note(what: string): void {
    this.pending.push(what);
  }

  /** side name → source key → ordered target keys. */
  private lists: Map<string, Map<string, string[]>>;

  constructor(
    private readonly resolver: Resolver,
    from?: Map<string, Map<string, string[]>>,
  ) {
    this.lists = from ?? new Map(SIDES.map((s) => [s.name, new Map()]));
  }

  list(side: string, key: string): readonly string[] {
    return this.lists.get(side)!.get(key) ?? [];
  }

  private mutable(side: string, key: string): string[] {
    const bySource = this.lists.get(side)!;
    let l = bySource.get(key);
    if (!l) bySource.set(key, (l = []));
    return l;
  }

  clone(): ListModel {
    const copy = new Map([...this.lists].map(([side, m]) => [side, new Map([...m].map(([k, l]) => [k, [...l]]))]));
    return new ListModel(this.resolver, copy);
  }

  /**
   * Applies the relation keys of one update's `data` to `source` (other keys are ignored).
   * All or nothing: on a predicted 400 the model is left as it was.
   */
  update(kind: Kind, source: string, data: Readonly<Record<string, unknown>>): Outcome {
    const next = this.clone();
    try {
      for (const [attr, value] of Object.entries(data)) {
        const side = sideOf(kind, attr);
        if (!side) continue;
        const op = next.parse(side, value);
        if (op) next.apply(side, source, op);
      }
    } catch (e) {
      if (e instanceof ModelError) return { ok: false, reason: e.message };
      throw e;
    }
    this.lists = next.lists;
    for (const what of next.pending) ListModel.stats.set(what, (ListModel.stats.get(what) ?? 0) + 1);
    return { ok: true };
  }

  // ---- reading a relation value ----------------------------------------------------------

  private parse(side: SideDef, value: unknown): Op | undefined {
    if (value === undefined) return undefined;
    if (value === null) return { kind: 'set', keys: [] };
    if (Array.isArray(value)) return this.setOf(side, value);
    if (typeof value === 'string' || typeof value === 'number') return this.setOf(side, [value]);
    const v = value as Record<string, unknown>;
    if ('documentId' in v || 'id' in v) return this.setOf(side, [v]);
    if (v.set !== undefined && (v.connect !== undefined || v.disconnect !== undefined)) throw new ModelError('set with connect');
    if (v.set !== undefined) return this.setOf(side, asList(v.set));
    if (v.connect === undefined && v.disconnect === undefined) return undefined;
    const connect = v.connect === undefined ? [] : asList(v.connect).map((i) => this.item(side, i));
    const seen = new Set<string>();
    for (const c of connect) {
      if (seen.has(c.key)) throw new ModelError('duplicate in connect');
      seen.add(c.key);
    }
    const disconnect = v.disconnect === undefined ? [] : asList(v.disconnect).map((i) => this.item(side, i).key);
    const strict = (v.options as { strict?: boolean } | undefined)?.strict ?? true;
    // xToOne: the last connect item is the one used, without a position.
    const used = side.toMany ? connect : connect.slice(-1).map((c) => ({ key: c.key, position: undefined }));
    return { kind: 'update', connect: used, disconnect, strict };
  }

  private setOf(side: SideDef, raw: readonly unknown[]): Op {
    const keys = raw.map((i) => this.item(side, i).key);
    const unique = [...new Set(keys)];
    return { kind: 'set', keys: side.toMany ? unique : keys.slice(-1) };
  }

  private item(side: SideDef, raw: unknown): Item {
    if (typeof raw === 'string' || typeof raw === 'number') return { key: this.resolve(side.target, raw), position: undefined };
    const o = raw as { documentId?: string; id?: number | string; position?: Record<string, unknown> };
    const key = this.resolve(side.target, o.documentId ?? o.id!);
    const p = o.position;
    if (p === undefined) return { key, position: undefined };
    // Precedence when several are given: before, after, start, end.
    if (p.before !== undefined) return { key, position: { at: 'before', anchor: this.resolve(side.target, p.before as string) } };
    if (p.after !== undefined) return { key, position: { at: 'after', anchor: this.resolve(side.target, p.after as string) } };
    if (p.start !== undefined && p.start !== false) return { key, position: { at: 'start' } };
    return { key, position: { at: 'end' } };
  }

  private resolve(kind: Kind, id: unknown): string {
    const key = this.resolver(kind, id as string | number);
    if (key === undefined) throw new ModelError('not found');
    return key;
  }

  // ---- applying it -----------------------------------------------------------------------

  private apply(side: SideDef, source: string, op: Op): void {
    if (op.kind === 'set') {
      for (const t of [...this.list(side.name, source)]) if (!op.keys.includes(t)) this.unlink(side, source, t);
      for (const t of op.keys) this.link(side, source, t, { at: 'end' });
      return;
    }
    for (const t of op.disconnect) this.unlink(side, source, t);
    for (const item of this.connectOrder(side, source, op.connect)) {
      this.link(side, source, item.key, this.whereOf(side, source, item, op.strict));
    }
  }

  /**
   * Array order, unless some item is anchored to a target that is neither linked nor an earlier
   * item: then depth first, each item after the item its anchor names (when that anchor is not
   * linked). A cycle is an error.
   */
  private connectOrder(side: SideDef, source: string, items: readonly Item[]): Item[] {
    const linked = new Set(this.list(side.name, source));
    const anchorOf = (i: Item) => (i.position && (i.position.at === 'before' || i.position.at === 'after') ? i.position.anchor : undefined);
    const indexOf = new Map(items.map((it, i) => [it.key, i]));
    const needsSorting = items.some((it, i) => {
      const a = anchorOf(it);
      return a !== undefined && !linked.has(a) && !((indexOf.get(a) ?? Infinity) < i);
    });
    if (!needsSorting) return [...items];
    if (items.length > 1) this.note('connect reordered depth first');
    const out: Item[] = [];
    const done = new Set<number>();
    const visit = (i: number, path: ReadonlySet<number>): void => {
      if (path.has(i)) throw new ModelError('circular connect');
      if (done.has(i)) return;
      const it = items[i]!;
      const a = anchorOf(it);
      if (a === it.key) throw new ModelError('anchored to itself');
      const dep = a !== undefined && !linked.has(a) ? indexOf.get(a) : undefined;
      if (dep !== undefined) visit(dep, new Set(path).add(i));
      done.add(i);
      out.push(it);
    };
    items.forEach((_, i) => visit(i, new Set()));
    return out;
  }

  private whereOf(side: SideDef, source: string, item: Item, strict: boolean): Where {
    const p = item.position;
    if (!side.toMany || p === undefined) return { at: 'end' };
    if (p.at === 'start' || p.at === 'end') return p;
    if (p.anchor === item.key) throw new ModelError('anchored to itself');
    if (this.list(side.name, source).includes(p.anchor)) {
      this.note(`placed ${p.at} a linked target`);
      return p;
    }
    if (strict) throw new ModelError('missing anchor (strict)');
    this.note('missing anchor → end (non-strict)');
    return { at: 'end' };
  }

  // ---- one link, both sides --------------------------------------------------------------

  /** Puts `target` at `where` in the source's list (moving it if linked) and upholds both sides. */
  private link(side: SideDef, source: string, target: string, where: Where): void {
    const partner = sideNamed(side.partner);
    if (!side.toMany) for (const other of [...this.list(side.name, source)]) if (other !== target) this.unlink(side, source, other);
    if (!partner.toMany) {
      for (const other of [...this.list(partner.name, target)]) {
        if (other === source) continue;
        this.note('stolen from another chef');
        this.unlink(side, other, target);
      }
    }
    const l = this.mutable(side.name, source);
    const at = l.indexOf(target);
    if (at >= 0) {
      l.splice(at, 1);
      if (where.at !== 'end' || at !== l.length) this.note(`moved ${side.name}`);
    }
    switch (where.at) {
      case 'start':
        l.unshift(target);
        break;
      case 'end':
        l.push(target);
        break;
      default: {
        const a = l.indexOf(where.anchor);
        if (a < 0) throw new Error('model: anchor vanished');
        l.splice(where.at === 'before' ? a : a + 1, 0, target);
      }
    }
    // The far side: a new link goes to the end of the target's list; an existing one stays put.
    const inverse = this.mutable(partner.name, target);
    if (!inverse.includes(source)) inverse.push(source);
  }

  private unlink(side: SideDef, source: string, target: string): void {
    remove(this.mutable(side.name, source), target);
    remove(this.mutable(side.partner, target), source);
  }
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [v];
}

function remove(l: string[], x: string): void {
  const i = l.indexOf(x);
  if (i >= 0) l.splice(i, 1);
}
