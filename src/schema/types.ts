/** Content-types and components after loading: every relation resolved to its target and partner side once. */

export const SCALAR_TYPES = [
  'string', 'text', 'richtext', 'email', 'uid', 'enumeration',
  'integer', 'biginteger', 'decimal', 'float', 'boolean',
  'date', 'datetime', 'time', 'json', 'password', 'blocks',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

interface AttributeBase {
  readonly name: string;
  /** Never returned, filtered, sorted or populated over the content API. */
  readonly private: boolean;
  readonly required: boolean;
  /** For localized types: false when the field is shared by all locales of a document. */
  readonly localized: boolean;
}

export interface ScalarAttribute extends AttributeBase {
  readonly kind: 'scalar';
  readonly type: ScalarType;
  readonly unique: boolean;
  readonly default: unknown;
  /** Allowed values of an enumeration. */
  readonly enum: readonly string[] | undefined;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  /** A text value must contain a match (Strapi tests the pattern unanchored; an empty text passes). */
  readonly regex: RegExp | undefined;
  /** A `uid` field's source: the attribute its value is derived from. */
  readonly targetField: string | undefined;
  /** The custom field this attribute came from (`plugin::ckeditor.CKEditor`), stored as `type`. */
  readonly customField: string | undefined;
}

/** What a media field accepts: `images`, `videos`, `audios`, `files` (anything else). */
export interface MediaOptions {
  readonly allowedTypes: readonly string[] | undefined;
}

export interface RelationAttribute extends AttributeBase {
  readonly kind: 'relation';
  readonly relation: RelationKind;
  /** uid of the content-type or component that declares the attribute. */
  readonly source: string;
  /** uid of the target content-type. */
  readonly target: string;
  /** This side holds a list (xToMany) rather than at most one target. */
  readonly toMany: boolean;
  /** A target may be linked from many sources through this attribute. When false, linking steals the target. */
  readonly targetHasMany: boolean;
  /** The attribute on the target that is the other side, when the relation is bidirectional. */
  readonly inverse: string | undefined;
  /**
   * This side declares `mappedBy`: its links belong to the far side (the `inversedBy` side owns
   * Strapi's join table), so publishing this side's document must not drop them.
   */
  readonly mappedBy: boolean;
  /** Store name of this side's ordered list. */
  readonly listName: string;
  /** Store name of the partner list (the inverse attribute's, or a hidden one for unidirectional relations). */
  readonly partnerListName: string;
  /** Set on a media field: a relation to `plugin::upload.file` (oneWay, or manyWay when `multiple`). */
  readonly media: MediaOptions | undefined;
}

/** One component (`repeatable`: an ordered list of them) stored inside its entry. */
export interface ComponentAttribute extends AttributeBase {
  readonly kind: 'component';
  /** uid of the component, `<category>.<name>`. */
  readonly component: string;
  readonly repeatable: boolean;
  /** Bounds on a repeatable component's length. */
  readonly min: number | undefined;
  readonly max: number | undefined;
}

/** An ordered list of components of the allowed kinds, each tagged with its `__component` uid. */
export interface DynamicZoneAttribute extends AttributeBase {
  readonly kind: 'dynamiczone';
  readonly components: readonly string[];
  readonly min: number | undefined;
  readonly max: number | undefined;
}

export type Attribute = ScalarAttribute | RelationAttribute | ComponentAttribute | DynamicZoneAttribute;

/** What content-types and components share: named attributes read from one file. */
export type Model = ContentType | ComponentType;

interface ModelBase {
  readonly uid: string;
  readonly displayName: string;
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** The file it was loaded from, for error messages. */
  readonly file: string;
}

/** A reusable group of fields (`src/components/<category>/<name>.json`), uid `<category>.<name>`. */
export interface ComponentType extends ModelBase {
  readonly kind: 'component';
  readonly category: string;
}

export interface ContentType extends ModelBase {
  /** e.g. `api::restaurant.restaurant`. */
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
}
