import type { ObjectPlan, Shape } from './fast-path.js';
import { RawJson } from './raw-json.js';

/**
 * The text of a plan's answer, printed from the plan (fast-path.ts) rather than from result
 * objects: each field's `"key":` is printed once, at planning, and a value is printed by the shape
 * the plan already knows, so no key is quoted and no object is walked per request (walking the
 * answer with `JSON.stringify` for each key and leaf was a large part of a list query's cost).
 *
 * A run's values: an object is its fields' values in plan order (`FieldValues`), a union's item
 * the same with its member's plan, a list an array of its items, a list of kept row texts a
 * RawJson, a leaf its serialized value.
 */
export type FieldValues = readonly unknown[];

/** A union's value: the plan of the member it resolved to, and that object's values. */
export interface MemberValues {
  readonly plan: ObjectPlan;
  readonly values: FieldValues;
}

/** `{"data":<the values>}` in UTF-8 pieces: the answer the executor sends as it is. */
export function printData(root: ObjectPlan, values: FieldValues): RawJson {
  const out = new PlanPrinter('{"data":');
  out.object(root, values);
  out.text += '}';
  return new RawJson(out.done());
}

/** One object's text, for plans of leaves only (no RawJson inside): the text kept with a row. */
export function objectText(plan: ObjectPlan, values: FieldValues): string {
  const out = new PlanPrinter('');
  out.object(plan, values);
  return out.text;
}

class PlanPrinter {
  private readonly parts: Buffer[] = [];

  constructor(public text: string) {}

  object(plan: ObjectPlan, values: FieldValues): void {
    const { fields } = plan;
    if (fields.length === 0) {
      this.text += '{}';
      return;
    }
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      this.text += field.lead;
      this.value(field.shape, values[i]);
    }
    this.text += '}';
  }

  /** What `complete` left: null already checked against non-null types, leaves already serialized. */
  private value(shape: Shape, value: unknown): void {
    if (shape.kind === 'nonNull') shape = shape.of;
    if (value === null || value === undefined) {
      this.text += 'null';
      return;
    }
    switch (shape.kind) {
      case 'list':
        if (value instanceof RawJson) this.raw(value);
        else this.list(shape.of, value as readonly unknown[]);
        return;
      case 'object':
        this.object(shape.plan, value as FieldValues);
        return;
      case 'union':
        this.object((value as MemberValues).plan, (value as MemberValues).values);
        return;
      default:
        this.text += leafText(value);
    }
  }

  private list(item: Shape, items: readonly unknown[]): void {
    this.text += '[';
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.text += ',';
      this.value(item, items[i]);
    }
    this.text += ']';
  }

  private raw(value: RawJson): void {
    this.flush();
    for (const part of value.parts) this.parts.push(part);
  }

  done(): Buffer[] {
    this.flush();
    return this.parts;
  }

  private flush(): void {
    if (this.text === '') return;
    this.parts.push(Buffer.from(this.text));
    this.text = '';
  }
}

/** `JSON.stringify` of a serialized scalar; numbers and booleans (most leaves) without the call. */
function leafText(value: unknown): string {
  switch (typeof value) {
    case 'number':
      // JSON prints the non-finite as null; finite numbers print as String does (-0 as 0).
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return JSON.stringify(value) ?? 'null';
  }
}
