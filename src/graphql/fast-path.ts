import {
  getArgumentValues, getVariableValues, isEnumType, isListType, isNonNullType, isObjectType, isScalarType, isUnionType, Kind, visit,
  BREAK,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLObjectType, type GraphQLOutputType,
  type GraphQLResolveInfo, type GraphQLSchema, type GraphQLUnionType, type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import { BoundedMap } from '../cache/index.js';
import { jsonArray, rowTexts } from '../documents/entry-json.js';
import type { Entry } from '../documents/entry.js';
import { jsonText } from '../query/querystring/index.js';
import type { GraphqlContext } from './context.js';
import { variableCheck, type VariableCheck } from './id-variables.js';
import { objectText, printData, type FieldValues, type MemberValues } from './plan-printer.js';
import { RawJson } from './raw-json.js';

/**
 * Queries compiled once into plain plans and run without graphql-js's general executor: the
 * same resolvers and scalar serializers, but fields collected once per document (not once per
 * entry), arguments coerced once per variables text (not once per entry), no response paths
 * kept. Only for what cannot differ from graphql-js's answer: a query without directives
 * and without introspection, over object types and unions of them (dynamic zones, whose items
 * name their member synchronously). Anything unexpected while running (an
 * error, a null where the type forbids it) gives up with `FALLBACK`, and the caller runs the
 * operation through graphql-js, which answers errors in full (queries have no side effects).
 */

/** A field's output type, read once at planning: running a plan asks no `instanceof` questions. */
export type Shape =
  | { readonly kind: 'nonNull'; readonly of: Shape }
  | { readonly kind: 'list'; readonly of: Shape }
  | { readonly kind: 'leaf'; readonly serialize: (value: unknown) => unknown }
  | { readonly kind: 'object'; readonly plan: ObjectPlan }
  /** A dynamic zone's item: the plan of the member its value resolves to. */
  | { readonly kind: 'union'; readonly type: GraphQLUnionType; readonly plans: ReadonlyMap<string, ObjectPlan> };

export interface FieldPlan {
  readonly key: string;
  readonly name: string;
  readonly node: FieldNode;
  readonly def: GraphQLField<unknown, unknown> | undefined;
  readonly shape: Shape;
  readonly hasArgs: boolean;
  /** What resolvers read of `info`: the field's nodes (the relation loader's batch key, what a selection populates) and the fragments. */
  readonly info: GraphQLResolveInfo;
  /** The text opening its value in the printed object: `{"key":` for the first field, `,"key":` after. */
  readonly lead: string;
}

export interface ObjectPlan {
  readonly type: GraphQLObjectType;
  readonly fields: readonly FieldPlan[];
  /**
   * Set when every field is a property read of a scalar (no resolver, no arguments): the
   * object is then a function of its source alone, and its text is kept with the source's row.
   */
  readonly rowKey: string | undefined;
}

export interface QueryPlan {
  readonly operation: OperationDefinitionNode;
  readonly root: ObjectPlan;
  /**
   * Arguments by the JSON text of the variables they came from: coercing a filter tree costs
   * more than running a cheap list, and clients repeat the same variables (pages, dashboards).
   * The values are read-only for resolvers.
   */
  readonly argsByVariables: BoundedMap<string, Arguments>;
  /** What graphql-js's coercion leaves unchecked (id-variables.ts): run with it, so kept arguments passed both. */
  readonly checkVariables: VariableCheck;
}

/** Coerced variables and, filled as fields ask, each field's arguments. */
interface Arguments {
  readonly variables: Record<string, unknown>;
  readonly byField: Map<FieldPlan, Record<string, unknown>>;
}

/** Variables texts whose coerced arguments a plan keeps (they depend on the text and the schema only). */
const MAX_ARGUMENT_SETS = 256;

export const FALLBACK = Symbol('graphql fast path gives up');

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;

/** The plan of a query, or undefined when graphql-js must run it. */
export function planQuery(
  schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, checkVariables = variableCheck(schema, document, operation),
): QueryPlan | undefined {
  const root = schema.getQueryType();
  if (operation.operation !== 'query' || !root || usesDirectivesOrIntrospection(document)) return undefined;
  // Without a prototype, as graphql-js keeps them: a spread of `constructor` finds nothing.
  const fragments = Object.create(null) as Record<string, FragmentDefinitionNode>;
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  try {
    return { operation, root: planObject(schema, fragments, root, [operation.selectionSet]), argsByVariables: new BoundedMap(MAX_ARGUMENT_SETS), checkVariables };
  } catch {
    return undefined;
  }
}

function usesDirectivesOrIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive() {
      found = true;
      return BREAK;
    },
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** `union`: the union the object is a member of here, whose fragments apply to it too. */
function planObject(schema: GraphQLSchema, fragments: Fragments, type: GraphQLObjectType, sets: readonly SelectionSetNode[], union?: string): ObjectPlan {
  const collected = new Map<string, FieldNode[]>();
  for (const set of sets) collect(fragments, [type.name, union], set, collected, new Set());
  const defs = type.getFields();
  const fields = [...collected].map(([key, nodes], index): FieldPlan => {
    const node = nodes[0]!;
    const name = node.name.value;
    const def = defs[name];
    const subSets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    // `__typename` has no definition on the type: its resolver returns the type's name, a String.
    const shape = def ? shapeOf(schema, def.type, (object, union) => planObject(schema, fragments, object, subSets, union)) : { kind: 'nonNull' as const, of: TEXT };
    return {
      key, name, node, def, shape, hasArgs: (def?.args.length ?? 0) > 0, info: { fieldNodes: nodes, fragments } as unknown as GraphQLResolveInfo,
      lead: `${index === 0 ? '{' : ','}${JSON.stringify(key)}:`,
    };
  });
  const propertyReads = fields.every((f) => f.def !== undefined && !f.def.resolve && !f.hasArgs && isLeafShape(f.shape));
  return { type, fields, rowKey: propertyReads ? `graphql:${type.name}:${fields.map((f) => `${f.key}=${f.name}`).join(',')}` : undefined };
}

function isLeafShape(shape: Shape): boolean {
  return shape.kind === 'leaf' || (shape.kind === 'nonNull' && shape.of.kind === 'leaf');
}

const TEXT: Shape = { kind: 'leaf', serialize: (v) => v };

function shapeOf(schema: GraphQLSchema, type: GraphQLOutputType, objectPlan: (type: GraphQLObjectType, union?: string) => ObjectPlan): Shape {
  if (isNonNullType(type)) return { kind: 'nonNull', of: shapeOf(schema, type.ofType, objectPlan) };
  if (isListType(type)) return { kind: 'list', of: shapeOf(schema, type.ofType, objectPlan) };
  if (isScalarType(type) || isEnumType(type)) return { kind: 'leaf', serialize: (v) => type.serialize(v) };
  if (isObjectType(type)) return { kind: 'object', plan: objectPlan(type) };
  if (isUnionType(type)) return { kind: 'union', type, plans: new Map(schema.getPossibleTypes(type).map((member) => [member.name, objectPlan(member, type.name)])) };
  // Interfaces are not generated; a schema with them would need graphql-js.
  throw new Error(`No fast path for ${String(type)}`);
}

/**
 * graphql-js's field collection for object types without directives: first appearance orders
 * keys. `types`: the object type's name, and the union it stands for here, if any.
 */
function collect(fragments: Fragments, types: readonly (string | undefined)[], set: SelectionSetNode, out: Map<string, FieldNode[]>, seen: Set<string>): void {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const nodes = out.get(key);
      if (nodes) nodes.push(selection);
      else out.set(key, [selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || types.includes(selection.typeCondition.name.value)) collect(fragments, types, selection.selectionSet, out, seen);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (seen.has(name) || !fragment || !types.includes(fragment.typeCondition.name.value)) continue;
      seen.add(name);
      collect(fragments, types, fragment.selectionSet, out, seen);
    }
  }
}

