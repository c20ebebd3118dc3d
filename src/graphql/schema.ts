import {
  GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString,
  type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap, type GraphQLInputFieldConfigMap, type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import type { ContentType, ScalarAttribute } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { enumName, isGraphqlName, namesOf } from './names.js';
import { IdScalar } from './id-scalar.js';
import { relationInputField } from './relation-values.js';
import { Resolvers } from './resolvers.js';
import { DateTimeScalar, LocaleScalar } from './scalars.js';
import {
  DateTimeFilterInput, DeleteMutationResponse, IdFilterInput, Pagination, PaginationArg, PublicationStatus, SCALAR_SHAPES,
  StringFilterInput,
} from './shared-types.js';
import type { DocumentSource } from './source.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/** Names a `<Type>FiltersInput` keeps for its groups: an attribute of the same name cannot be filtered. */
const GROUP_KEYS = new Set(['and', 'or', 'not']);

/**
 * The GraphQL schema of a set of content-types, in Strapi v5's shape: per collection type
 * `<plural>`, `<plural>_connection` and `<singular>` queries, and for `api::` types
 * `create` / `update` / `delete` mutations; per single type a `<singular>` query and `update` /
 * `delete` mutations. Private attributes and passwords appear nowhere.
 */
export function buildGraphqlSchema(source: DocumentSource): GraphQLSchema {
  return new SchemaBuilder(source).build();
}

class SchemaBuilder {
  private readonly objects = new Map<string, GraphQLObjectType>();
  private readonly filters = new Map<string, GraphQLInputObjectType>();
  private readonly enums = new Map<string, GraphQLEnumType | undefined>();

  constructor(private readonly source: DocumentSource) {}

  build(): GraphQLSchema {
    const query: Fields = {};
    const mutation: Fields = {};
    for (const ct of this.source.registry.types) {
      const single = ct.kind === 'singleType';
      Object.assign(query, single ? this.singleTypeQuery(ct) : this.queries(ct));
      if (ct.uid.startsWith('api::')) Object.assign(mutation, single ? this.singleTypeMutations(ct) : this.mutations(ct));
    }
    return new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: query }),
      ...(Object.keys(mutation).length > 0 ? { mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }) } : {}),
    });
  }

  private queries(ct: ContentType): Fields {
    const names = namesOf(ct);
    const resolvers = new Resolvers(this.source, ct);
    const list = this.listArgs(ct);
    const collection = new GraphQLObjectType({
      name: names.collectionType,
      fields: () => ({
        nodes: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.object(ct)))) },
        pageInfo: { type: new GraphQLNonNull(Pagination) },
      }),
    });
    return {
      [names.plural]: { type: new GraphQLNonNull(new GraphQLList(this.object(ct))), args: list, resolve: resolvers.list() },
      [names.connection]: { type: collection, args: list, resolve: resolvers.connection() },
      [names.single]: {
        type: this.object(ct),
        args: { documentId: { type: new GraphQLNonNull(IdScalar) }, ...this.versionArgs(ct) },
        resolve: resolvers.single(),
      },
    };
  }

  private mutations(ct: ContentType): Fields {
    const names = namesOf(ct);
    const resolvers = new Resolvers(this.source, ct);
    const documentId = { type: new GraphQLNonNull(IdScalar) };
    const data = { type: new GraphQLNonNull(this.input(ct)) };
    const locale = this.localeArg(ct);
    return {
      [names.create]: { type: this.object(ct), args: { data, ...this.versionArgs(ct) }, resolve: resolvers.create() },
      [names.update]: { type: this.object(ct), args: { documentId, data, ...this.versionArgs(ct) }, resolve: resolvers.update() },
      [names.delete]: { type: DeleteMutationResponse, args: { documentId, ...locale }, resolve: resolvers.delete() },
    };
  }

  /** A single type's one query, `<singular>(status, locale)`: no documentId, no lists. */
  private singleTypeQuery(ct: ContentType): Fields {
    const resolvers = new Resolvers(this.source, ct);
    return { [namesOf(ct).single]: { type: this.object(ct), args: this.versionArgs(ct), resolve: resolvers.singleTypeFind() } };
  }

  /** `update<Type>(data, status, locale)`, which creates the document when there is none, and `delete<Type>(locale)`. */
  private singleTypeMutations(ct: ContentType): Fields {
    const names = namesOf(ct);
    const resolvers = new Resolvers(this.source, ct);
    const data = { type: new GraphQLNonNull(this.input(ct)) };
    return {
      [names.update]: { type: this.object(ct), args: { data, ...this.versionArgs(ct) }, resolve: resolvers.singleTypePut() },
      [names.delete]: { type: DeleteMutationResponse, args: this.localeArg(ct), resolve: resolvers.singleTypeDelete() },
    };
  }

  private listArgs(ct: ContentType): GraphQLFieldConfigArgumentMap {
    return { ...this.relationArgs(ct), ...this.versionArgs(ct) };
  }

  /** What a list takes, at the root and on a to-many relation. */
  private relationArgs(ct: ContentType): GraphQLFieldConfigArgumentMap {
    return {
      filters: { type: this.filtersOf(ct) },
      pagination: { type: PaginationArg, defaultValue: {} },
      sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
    };
  }

  /** `status` on every type (it reaches populated draft & publish types too, as in REST); `locale` on localized ones. */
  private versionArgs(ct: ContentType): GraphQLFieldConfigArgumentMap {
    return { status: { type: PublicationStatus, defaultValue: 'published' }, ...this.localeArg(ct) };
  }

  private localeArg(ct: ContentType): GraphQLFieldConfigArgumentMap {
    return ct.localized ? { locale: { type: LocaleScalar } } : {};
  }

  /** The entry type: documentId, public scalars, timestamps, locale, and relations with their own list arguments. */
  private object(ct: ContentType): GraphQLObjectType {
    let type = this.objects.get(ct.uid);
    if (type) return type;
    const resolvers = new Resolvers(this.source, ct);
    type = new GraphQLObjectType({
      name: namesOf(ct).type,
      fields: () => {
        const fields: Fields = { documentId: { type: new GraphQLNonNull(IdScalar) } };
        for (const attr of ct.attributes.values()) {
          if (attr.private) continue;
          if (attr.kind === 'scalar') {
            const scalar = this.outputScalar(ct, attr);
            if (scalar) fields[attr.name] = { type: scalar };
            continue;
          }
          if (attr.kind !== 'relation') continue;
          const target = this.source.registry.require(attr.target);
          fields[attr.name] = attr.toMany
            ? { type: new GraphQLNonNull(new GraphQLList(this.object(target))), args: this.relationArgs(target), resolve: resolvers.relation(attr, target) }
            : { type: this.object(target), resolve: resolvers.relation(attr, target) };
        }
        for (const stamp of ['createdAt', 'updatedAt', 'publishedAt']) fields[stamp] = { type: DateTimeScalar };
        if (ct.localized) fields.locale = { type: GraphQLString };
        return fields;
      },
    });
    this.objects.set(ct.uid, type);
    return type;
  }

  /** `<Type>FiltersInput`: `id`, `documentId`, public scalars, relations (deep filters), timestamps, locale, `and` / `or` / `not`. */
  private filtersOf(ct: ContentType): GraphQLInputObjectType {
    let type = this.filters.get(ct.uid);
    if (type) return type;
    const self: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: namesOf(ct).filters,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = { id: { type: IdFilterInput }, documentId: { type: IdFilterInput } };
        for (const attr of ct.attributes.values()) {
          if (attr.private || GROUP_KEYS.has(attr.name)) continue;
          if (attr.kind === 'relation') fields[attr.name] = { type: this.filtersOf(this.source.registry.require(attr.target)) };
          else if (attr.kind === 'scalar' && attr.type !== 'password') fields[attr.name] = { type: SCALAR_SHAPES[attr.type].filter };
        }
        for (const stamp of ['createdAt', 'updatedAt', 'publishedAt']) fields[stamp] = { type: DateTimeFilterInput };
        if (ct.localized) fields.locale = { type: StringFilterInput };
        fields.and = { type: new GraphQLList(self) };
        fields.or = { type: new GraphQLList(self) };
        fields.not = { type: self };
        return fields;
      },
    });
    this.filters.set(ct.uid, self);
    type = self;
    return type;
  }

  /** `<Type>Input`: every public attribute, optional (a partial update names only what changes); relations `ID` / `[ID]`, as in Strapi. */
  private input(ct: ContentType): GraphQLInputObjectType {
    return new GraphQLInputObjectType({
      name: namesOf(ct).input,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const attr of ct.attributes.values()) {
          if (attr.private) continue;
          if (attr.kind === 'relation') {
            fields[attr.name] = relationInputField(attr);
            continue;
          }
          if (attr.kind !== 'scalar') continue;
          const type = attr.type === 'password' ? GraphQLString : this.outputScalar(ct, attr);
          if (type) fields[attr.name] = { type };
        }
        return fields;
      },
    });
  }

  /** An attribute's scalar: an enum type for enumerations whose values are GraphQL names (else text), passwords none. */
  private outputScalar(ct: ContentType, attr: ScalarAttribute): (GraphQLOutputType & GraphQLInputType) | undefined {
    if (attr.type === 'password') return undefined;
    if (attr.type === 'enumeration') return this.enumOf(ct, attr) ?? GraphQLString;
    return SCALAR_SHAPES[attr.type].scalar;
  }

  private enumOf(ct: ContentType, attr: ScalarAttribute): GraphQLEnumType | undefined {
    const name = enumName(ct, attr.name);
    if (this.enums.has(name)) return this.enums.get(name);
    const values = attr.enum ?? [];
    const type = values.length > 0 && values.every(isGraphqlName)
      ? new GraphQLEnumType({ name, values: Object.fromEntries(values.map((v) => [v, { value: v }])) })
      : undefined;
    this.enums.set(name, type);
    return type;
  }
}
