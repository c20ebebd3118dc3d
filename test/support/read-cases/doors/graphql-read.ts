import type { FilterTree, FilterValue } from '../../../../fixtures/dataset/filters.js';
import type { SchemaRegistry } from '../../../../src/schema/registry.js';
import type { ContentType } from '../../../../src/schema/types.js';
import { populateOf, shownFields, type Populate, type ReadParams, type Window } from '../../read-params.js';
import { Inexpressible } from './door.js';

/** A read as GraphQL states it: one query with its arguments in variables, and where its answer is. */
export interface GraphqlRead {
  readonly query: string;
  readonly variables: Record<string, unknown>;
  /** The root field: `<plural>_connection` when the read counts, else `<plural>`. */
  readonly field: string;
  readonly connection: boolean;
}

const ARRAY_OPERATORS = new Set(['$in', '$notIn', '$between']);
const GROUPS = new Set(['$and', '$or']);

/**
 * Translates a read into Strapi v5's GraphQL: `filters`, `sort`, `pagination`, `status` and
 * `locale` arguments, `fields` as the selection (every shown field when it names none),
 * populated relations as relation fields with their own arguments. Throws `Inexpressible` for
 * what the schema has no way to say.
 */
export function graphqlRead(registry: SchemaRegistry, uid: string, params: ReadParams): GraphqlRead {
  const ct = registry.require(uid);
  const vars = new Variables();
  const args: string[] = [];
  if (params.filters !== undefined) args.push(vars.arg('filters', filtersInput(ct), graphqlFilters(registry, ct, params.filters)));
  if (params.sort !== undefined) args.push(vars.arg('sort', '[String]', sortList(params.sort)));
  const { withCount, ...window } = params.pagination ?? {};
  if (Object.keys(window).length > 0) args.push(vars.arg('pagination', 'PaginationArg', window));
  if (params.status !== undefined) args.push(vars.arg('status', 'PublicationStatus', params.status.toUpperCase()));
  if (params.locale !== undefined) {
    if (!ct.localized) throw new Inexpressible('a locale for a type without locales: its GraphQL field has no locale argument');
    args.push(vars.arg('locale', 'I18NLocaleCode', params.locale));
  }
  const selection = select(registry, ct, params.fields, params.populate, vars);
  const connection = withCount !== false;
  const field = connection ? `${ct.pluralName}_connection` : ct.pluralName;
  const body = connection ? `nodes { ${selection} } pageInfo { page pageSize pageCount total }` : selection;
  return { query: `query${vars.declarations()} { ${field}${argList(args)} { ${body} } }`, variables: vars.values, field, connection };
}

function select(registry: SchemaRegistry, ct: ContentType, fields: readonly string[] | undefined, populate: Populate | undefined, vars: Variables): string {
  if (fields?.includes('id')) throw new Inexpressible('the id field: GraphQL types have documentId only');
  const parts = ['documentId', ...(fields ?? shownFields(ct))];
  for (const [attr, options] of populateOf(ct, populate)) {
    if (options.count) throw new Inexpressible('a populate count: relation fields have no count');
    const target = registry.require(attr.target);
    const args: string[] = [];
    if (options.filters !== undefined) args.push(vars.arg('filters', filtersInput(target), graphqlFilters(registry, target, options.filters)));
    if (options.sort !== undefined) args.push(vars.arg('sort', '[String]', sortList(options.sort)));
    const window = windowOf(options);
    if (window !== undefined) args.push(vars.arg('pagination', 'PaginationArg', window));
    if (!attr.toMany && args.length > 0) throw new Inexpressible('filters, sort or a window on a to-one relation: its field takes no arguments');
    parts.push(`${attr.name}${argList(args)} { ${select(registry, target, options.fields, options.populate, vars)} }`);
  }
  return parts.join(' ');
}

/**
 * A filter tree as GraphQL's filter inputs take it: operators without their `$`, nothing implicit,
 * and relations filtered through their target's fields only.
 */
function graphqlFilters(registry: SchemaRegistry, ct: ContentType, tree: FilterTree): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (GROUPS.has(key)) out[key.slice(1)] = (value as FilterValue[]).map((item) => graphqlFilters(registry, ct, group(key, item)));
    else if (key === '$not') out.not = graphqlFilters(registry, ct, value as FilterTree);
    else if (key.startsWith('$')) throw new Inexpressible(`${key} on a relation itself: GraphQL relation filters take the target's fields`);
    else out[key] = fieldFilters(registry, ct, key, value);
  }
  return out;
}

/** What one attribute's key holds: the target's filters for a relation, operators for a field. */
function fieldFilters(registry: SchemaRegistry, ct: ContentType, name: string, value: FilterValue): unknown {
  const attr = ct.attributes.get(name);
  if (attr?.kind === 'relation' && value === null) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Inexpressible('an implicit $eq or $in: GraphQL filter inputs take operators');
  return attr?.kind === 'relation' ? graphqlFilters(registry, registry.require(attr.target), value as FilterTree) : operators(value as FilterTree);
}

function operators(tree: FilterTree): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [operator, value] of Object.entries(tree)) {
    if (GROUPS.has(operator)) out[operator.slice(1)] = (value as FilterValue[]).map((item) => operators(group(operator, item)));
    else if (operator === '$not') out.not = operators(value as FilterTree);
    else if (Array.isArray(value) && !ARRAY_OPERATORS.has(operator)) throw new Inexpressible(`a list under ${operator}: its GraphQL input takes one value`);
    else out[operator.slice(1)] = value;
  }
  return out;
}

function group(operator: string, item: FilterValue): FilterTree {
  if (Array.isArray(item)) throw new Inexpressible(`a list inside ${operator}: its GraphQL input takes filter objects`);
  return item as FilterTree;
}

const sortList = (sort: string | readonly string[]): readonly string[] => (typeof sort === 'string' ? [sort] : sort);

function windowOf(options: Window): Window | undefined {
  const window = Object.fromEntries((['page', 'pageSize', 'start', 'limit'] as const).filter((k) => options[k] !== undefined).map((k) => [k, options[k]]));
  return Object.keys(window).length > 0 ? window : undefined;
}

/** Strapi's input type names: the singular name in Pascal case. */
function filtersInput(ct: ContentType): string {
  return `${ct.singularName.split(/[-_]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}FiltersInput`;
}

const argList = (args: readonly string[]): string => (args.length > 0 ? `(${args.join(', ')})` : '');

/** Arguments as variables, declared with their GraphQL types. */
class Variables {
  private readonly declared: string[] = [];
  readonly values: Record<string, unknown> = {};

  /** `name: $vN`, with vN declared of `type` and set to `value`. */
  arg(name: string, type: string, value: unknown): string {
    const variable = `v${this.declared.length}`;
    this.declared.push(`$${variable}: ${type}`);
    this.values[variable] = value;
    return `${name}: $${variable}`;
  }

  declarations(): string {
    return argList(this.declared);
  }
}
