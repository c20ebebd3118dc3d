import {
  GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema,
  type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap,
} from 'graphql';
import { FILE_UID } from '../schema/builtin-upload.js';
import type { ContentType } from '../schema/types.js';
import { AttributeScalars } from './attribute-scalars.js';
import type { GraphqlContext } from './context.js';
import { IdScalar } from './id-scalar.js';
import { InputTypes } from './input-types.js';
import { namesOf } from './names.js';
import { OutputTypes } from './output-types.js';
import { Resolvers } from './resolvers.js';
import { LocaleScalar } from './scalars.js';
import { DeleteMutationResponse, Pagination, PublicationStatus } from './shared-types.js';
import type { DocumentSource } from './source.js';
import { uploadMutations } from './upload-mutations.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/**
 * The GraphQL schema of a set of content-types, in Strapi v5's shape: per collection type
 * `<plural>`, `<plural>_connection` and `<singular>` queries, and for `api::` types
 * `create` / `update` / `delete` mutations; per single type a `<singular>` query and `update` /
 * `delete` mutations; the upload plugin's file queries, as any collection type's, and its own
 * mutations (upload-mutations.ts). Entry and component types: output-types.ts and input-types.ts.
 */
export function buildGraphqlSchema(source: DocumentSource): GraphQLSchema {
  return new SchemaBuilder(source).build();
}

class SchemaBuilder {
  private readonly inputs: InputTypes;
  private readonly outputs: OutputTypes;

  constructor(private readonly source: DocumentSource) {
    const scalars = new AttributeScalars();
    this.inputs = new InputTypes(source.registry, scalars);
    this.outputs = new OutputTypes(source, this.inputs, scalars);
  }

  build(): GraphQLSchema {
    const query: Fields = {};
    const mutation: Fields = {};
    for (const ct of this.source.registry.types) {
      const single = ct.kind === 'singleType';
      Object.assign(query, single ? this.singleTypeQuery(ct) : this.queries(ct));
      if (ct.uid.startsWith('api::')) Object.assign(mutation, single ? this.singleTypeMutations(ct) : this.mutations(ct));
    }
    const file = this.source.registry.get(FILE_UID);
    if (file) Object.assign(mutation, uploadMutations(this.source, this.object(file)));
    return new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: query }),
      // Every component's type, used or not: Strapi's schema has them all (its `GenericMorph` union reaches them).
      types: this.source.registry.components.map((c) => this.outputs.objectOf(c)),
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
    return { ...this.outputs.listArgs(ct), ...this.versionArgs(ct) };
  }

  /** `status` on every type (it reaches populated draft & publish types too, as in REST); `locale` on localized ones. */
  private versionArgs(ct: ContentType): GraphQLFieldConfigArgumentMap {
    return { status: { type: PublicationStatus, defaultValue: 'published' }, ...this.localeArg(ct) };
  }

  private localeArg(ct: ContentType): GraphQLFieldConfigArgumentMap {
    return ct.localized ? { locale: { type: LocaleScalar } } : {};
  }

  /** The entry type (output-types.ts). */
  private object(ct: ContentType): GraphQLObjectType {
    return this.outputs.objectOf(ct);
  }

  /** `<Type>Input` (input-types.ts). */
  private input(ct: ContentType): GraphQLInputObjectType {
    return this.inputs.inputOf(ct);
  }
}
