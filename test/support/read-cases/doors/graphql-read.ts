import type { FilterTree, FilterValue } from '../../../../fixtures/dataset/filters.js';
import { componentTypeName } from '../../../../src/graphql/names.js';
import type { SchemaRegistry } from '../../../../src/schema/registry.js';
import type { ComponentType, ContentType, DynamicZoneAttribute, Model, RelationAttribute } from '../../../../src/schema/types.js';
import { populateOf, shownFields, type Populate, type PopulateOptions, type ReadParams, type Window } from '../../read-params.js';
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

/** An entry's selection: its documentId, the fields asked, and what is populated. */
function select(registry: SchemaRegistry, ct: ContentType, fields: readonly string[] | undefined, populate: Populate | undefined, vars: Variables): string {
  if (fields?.includes('id')) throw new Inexpressible('the id field: GraphQL types have documentId only');
  return ['documentId', ...(fields ?? shownFields(ct)), ...populated(registry, ct, populate, vars)].join(' ');
}

/**
 * A component's selection: its id, the fields asked, and what is populated inside it; in a
 * dynamic zone's fragment each under an alias (`ComponentPageHero_heading: heading`), as a
 * client writes them where the zone's members give one name different types.
 */
function selectComponent(registry: SchemaRegistry, uid: string, options: true | PopulateOptions, vars: Variables, inZone = false): string {
  const component = registry.component(uid);
  const { fields, populate, ...rest } = options === true ? {} : options;
  if (Object.keys(rest).length > 0) throw new Inexpressible(`${Object.keys(rest).join(', ')} on a component: its field takes no arguments`);
  const parts = ['id', ...(fields ?? shownFields(component)), ...populated(registry, component, populate, vars)];
  const aliased = (part: string) => `${zoneAlias(component)}${/^\w+/.exec(part)![0]}: ${part}`;
  return (inZone ? parts.map(aliased) : parts).join(' ');
}

/** The prefix of the aliases of a dynamic-zone member's fields: its type name. */
export const zoneAlias = (component: ComponentType): string => `${componentTypeName(component)}_`;

/** Populated relations, components and dynamic zones as the fields that show them. */
function populated(registry: SchemaRegistry, holder: Model, populate: Populate | undefined, vars: Variables): string[] {
  return populateOf(holder, populate).map(([attr, options]) =>
    attr.kind === 'relation' ? relationField(registry, attr, options, vars)
      : attr.kind === 'component' ? `${attr.name} { ${selectComponent(registry, attr.component, options, vars)} }`
        : `${attr.name} { __typename ${zoneFragments(registry, attr, options, vars)} }`);
}

function relationField(registry: SchemaRegistry, attr: RelationAttribute, options: PopulateOptions, vars: Variables): string {
  if (options.count) throw new Inexpressible('a populate count: relation fields have no count');
  const target = registry.require(attr.target);
  const args: string[] = [];
  if (options.filters !== undefined) args.push(vars.arg('filters', filtersInput(target), graphqlFilters(registry, target, options.filters)));
  if (options.sort !== undefined) args.push(vars.arg('sort', '[String]', sortList(options.sort)));
  const window = windowOf(options);
  if (window !== undefined) args.push(vars.arg('pagination', 'PaginationArg', window));
  if (!attr.toMany && args.length > 0) throw new Inexpressible('filters, sort or a window on a to-one relation: its field takes no arguments');
  return `${attr.name}${argList(args)} { ${select(registry, target, options.fields, options.populate, vars)} }`;
}

/**
 * A fragment for each component of the zone: the zone's own options for every one, or each
 * component's from `on`, which must name them all, since a GraphQL zone lists every item.
 */
function zoneFragments(registry: SchemaRegistry, attr: DynamicZoneAttribute, options: PopulateOptions, vars: Variables): string {
  const { on, ...rest } = options;
  if (rest.populate !== undefined && rest.populate !== '*') throw new Inexpressible('a dynamic zone populating by name: no GraphQL selection asks that of every component');
  const parts = attr.components.map((uid) => {
    if (on === undefined) return [uid, rest] as const;
    const part = on[uid];
    if (part === undefined) throw new Inexpressible('on naming some of a zone\'s components: a GraphQL dynamic zone lists the items of every one');
    return [uid, part] as const;
  });
  return parts.map(([uid, part]) => `... on ${componentTypeName(registry.component(uid))} { ${selectComponent(registry, uid, part, vars, true)} }`).join(' ');
}

/**
 * A filter tree as GraphQL's filter inputs take it: operators without their `$`, nothing implicit,
 * and relations filtered through their target's fields only.
 */
function graphqlFilters(registry: SchemaRegistry, ct: Model, tree: FilterTree): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (GROUPS.has(key)) out[key.slice(1)] = (value as FilterValue[]).map((item) => graphqlFilters(registry, ct, group(key, item)));
    else if (key === '$not') out.not = graphqlFilters(registry, ct, value as FilterTree);
    else if (key.startsWith('$')) throw new Inexpressible(`${key} on a relation or component itself: GraphQL filters take its fields`);
    else out[key] = fieldFilters(registry, ct, key, value);
  }
  return out;
}

/** What one attribute's key holds: the target's filters for a relation, the component's for a component, operators for a field. */
function fieldFilters(registry: SchemaRegistry, ct: Model, name: string, value: FilterValue): unknown {
  const attr = ct.attributes.get(name);
  if (attr?.kind === 'dynamiczone') throw new Inexpressible('a dynamic zone in filters: its type\'s filters input has no field for it');
  if (attr?.kind === 'relation' && value === null) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Inexpressible('an implicit $eq or $in: GraphQL filter inputs take operators');
  if (attr?.kind === 'relation') return graphqlFilters(registry, registry.require(attr.target), value as FilterTree);
  if (attr?.kind === 'component') {
    if ('id' in value) throw new Inexpressible('a component\'s id in filters: its GraphQL filters input has no id');
    return graphqlFilters(registry, registry.component(attr.component), value as FilterTree);
  }
  return operators(value as FilterTree);
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
