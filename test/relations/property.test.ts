/**
 * Relation lists against a plain list model (support/list-model.ts; docs/relations.md):
 * random sequences of connect / disconnect / set / plain-array updates go through the document
 * service and through the model; after every step every list on both sides of
 * restaurant.categories ↔ category.restaurants (manyToMany) and restaurant.chef ↔
 * chef.restaurants (manyToOne / oneToMany, with stealing) must match, and a rejected update must
 * be a 400 ValidationError that changed nothing.
 *
 * Longer runs: QUARRY_PROPERTY_RUNS=2000 QUARRY_PROPERTY_STEPS=60 npx vitest run test/relations/property.test.ts
 * Replay: QUARRY_PROPERTY_SEED=<seed> (printed on failure, with the shrunk steps).
 * QUARRY_PROPERTY_STATS=1 prints rejections by reason and what accepted updates exercised.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';
import { ListModel, SIDES, type Kind } from './support/list-model.js';

const RUNS = Number(process.env.QUARRY_PROPERTY_RUNS ?? 100);
const MAX_STEPS = Number(process.env.QUARRY_PROPERTY_STEPS ?? 30);
const SEED = process.env.QUARRY_PROPERTY_SEED === undefined ? undefined : Number(process.env.QUARRY_PROPERTY_SEED);

// ---- generated operations: indices resolved against the model's state when a step runs ------

/** A target: any entity of the target type, or the i-th target currently linked (mod length). */
type TargetRef = { readonly k: 'any' | 'linked'; readonly i: number };
/** An anchor may also name the i-th item of the same connect array. */
type AnchorRef = { readonly k: 'any' | 'linked' | 'item'; readonly i: number };
type Form = 'short' | 'long' | 'id' | 'idobj' | 'idstr';
type PosGen =
  | null
  | { readonly at: 'start' | 'end' }
  | { readonly at: 'before' | 'after'; readonly anchor: AnchorRef; readonly byId: boolean; readonly self: boolean };
interface ItemGen {
  readonly t: TargetRef;
  readonly form: Form;
  readonly pos: PosGen;
}
type ValueGen =
  | {
      readonly kind: 'connect';
      readonly items: readonly ItemGen[];
      /** Appends a second item for the dup-th target: a 400. */
      readonly dup: number | null;
      readonly single: boolean;
      readonly disconnect: readonly ItemGen[] | null;
      readonly strict: boolean | null;
    }
  | { readonly kind: 'disconnect'; readonly items: readonly ItemGen[]; readonly single: boolean }
  | { readonly kind: 'set'; readonly items: readonly ItemGen[]; readonly single: boolean }
  | { readonly kind: 'plain'; readonly items: readonly ItemGen[] }
  | { readonly kind: 'one'; readonly item: ItemGen }
  | { readonly kind: 'null' }
  /** set with connect or disconnect: a 400. */
  | { readonly kind: 'setConnect'; readonly set: readonly ItemGen[]; readonly other: readonly ItemGen[]; readonly key: 'connect' | 'disconnect' };
interface StepGen {
  readonly source: Kind;
  readonly i: number;
  readonly values: readonly { readonly attr: string; readonly v: ValueGen }[];
}

const idx = fc.nat(7);
const targetRef: fc.Arbitrary<TargetRef> = fc.record({ k: fc.constantFrom('any' as const, 'linked' as const), i: idx });
const anchorRef: fc.Arbitrary<AnchorRef> = fc.record({ k: fc.constantFrom('any' as const, 'linked' as const, 'item' as const), i: idx });
const posGen: fc.Arbitrary<PosGen> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.record({ at: fc.constantFrom('start' as const, 'end' as const) }) },
  { weight: 5, arbitrary: fc.record({
      at: fc.constantFrom('before' as const, 'after' as const),
      anchor: anchorRef,
      byId: fc.boolean(),
      // Anchored to itself: a 400; otherwise an anchor that lands on the item moves to another target.
      self: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }) },
);
const itemGen: fc.Arbitrary<ItemGen> = fc.record({
  t: targetRef,
  form: fc.constantFrom<Form>('short', 'long', 'long', 'id', 'idobj', 'idstr'),
  pos: posGen,
});
const items = (min: number, max: number) => fc.array(itemGen, { minLength: min, maxLength: max });
const rare = <T>(arb: fc.Arbitrary<T>, weight = 6) => fc.oneof({ weight, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const valueGen: fc.Arbitrary<ValueGen> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('connect' as const),
      items: items(1, 5),
      dup: rare(fc.nat(4), 10),
      single: fc.boolean(),
      disconnect: rare(items(1, 2), 3),
      strict: fc.constantFrom(null, null, true, false, false),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('disconnect' as const), items: items(1, 3), single: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), items: items(0, 6), single: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('plain' as const), items: items(0, 5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('one' as const), item: itemGen }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'null' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('setConnect' as const), set: items(0, 2), other: items(1, 2), key: fc.constantFrom('connect' as const, 'disconnect' as const) }) },
);
const sourceIndex = fc.nat(4);
const stepGen: fc.Arbitrary<StepGen> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ source: fc.constant('restaurant' as const), i: sourceIndex, values: fc.tuple(valueGen).map(([v]) => [{ attr: 'categories', v }]) }) },
  { weight: 1, arbitrary: fc.record({ source: fc.constant('restaurant' as const), i: sourceIndex, values: fc.tuple(valueGen).map(([v]) => [{ attr: 'chef', v }]) }) },
  { weight: 1, arbitrary: fc.record({ source: fc.constant('restaurant' as const), i: sourceIndex, values: fc.tuple(valueGen, valueGen).map(([a, b]) => [{ attr: 'categories', v: a }, { attr: 'chef', v: b }]) }) },
  { weight: 2, arbitrary: fc.record({ source: fc.constant('category' as const), i: sourceIndex, values: fc.tuple(valueGen).map(([v]) => [{ attr: 'restaurants', v }]) }) },
  { weight: 3, arbitrary: fc.record({ source: fc.constant('chef' as const), i: fc.nat(2), values: fc.tuple(valueGen).map(([v]) => [{ attr: 'restaurants', v }]) }) },
);

