import type { ContentType } from '../schema/types.js';

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

/** An enumeration attribute's enum type: `ENUM_RESTAURANT_KIND`. */
export function enumName(ct: ContentType, attribute: string): string {
  return `ENUM_${namesOf(ct).type.toUpperCase()}_${attribute.toUpperCase()}`;
}

/** Whether a text may stand as a GraphQL name (a field, an enum value). */
export const isGraphqlName = (text: string): boolean => /^[_A-Za-z][_0-9A-Za-z]*$/.test(text);

const split = (name: string): string[] => name.split(/[-_\s]+/).filter((w) => w !== '');
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const pascal = (words: readonly string[]): string => words.map(capital).join('');
const camel = (words: readonly string[]): string => words.map((w, i) => (i === 0 ? w : capital(w))).join('');
