import {
  GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLUnionType,
  type GraphQLFieldConfig, type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap, type GraphQLOutputType,
} from 'graphql';
import type { Attribute, ComponentType, ContentType, DynamicZoneAttribute } from '../schema/types.js';
import type { AttributeScalars } from './attribute-scalars.js';
import { ComponentFields } from './component-fields.js';
import type { GraphqlContext } from './context.js';
import { dynamicZoneUnion } from './dynamic-zones.js';
import { IdScalar } from './id-scalar.js';
import type { InputTypes } from './input-types.js';
import { madeOnce } from './made-once.js';
import { connectionField, isComponent, modelTypeName, relationCollectionName } from './names.js';
import { RelationFields } from './relation-fields.js';
import { DateTimeScalar } from './scalars.js';
import { PaginationArg } from './shared-types.js';
import type { DocumentSource } from './source.js';

type Holder = ContentType | ComponentType;
type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;
type Field = GraphQLFieldConfig<unknown, GraphqlContext>;

/**
 * The object types of entries and components, each made once, in Strapi v5's shape: an entry
 * shows `documentId`, a component `id`; then public attributes in schema order (required ones
 * non-null); an entry ends with its timestamps and `locale`. Relations and media take their
 * target's list arguments when to-many and have a `<name>_connection` twin; repeatable components
 * take their own; a dynamic zone is a list of its union. Private attributes and passwords appear
 * nowhere.
 */
export class OutputTypes {
  private readonly objects = new Map<string, GraphQLObjectType>();
  private readonly collections = new Map<string, GraphQLObjectType>();
  private readonly zones = new Map<string, GraphQLUnionType>();
  private readonly relations: RelationFields;
  private readonly components = new ComponentFields();

  constructor(private readonly source: DocumentSource, private readonly inputs: InputTypes, private readonly scalars: AttributeScalars) {
    this.relations = new RelationFields(source);
  }

  objectOf(holder: Holder): GraphQLObjectType {
    return madeOnce(this.objects, holder.uid, () => this.makeObject(holder));
  }

  private makeObject(holder: Holder): GraphQLObjectType {
    const name = modelTypeName(holder);
    return new GraphQLObjectType({
      name,
      fields: () => {
        const fields: Fields = isComponent(holder) ? { id: { type: new GraphQLNonNull(IdScalar) } } : { documentId: { type: new GraphQLNonNull(IdScalar) } };
        for (const attr of holder.attributes.values()) if (!attr.private) Object.assign(fields, this.attributeFields(holder, name, attr));
        if (isComponent(holder)) return fields;
        for (const stamp of ['createdAt', 'updatedAt', 'publishedAt']) fields[stamp] = { type: DateTimeScalar };
        if (holder.localized) fields.locale = { type: GraphQLString };
        return fields;
      },
    });
  }

  /** What a list takes, at the root, on a to-many relation and on a repeatable component. */
  listArgs(holder: Holder): GraphQLFieldConfigArgumentMap {
    return {
      filters: { type: this.inputs.filtersOf(holder) },
      pagination: { type: PaginationArg, defaultValue: {} },
      sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
    };
  }

  private attributeFields(holder: Holder, holderName: string, attr: Attribute): Fields {
    const required = <T extends GraphQLOutputType>(type: T): GraphQLOutputType => (attr.required ? new GraphQLNonNull(type) : type);
    switch (attr.kind) {
      case 'scalar': {
        const scalar = this.scalars.of(holderName, attr);
        return scalar ? { [attr.name]: { type: required(scalar) } } : {};
      }
      case 'relation': {
        const target = this.source.registry.require(attr.target);
        if (!attr.toMany) return { [attr.name]: { type: required(this.objectOf(target)), resolve: this.relations.one(attr, target) } };
        const args = this.listArgs(target);
        return {
          [connectionField(attr.name)]: { type: required(this.collectionOf(target)), args, resolve: this.relations.connection(attr, target) },
          [attr.name]: { type: new GraphQLNonNull(new GraphQLList(this.objectOf(target))), args, resolve: this.relations.list(attr, target) },
        };
      }
      case 'component': {
        const component = this.source.registry.component(attr.component);
        const field: Field = attr.repeatable
          ? { type: required(new GraphQLList(this.objectOf(component))), args: this.listArgs(component), resolve: this.components.repeatable(attr) }
          : { type: required(this.objectOf(component)), resolve: this.components.single(attr) };
        return { [attr.name]: field };
      }
      case 'dynamiczone':
        return { [attr.name]: { type: required(new GraphQLList(this.zoneOf(holder as ContentType, attr))), resolve: this.components.zone(attr) } };
    }
  }

  /** `<Type>RelationResponseCollection`: a relation's `_connection`, its entries as `nodes`. */
  private collectionOf(target: ContentType): GraphQLObjectType {
    return madeOnce(this.collections, target.uid, () => new GraphQLObjectType({
      name: relationCollectionName(target),
      fields: () => ({ nodes: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(this.objectOf(target)))) } }),
    }));
  }

  private zoneOf(ct: ContentType, attr: DynamicZoneAttribute): GraphQLUnionType {
    return madeOnce(this.zones, `${ct.uid}.${attr.name}`, () => {
      const allowed = attr.components.map((uid) => this.source.registry.component(uid));
      return dynamicZoneUnion(ct, attr, allowed, (c) => this.objectOf(c));
    });
  }
}