// ---- rendering a generated step into the payload a client would send --------------------

function render(h: Harness, step: StepGen): Record<string, unknown> {
  const source = h.entities[step.source][step.i % h.entities[step.source].length]!;
  const data: Record<string, unknown> = {};
  for (const { attr, v } of step.values) {
    const side = SIDES.find((s) => s.source === step.source && s.attr === attr)!;
    const pool = h.entities[side.target];
    const linked = h.model.list(side.name, source.documentId).map((d) => pool.find((e) => e.documentId === d)!);
    const pick = (r: TargetRef) => (r.k === 'linked' && linked.length > 0 ? linked[r.i % linked.length]! : pool[r.i % pool.length]!);

    const renderItems = (gens: readonly ItemGen[], unique: boolean, positions: boolean): unknown[] => {
      const chosen: { g: ItemGen; e: (typeof pool)[number] }[] = [];
      for (const g of gens) {
        const e = pick(g.t);
        if (unique && chosen.some((c) => c.e === e)) continue;
        chosen.push({ g, e });
      }
      return chosen.map(({ g, e }) => {
        const pos = positions ? g.pos : null;
        let position: Record<string, unknown> | undefined;
        if (pos === null) position = undefined;
        else if (!('anchor' in pos)) position = { [pos.at]: true };
        else {
          const r = pos.anchor;
          let a = r.k === 'item' ? chosen[r.i % chosen.length]!.e : pick({ k: r.k, i: r.i });
          if (a === e && !pos.self) a = r.k === 'item' && chosen.length > 1 ? chosen[(r.i + 1) % chosen.length]!.e : pool[(pool.indexOf(e) + 1 + r.i) % pool.length]!;
          position = { [pos.at]: pos.byId ? a.id : a.documentId };
        }
        if (position === undefined) {
          switch (g.form) {
            case 'short': return e.documentId;
            case 'id': return e.id;
            case 'idstr': return String(e.id);
            case 'idobj': return { id: e.id };
            case 'long': return { documentId: e.documentId };
          }
        }
        return g.form === 'id' || g.form === 'idobj' || g.form === 'idstr' ? { id: e.id, position } : { documentId: e.documentId, position };
      });
    };

    const value = ((): unknown => {
      switch (v.kind) {
        case 'connect': {
          const connect = renderItems(v.items, true, true);
          if (v.dup !== null) {
            const twin = renderItems([v.items[v.dup % v.items.length]!], true, false)[0]!;
            connect.push(twin);
          }
          const out: Record<string, unknown> = { connect: v.single && connect.length === 1 ? connect[0] : connect };
          if (v.disconnect) out.disconnect = renderItems(v.disconnect, false, false);
          if (v.strict !== null) out.options = { strict: v.strict };
          return out;
        }
        case 'disconnect': {
          const d = renderItems(v.items, false, false);
          return { disconnect: v.single && d.length === 1 ? d[0] : d };
        }
        case 'set': {
          const s = renderItems(v.items, false, true);
          return { set: v.single && s.length === 1 ? s[0] : s };
        }
        case 'plain':
          return renderItems(v.items, false, true);
        case 'one':
          return renderItems([v.item], false, true)[0];
        case 'null':
          return null;
        case 'setConnect':
          return { set: renderItems(v.set, false, false), [v.key]: renderItems(v.other, true, false) };
      }
    })();
    data[attr] = value;
  }
  return data;
}

