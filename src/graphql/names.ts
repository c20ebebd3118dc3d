import type { ComponentType, ContentType } from '../schema/types.js';

/** The GraphQL names of one content-type, in Strapi v5's scheme. */
export interface TypeNames {
  /** The object type: `Restaurant`, `UsersPermissionsUser`. */
  readonly type: string;
  /** One entry by documentId: `restaurant`. */
  readonly single: string;
  /** A list: `restaurants`; its paged form is `restaurants_connection`. */
  readonly plural: string;
  readonly connection: string;
  readonly collectionType: string;
  readonly filters: string;
  readonly input: string;
  readonly create: string;
  readonly update: string;
  readonly delete: string;
}

/**
 * `api::blog-post.blog-post` is `BlogPost` / `blogPost` / `blogPosts`; a plugin's types carry
 * the plugin's name first (`plugin::users-permissions.user` is `UsersPermissionsUser` /
 * `usersPermissionsUsers`), as Strapi names them.
 */
export function namesOf(ct: ContentType): TypeNames {
  const plugin = /^plugin::([^.]+)\./.exec(ct.uid)?.[1];
  const words = (name: string) => [...(plugin === undefined ? [] : split(plugin)), ...split(name)];
  const type = pascal(words(ct.singularName));
  const plural = camel(words(ct.pluralName));
  return {
    type,
    single: camel(words(ct.singularName)),
    plural,
    connection: `${plural}_connection`,
    collectionType: `${type}EntityResponseCollection`,
    filters: `${type}FiltersInput`,
    input: `${type}Input`,
    create: `create${type}`,
    update: `update${type}`,
    delete: `delete${type}`,
  };
}

/** An enumeration attribute's enum type, by the name of the type that holds it: `ENUM_RESTAURANT_KIND`, `ENUM_COMPONENTSHAREDBUTTON_TARGET`. */
export function enumName(typeName: string, attribute: string): string {
  return `ENUM_${typeName.toUpperCase()}_${attribute.toUpperCase()}`;
}

/** A component's object type, as Strapi's global id names it: `shared.seo` is `ComponentSharedSeo`. */
export function componentTypeName(component: ComponentType): string {
  return pascal(lodashWords(`component_${component.uid}`));
}

/** The object type of an entry or a component. */
export function modelTypeName(model: ContentType | ComponentType): string {
  return isComponent(model) ? componentTypeName(model) : namesOf(model).type;
}

export const isComponent = (model: ContentType | ComponentType): model is ComponentType => 'category' in model;

/** A dynamic zone's union type: `dynamic_zone` of `Page` is `PageDynamicZoneDynamicZone`; its input scalar adds `Input`. */
export function dynamicZoneName(ct: ContentType, attribute: string): string {
  return `${namesOf(ct).type}${pascal(lodashWords(attribute))}DynamicZone`;
}

/** The `<attribute>_connection` field beside a to-many relation, and its `<Type>RelationResponseCollection`. */
export const connectionField = (attribute: string): string => `${attribute}_connection`;
export const relationCollectionName = (ct: ContentType): string => `${namesOf(ct).type}RelationResponseCollection`;

/** Whether a text may stand as a GraphQL name (a field, an enum value). */
export const isGraphqlName = (text: string): boolean => /^[_A-Za-z][_0-9A-Za-z]*$/.test(text);

/**
 * Words as lodash's `camelCase` finds them, which Strapi's names go through: split at anything
 * but letters and digits, at a lower-to-upper change and before the last capital of a run
 * followed by a lower case letter (`CTAs` is `CT`, `As`), digits apart; each word lower-cased.
 */
function lodashWords(text: string): string[] {
  return (text.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase());
}

const split = (name: string): string[] => name.split(/[-_\s]+/).filter((w) => w !== '');
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const pascal = (words: readonly string[]): string => words.map(capital).join('');
const camel = (words: readonly string[]): string => words.map((w, i) => (i === 0 ? w : capital(w))).join('');