/**
 * Runs a plan: the answer graphql-js would give, `{"data":…}` printed, or FALLBACK. A plan whose
 * resolvers all answer at once (lists run inline, no relations) answers at once, without a promise.
 */
export function runQueryPlan(
  schema: GraphQLSchema, plan: QueryPlan, inputs: Readonly<Record<string, unknown>> | undefined, ctx: GraphqlContext,
): RawJson | typeof FALLBACK | Promise<RawJson | typeof FALLBACK> {
  const key = inputs === undefined ? '' : jsonText(inputs)!;
  let args = plan.argsByVariables.get(key);
  if (!args) {
    const coerced = getVariableValues(schema, plan.operation.variableDefinitions ?? [], inputs ?? {});
    if (coerced.errors || plan.checkVariables(inputs ?? {}).length > 0) return FALLBACK;
    args = { variables: coerced.coerced, byField: new Map() };
    plan.argsByVariables.set(key, args);
  }
  const run = new PlanRun(args, ctx);
  try {
    const values = run.object(plan.root, undefined);
    if (values instanceof Promise) return values.then((v) => printData(plan.root, v), () => FALLBACK);
    return printData(plan.root, values);
  } catch {
    return FALLBACK;
  }
}

type Value = unknown;

class PlanRun {
  constructor(private readonly args: Arguments, private readonly ctx: GraphqlContext) {}

