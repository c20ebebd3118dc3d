import {
  getNamedType, GraphQLError, GraphQLID, isInputObjectType, isListType, isNonNullType, Kind, TypeInfo, typeFromAST, visit,
  visitWithTypeInfo,
  type ASTNode, type DocumentNode, type FragmentDefinitionNode, type GraphQLInputType, type GraphQLNamedType, type GraphQLSchema,
  type OperationDefinitionNode, type ValueNode, type VariableDefinitionNode,
} from 'graphql';
import type { RelationSide } from '../documents/data.js';
import { ValidationError } from '../errors/index.js';
import { IdScalar } from './id-scalar.js';
import { idValueVisitor } from './id-positions.js';
import { checkRelationValue, relationOf } from './relation-values.js';
import { literalValue } from './scalars.js';

/**
 * Variable values judged by where they stand, which graphql-js's coercion cannot do for the `ID`
 * scalar (id-scalar.ts): a relation field's value must be a relation value of a valid shape,
 * any other `ID` what GraphQL's own `ID` takes. A variable of type `ID` stands where the
 * operation uses it, read once per operation; an `ID` inside an input object stands where the
 * input type puts it. The errors read as graphql-js's variable errors, and are answered alike
 * (400 `BAD_USER_INPUT`, before anything runs).
 */
export type VariableCheck = (inputs: Readonly<Record<string, unknown>>) => readonly GraphQLError[];

type Use = 'id' | RelationSide;
/** Where the walk stands in a variable's value; pushed and popped as it goes, copied only for an error. */
type Path = (string | number)[];
type Report = (path: Path, value: unknown, error: Error) => void;
type Judge = (value: unknown, report: Report) => void;

export function variableCheck(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): VariableCheck {
  const uses = idVariableUses(schema, document, operation);
  const judged: [VariableDefinitionNode, Judge][] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (type === undefined) continue;
    const named = getNamedType(type);
    if (named === IdScalar) {
      const used = uses.get(definition.variable.name.value);
      if (used) judged.push([definition, (value, report) => {
        for (const use of used) {
          if (use === 'id') judgeIds(type, value, [], report);
          else judgeRelation(use, value, [], report);
        }
      }]);
    } else if (holdsId(named, new Set())) {
      judged.push([definition, (value, report) => judgeIds(type, value, [], report)]);
    }
  }
  if (judged.length === 0) return () => [];
  return (inputs) => {
    const errors: GraphQLError[] = [];
    for (const [definition, judge] of judged) {
      const name = definition.variable.name.value;
      const value = Object.hasOwn(inputs, name) ? inputs[name] : definition.defaultValue && literalValue(definition.defaultValue, undefined);
      judge(value, (path, invalid, error) => errors.push(variableError(definition, name, [...path], invalid, error)));
    }
    return errors;
  };
}

/** How each variable of type `ID` is used by the operation and the fragments it spreads. */
function idVariableUses(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Map<string, Set<Use>> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const uses = new Map<string, Set<Use>>();
  const note = (node: ValueNode, use: Use) => {
    if (node.kind !== Kind.VARIABLE) return;
    const name = node.name.value;
    uses.set(name, (uses.get(name) ?? new Set()).add(use));
  };
  const pending: ASTNode[] = [operation];
  const spread = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  const visitor = visitWithTypeInfo(typeInfo, {
    ...idValueVisitor(typeInfo, { relation: (field, node) => note(node, field), id: (node) => note(node, 'id') }),
    FragmentSpread(node) {
      const fragment = fragments.get(node.name.value);
      if (fragment && !spread.has(fragment.name.value)) {
        spread.add(fragment.name.value);
        pending.push(fragment);
      }
    },
  });
  while (pending.length > 0) visit(pending.pop()!, visitor);
  return uses;
}

/** Whether a value of this type can hold an `ID` (input objects may refer to themselves). */
function holdsId(type: GraphQLNamedType, seen: Set<GraphQLNamedType>): boolean {
  if (type === IdScalar) return true;
  if (!isInputObjectType(type) || seen.has(type)) return false;
  seen.add(type);
  return Object.values(type.getFields()).some((f) => relationOf(f) !== undefined || holdsId(getNamedType(f.type), seen));
}

/** Every `ID` outside relation fields takes what GraphQL's own takes; relation fields take relation values. */
function judgeIds(type: GraphQLInputType, value: unknown, path: Path, report: Report): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return judgeIds(type.ofType, value, path, report);
  if (isListType(type)) {
    // A value that is not a list stands for a list of one, as graphql-js coerces it.
    if (!Array.isArray(value)) return judgeIds(type.ofType, value, path, report);
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      judgeIds(type.ofType, value[i], path, report);
      path.pop();
    }
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return;
    const fields = type.getFields();
    for (const key in value) {
      const field = fields[key];
      if (field === undefined) continue;
      const item = (value as Record<string, unknown>)[key];
      const relation = relationOf(field);
      path.push(key);
      if (relation) judgeRelation(relation, item, path, report);
      else judgeIds(field.type, item, path, report);
      path.pop();
    }
    return;
  }
  if (type !== IdScalar) return;
  try {
    GraphQLID.parseValue(value);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    report(path, value, error);
  }
}

function judgeRelation(field: RelationSide, value: unknown, path: Path, report: Report): void {
  try {
    checkRelationValue(field, value);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    report(path, value, error);
  }
}

/** graphql-js's wording for a variable it cannot coerce, the value shortened. */
function variableError(definition: VariableDefinitionNode, name: string, path: Path, value: unknown, error: Error): GraphQLError {
  const at = path.length === 0 ? '' : ` at "${name}${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}"`;
  return new GraphQLError(`Variable "$${name}" got invalid value ${shown(value)}${at}; ${error.message}`, { nodes: definition, originalError: error });
}

const MAX_SHOWN = 120;

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
