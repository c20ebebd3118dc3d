import {
  GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLInputFieldConfigMap, type GraphQLScalarType,
} from 'graphql';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentType, ContentType, DynamicZoneAttribute } from '../schema/types.js';
import type { AttributeScalars } from './attribute-scalars.js';
import { dynamicZoneInput } from './dynamic-zones.js';
import { IdScalar } from './id-scalar.js';
import { madeOnce } from './made-once.js';
import { isComponent, modelTypeName } from './names.js';
import { relationInputField } from './relation-values.js';
import { DateTimeFilterInput, IdFilterInput, SCALAR_SHAPES, StringFilterInput } from './shared-types.js';

type Holder = ContentType | ComponentType;

/** Names a `<Type>FiltersInput` keeps for its groups: an attribute of the same name cannot be filtered. */
const GROUP_KEYS = new Set(['and', 'or', 'not']);

/**
 * The input types of entries and components, each made once: `<Type>FiltersInput` and
 * `<Type>Input`, components' as Strapi names them (`ComponentSharedSeoFiltersInput`,
 * `ComponentSharedSeoInput`), and dynamic zones' input scalars.
 */
export class InputTypes {
  private readonly filters = new Map<string, GraphQLInputObjectType>();
  private readonly inputs = new Map<string, GraphQLInputObjectType>();
  private readonly zones = new Map<string, GraphQLScalarType>();

  constructor(private readonly registry: SchemaRegistry, private readonly scalars: AttributeScalars) {}

  /**
   * Entries filter on `id`, `documentId`, timestamps and `locale` besides their attributes;
   * components on their attributes only, as in Strapi. Scalars, relations and media (deep
   * filters) and components (their fields) filter; dynamic zones cannot be filtered.
   */
  filtersOf(holder: Holder): GraphQLInputObjectType {
    return madeOnce(this.filters, holder.uid, () => this.makeFilters(holder));
  }

  private makeFilters(holder: Holder): GraphQLInputObjectType {
    const entry = !isComponent(holder);
    const self: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${modelTypeName(holder)}FiltersInput`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = entry ? { id: { type: IdFilterInput }, documentId: { type: IdFilterInput } } : {};
        for (const attr of holder.attributes.values()) {
          if (attr.private || GROUP_KEYS.has(attr.name)) continue;
          if (attr.kind === 'relation') fields[attr.name] = { type: this.filtersOf(this.registry.require(attr.target)) };
          else if (attr.kind === 'component') fields[attr.name] = { type: this.filtersOf(this.registry.component(attr.component)) };
          else if (attr.kind === 'scalar' && attr.type !== 'password') fields[attr.name] = { type: SCALAR_SHAPES[attr.type].filter };
        }
        if (entry) {
          for (const stamp of ['createdAt', 'updatedAt', 'publishedAt']) fields[stamp] = { type: DateTimeFilterInput };
          if ((holder as ContentType).localized) fields.locale = { type: StringFilterInput };
        }
        fields.and = { type: new GraphQLList(self) };
        fields.or = { type: new GraphQLList(self) };
        fields.not = { type: self };
        return fields;
      },
    });
    return self;
  }

  /**
   * `<Type>Input`: every public attribute, optional (a partial update names only what changes).
   * Relations and media are `ID` / `[ID]`, as in Strapi; components their own input (a list when
   * repeatable), whose `id` keeps an existing item; dynamic zones a list of their input scalar.
   */
  inputOf(holder: Holder): GraphQLInputObjectType {
    return madeOnce(this.inputs, holder.uid, () => this.makeInput(holder));
  }

  private makeInput(holder: Holder): GraphQLInputObjectType {
    const typeName = modelTypeName(holder);
    return new GraphQLInputObjectType({
      name: `${typeName}Input`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = isComponent(holder) ? { id: { type: IdScalar } } : {};
        for (const attr of holder.attributes.values()) {
          if (attr.private) continue;
          if (attr.kind === 'relation') {
            fields[attr.name] = relationInputField(attr);
          } else if (attr.kind === 'component') {
            const input = this.inputOf(this.registry.component(attr.component));
            fields[attr.name] = { type: attr.repeatable ? new GraphQLList(input) : input };
          } else if (attr.kind === 'dynamiczone') {
            fields[attr.name] = { type: new GraphQLList(new GraphQLNonNull(this.zoneInput(holder as ContentType, attr))) };
          } else {
            const scalar = attr.type === 'password' ? GraphQLString : this.scalars.of(typeName, attr);
            if (scalar) fields[attr.name] = { type: scalar };
          }
        }
        return fields;
      },
    });
  }

  private zoneInput(ct: ContentType, attr: DynamicZoneAttribute): GraphQLScalarType {
    return madeOnce(this.zones, `${ct.uid}.${attr.name}`, () => dynamicZoneInput(this.registry, ct, attr));
  }
}
