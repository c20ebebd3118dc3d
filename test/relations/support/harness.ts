import { expect } from 'vitest';
import type { Quarry } from '../../../src/index.js';
import { tempQuarry } from '../../support/temp-quarry.js';
import { ListModel, SIDES, type Kind } from './list-model.js';

export const UID: Record<Kind, string> = {
  restaurant: 'api::restaurant.restaurant',
  category: 'api::category.category',
  chef: 'api::chef.chef',
};
const PREFIX: Record<Kind, string> = { restaurant: 'R', category: 'C', chef: 'H' };
/** The scalar each update also writes, to check that a rejected update writes nothing. */
const SCALAR: Record<Kind, string> = { restaurant: 'stars', category: 'name', chef: 'name' };

export interface Entity {
  readonly label: string;
  readonly documentId: string;
  readonly id: number;
}

/**
 * One Quarry on a temporary folder plus the list model, fed the same updates. `step` applies an
 * update's `data` to both and checks every list on both sides of both relations, and the scalars.
 */
export class Harness {
  readonly model: ListModel;
  private readonly scalars = new Map<string, unknown>();
  readonly log: string[] = [];
  /** Rejections by predicted reason, over the whole run. */
  static readonly reasons = new Map<string, number>();

  private constructor(
    readonly q: Quarry & { dispose(): Promise<void> },
    readonly entities: Record<Kind, readonly Entity[]>,
  ) {
    this.model = new ListModel((kind, id) => this.resolve(kind, id));
  }

  static async open(counts: Record<Kind, number> = { restaurant: 5, category: 5, chef: 3 }): Promise<Harness> {
    const q = tempQuarry();
    const entities = {} as Record<Kind, Entity[]>;
    for (const kind of ['restaurant', 'category', 'chef'] as const) {
      entities[kind] = [];
      for (let i = 0; i < counts[kind]; i++) {
        const e = await q.documents(UID[kind]).create({ data: { name: `${PREFIX[kind]}${i}` } });
        entities[kind].push({ label: `${PREFIX[kind]}${i}`, documentId: e.documentId as string, id: e.id as number });
      }
    }
    const h = new Harness(q, entities);
    for (const kind of ['restaurant', 'category', 'chef'] as const) {
      for (const e of entities[kind]) h.scalars.set(e.documentId, kind === 'restaurant' ? null : e.label);
    }
    return h;
  }

  dispose(): Promise<void> {
    return this.q.dispose();
  }

  private resolve(kind: Kind, id: string | number): string | undefined {
    const list = this.entities[kind];
    if (typeof id === 'number' || /^[0-9]+$/.test(id)) return list.find((e) => e.id === Number(id))?.documentId;
    return list.find((e) => e.documentId === id)?.documentId;
  }

  /** Replaces documentIds by labels, for messages. */
  describe(value: unknown): string {
    let s = JSON.stringify(value);
    for (const kind of ['restaurant', 'category', 'chef'] as const) {
      for (const e of this.entities[kind]) s = s.split(e.documentId).join(e.label);
    }
    return s;
  }

  /** Applies one update to the store and the model; returns whether it was accepted. */
  async step(kind: Kind, index: number, relations: Record<string, unknown>, scalarValue: unknown): Promise<boolean> {
    const source = this.entities[kind][index]!;
    const data = { ...relations, [SCALAR[kind]]: scalarValue };
    const line = `${source.label}.update(${this.describe(relations)})`;
    this.log.push(line);
    const predicted = this.model.update(kind, source.documentId, relations);
    let thrown: unknown;
    try {
      await this.q.documents(UID[kind]).update({ documentId: source.documentId, data });
    } catch (e) {
      thrown = e;
    }
    const history = `\n  steps:\n    ${this.log.join('\n    ')}`;
    if (predicted.ok && thrown !== undefined) {
      throw new Error(`store rejected an update the model accepts: ${String(thrown)}${history}`);
    }
    if (!predicted.ok) {
      if (thrown === undefined) throw new Error(`store accepted an update the model rejects (${predicted.reason})${history}`);
      const err = thrown as { name?: unknown; status?: unknown; message?: unknown };
      if (err.name !== 'ValidationError' || err.status !== 400) {
        throw new Error(`expected a 400 ValidationError (${predicted.reason}), got ${String(err.name)} ${String(err.status)}: ${String(err.message)}${history}`);
      }
      this.log[this.log.length - 1] += `  -> 400 ${String(err.message).slice(0, 80)}`;
      Harness.reasons.set(predicted.reason, (Harness.reasons.get(predicted.reason) ?? 0) + 1);
    } else {
      this.scalars.set(source.documentId, scalarValue);
    }
    await this.check(history);
    return predicted.ok;
  }

  /** Every list of both relations, from the store through the document service, against the model. */
  async check(history = ''): Promise<void> {
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    const label = (kind: Kind) => new Map(this.entities[kind].map((e) => [e.documentId, e.label]));
    const labels = { restaurant: label('restaurant'), category: label('category'), chef: label('chef') };
    for (const kind of ['restaurant', 'category', 'chef'] as const) {
      const sides = SIDES.filter((s) => s.source === kind);
      const populate = Object.fromEntries(sides.map((s) => [s.attr, { fields: ['name'] }]));
      const entries = await this.q.documents(UID[kind]).findMany({ fields: [SCALAR[kind]], populate });
      expect(entries.length).toBe(this.entities[kind].length);
      for (const entry of entries) {
        const docId = entry.documentId as string;
        const me = labels[kind].get(docId)!;
        actual[`${me}.${SCALAR[kind]}`] = entry[SCALAR[kind]];
        expected[`${me}.${SCALAR[kind]}`] = this.scalars.get(docId);
        for (const side of sides) {
          const v = entry[side.attr] as { documentId: string } | { documentId: string }[] | null;
          const got = v === null ? [] : Array.isArray(v) ? v : [v];
          actual[`${me}.${side.attr}`] = got.map((t) => labels[side.target].get(t.documentId) ?? t.documentId);
          expected[`${me}.${side.attr}`] = this.model.list(side.name, docId).map((t) => labels[side.target].get(t)!);
        }
      }
    }
    expect(actual, `lists differ after:${history}`).toEqual(expected);
  }
}
