import { GraphQLEnumType, GraphQLString, type GraphQLInputType, type GraphQLOutputType } from 'graphql';
import type { ScalarAttribute } from '../schema/types.js';
import { enumName, isGraphqlName } from './names.js';
import { SCALAR_SHAPES } from './shared-types.js';

/**
 * The GraphQL scalar of a scalar attribute, the same in an object type, its input and its
 * filters: an enum type for enumerations whose values are GraphQL names (else text), none for
 * passwords. Enum types are made once per holder and attribute, whether an entry or a component
 * holds them (`ENUM_COMPONENTSHAREDBUTTON_TARGET`).
 */
export class AttributeScalars {
  private readonly enums = new Map<string, GraphQLEnumType | undefined>();

  of(holder: string, attr: ScalarAttribute): (GraphQLOutputType & GraphQLInputType) | undefined {
    if (attr.type === 'password') return undefined;
    if (attr.type === 'enumeration') return this.enumOf(holder, attr) ?? GraphQLString;
    return SCALAR_SHAPES[attr.type].scalar;
  }

  /**
   * Each value under its name in GraphQL (`enumValueName`), standing for the stored value
   * (`datetime_local` is `datetime-local`). Values whose names are not GraphQL names, or that two
   * values share, leave the attribute as text.
   */
  private enumOf(holder: string, attr: ScalarAttribute): GraphQLEnumType | undefined {
    const name = enumName(holder, attr.name);
    if (this.enums.has(name)) return this.enums.get(name);
    const values = attr.enum ?? [];
    const names = values.map(enumValueName);
    const type = values.length > 0 && names.every(isGraphqlName) && new Set(names).size === names.length
      ? new GraphQLEnumType({ name, values: Object.fromEntries(values.map((v, i) => [names[i], { value: v }])) })
      : undefined;
    this.enums.set(name, type);
    return type;
  }
}

/**
 * An enumeration value's name in GraphQL, as Strapi's schema names it (a slug with `_` between
 * words, case kept: `_blank` is `blank`, `datetime-local` `datetime_local`, `Crème brûlée`
 * `Creme_brulee`, `Über` `Ueber`, `R&D` `R_and_D`, as Strapi 5.54 named them): letters spelled
 * in ASCII, `&` read as "and", any other run of characters that are not letters or digits one
 * `_`, none at either end.
 */
export function enumValueName(value: string): string {
  return value.replace(/[^\0-\x7f]/g, (c) => SPELLED[c] ?? c).normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** Letters that accents do not account for, spelled as Strapi's slugs spell them. */
const SPELLED: Readonly<Record<string, string>> = {
  Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o',
  Đ: 'D', đ: 'd', Ł: 'L', ł: 'l', Þ: 'Th', þ: 'th',
};