  /** The fields' values in plan order (plan-printer.ts prints them with their keys). */
  object(plan: ObjectPlan, source: unknown): FieldValues | Promise<FieldValues> {
    const { fields } = plan;
    const result: Value[] = new Array(fields.length);
    let pending: Promise<unknown>[] | undefined;
    try {
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i]!;
        const raw = this.resolve(plan.type, field, source);
        const value = raw instanceof Promise ? raw.then((v) => this.complete(field.shape, v)) : this.complete(field.shape, raw);
        if (value instanceof Promise) {
          result[i] = null;
          (pending ??= []).push(value.then((v) => {
            result[i] = v;
          }));
        } else {
          result[i] = value;
        }
      }
    } catch (error) {
      abandon(pending);
      throw error;
    }
    return pending ? Promise.all(pending).then(() => result) : result;
  }

  private resolve(type: GraphQLObjectType, field: FieldPlan, source: unknown): unknown {
    const { def } = field;
    if (!def) return field.name === '__typename' ? type.name : failed();
    if (!def.resolve) return (source as Record<string, unknown>)[field.name];
    return def.resolve(source, this.argsOf(field), this.ctx, field.info);
  }

  private argsOf(field: FieldPlan): Record<string, unknown> {
    let args = this.args.byField.get(field);
    if (!args) {
      args = field.hasArgs ? getArgumentValues(field.def!, field.node, this.args.variables) : {};
      this.args.byField.set(field, args);
    }
    return args;
  }

  /**
   * A list of entries read straight from rows, whose items are plain field reads: each item's
   * text is kept with its row (documents/entry-json.ts), and the list is printed as one text.
   * Property reads are synchronous, so a failure throws FALLBACK from inside.
   */
  private keptTexts(item: Shape, entries: unknown[]): RawJson | undefined {
    const inner = item.kind === 'nonNull' ? item.of : item;
    if (inner.kind !== 'object' || inner.plan.rowKey === undefined) return undefined;
    const { plan } = inner;
    const texts = rowTexts(entries as Entry[], plan.rowKey!, (entry) => objectText(plan, this.object(plan, entry) as FieldValues));
    return texts && new RawJson(jsonArray(texts));
  }

  private complete(shape: Shape, value: unknown): Value | Promise<Value> {
    if (shape.kind === 'nonNull') {
      const inner = this.complete(shape.of, value);
      if (inner instanceof Promise) return inner.then((v) => (v === null ? failed() : v));
      return inner === null ? failed() : inner;
    }
    if (value === null || value === undefined) return null;
    switch (shape.kind) {
      case 'list': {
        if (!Array.isArray(value)) return failed();
        const texts = this.keptTexts(shape.of, value);
        if (texts) return texts;
        const items: Value[] = new Array(value.length);
        try {
          for (let i = 0; i < value.length; i++) items[i] = this.complete(shape.of, value[i]);
        } catch (error) {
          abandon(items);
          throw error;
        }
        return items.some((i) => i instanceof Promise) ? Promise.all(items) : items;
      }
      case 'leaf': {
        // graphql-js refuses a nullish serialization as an error.
        const out = shape.serialize(value);
        return out === null || out === undefined ? failed() : out;
      }
      case 'object':
        return this.object(shape.plan, value);
      case 'union': {
        // Only a synchronous answer naming a member is followed; anything else is graphql-js's to judge.
        const name = shape.type.resolveType?.(value, this.ctx, undefined as never, shape.type);
        const plan = typeof name === 'string' ? shape.plans.get(name) : undefined;
        if (plan === undefined) return failed();
        const values = this.object(plan, value);
        return values instanceof Promise ? values.then((v): MemberValues => ({ plan, values: v })) : { plan, values } satisfies MemberValues;
      }
    }
  }
}

function failed(): never {
  throw FALLBACK;
}

/**
 * Work already started when a sibling throws: the run gives up (FALLBACK) and nothing awaits
 * it any more, so a later rejection must not surface as an unhandled one.
 */
function abandon(started: readonly unknown[] | undefined): void {
  if (started) for (const value of started) if (value instanceof Promise) value.catch(() => undefined);
}