// ---- the property --------------------------------------------------------------------------

describe('relation lists follow the list model', () => {
  it(`random update sequences (${RUNS} runs, up to ${MAX_STEPS} steps)`, async () => {
    let accepted = 0;
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepGen, { minLength: 1, maxLength: MAX_STEPS, size: 'max' }), async (steps) => {
        const h = await Harness.open();
        try {
          let n = 0;
          for (const step of steps) {
            const ok = await h.step(step.source, step.i % h.entities[step.source].length, render(h, step), step.source === 'restaurant' ? ++n : `v${++n}`);
            if (ok) accepted++;
            else rejected++;
          }
        } finally {
          await h.dispose();
        }
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false },
    );
    if (process.env.QUARRY_PROPERTY_STATS) console.log(`accepted ${accepted}, rejected ${rejected}`, Harness.reasons, ListModel.stats);
    // Both outcomes must be exercised in earnest.
    expect(accepted).toBeGreaterThan(RUNS * 3);
    expect(rejected).toBeGreaterThan(RUNS / 2);
  }, 600_000);
});

// ---- fixed cases: docs/relations.md's position examples, through both ---------------------------------

describe('the position examples of docs/relations.md, store and model', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.open({ restaurant: 2, category: 5, chef: 2 });
  });
  afterEach(async () => {
    await h.dispose();
  });
  const c = (i: number) => h.entities.category[i]!.documentId;
  const at = (i: number, position: Record<string, unknown>) => ({ documentId: c(i), position });
  const cats = () => h.model.list('restaurant.categories', h.entities.restaurant[0]!.documentId).map((d) => h.entities.category.find((e) => e.documentId === d)!.label);
  const update = (categories: unknown) => h.step('restaurant', 0, { categories }, 1);

  it('[1,2,3] + connect [{5 before 1},{1 before 2},{2 end}] → [5,1,3,2]', async () => {
    await update([c(1), c(2), c(3)]);
    expect(await update({ connect: [at(4, { before: c(1) }), at(1, { before: c(2) }), at(2, { end: true })] })).toBe(true);
    expect(cats()).toEqual(['C4', 'C1', 'C3', 'C2']);
  });

  it('[] + connect [{1 start},{2 start},{3 after 1}] → [2,1,3]', async () => {
    await update({ connect: [at(1, { start: true }), at(2, { start: true }), at(3, { after: c(1) })] });
    expect(cats()).toEqual(['C2', 'C1', 'C3']);
  });

  it('[1,2] + connect [{1 before 2},{2 start},{3 end}] → [2,1,3]', async () => {
    await update([c(1), c(2)]);
    await update({ connect: [at(1, { before: c(2) }), at(2, { start: true }), at(3, { end: true })] });
    expect(cats()).toEqual(['C2', 'C1', 'C3']);
  });

  it('[1,2,3] + connect [3,2,1] → [3,2,1]; [2] → [1,3,2]; [2,1] → [3,2,1]', async () => {
    for (const [connect, want] of [[[3, 2, 1], ['C3', 'C2', 'C1']], [[2], ['C1', 'C3', 'C2']], [[2, 1], ['C3', 'C2', 'C1']]] as const) {
      await update([c(1), c(2), c(3)]);
      await update({ connect: connect.map(c) });
      expect(cats()).toEqual(want);
    }
  });

  it('an item anchored to a later item waits for it; a cycle and a missing anchor are 400s', async () => {
    await update([c(1)]);
    expect(await update({ connect: [at(2, { after: c(3) }), at(3, { before: c(1) })] })).toBe(true);
    expect(cats()).toEqual(['C3', 'C2', 'C1']);
    expect(await update({ connect: [at(0, { after: c(4) }), at(4, { before: c(0) })] })).toBe(false);
    expect(await update({ connect: [at(0, { after: c(4) })] })).toBe(false);
    expect(await update({ connect: [at(0, { after: c(4) })], options: { strict: false } })).toBe(true);
    expect(cats()).toEqual(['C3', 'C2', 'C1', 'C0']);
  });

  it('the model: disconnect first, then connect re-creates the link at the end of the far side', () => {
    const m = new ListModel((_k, id) => String(id));
    m.update('restaurant', 'r', { categories: ['a', 'b'] });
    m.update('restaurant', 's', { categories: ['a'] });
    expect(m.list('category.restaurants', 'a')).toEqual(['r', 's']);
    m.update('restaurant', 'r', { categories: { connect: ['a'], disconnect: ['a'] } });
    expect(m.list('restaurant.categories', 'r')).toEqual(['b', 'a']);
    expect(m.list('category.restaurants', 'a')).toEqual(['s', 'r']);
  });
});
