/**
 * What the store needs to know about a content-type, in store terms: the store never imports the
 * schema layer, the document layer describes each type with one of these.
 */

/** How a field's values are indexed. */
export type IndexKind =
  /** text: ordered by code point, plus a case-folded twin for the `i` operators. */
  | 'text'
  /** numbers, booleans, dates, times and ids: ordered as stored. */
  | 'ordered'
  /** datetimes and the row timestamps: ISO text indexed as its milliseconds (instants.ts), in the same order. */
  | 'instant'
  /** big integers kept as digit strings: indexed under a key that sorts numerically. */
  | 'bigint'
  /** only null-ness is indexed (json). */
  | 'presence'
  /**
   * the documentId: its sets are the documentId lookup's entries, a row each, so it keeps no
   * entries of its own (a put per row written, a twentieth of a folder).
   */
  | 'document';

export interface FieldLayout {
  readonly name: string;
  readonly index: IndexKind;
  /** Also index the case-folded trigrams of text, so `$containsi` and friends are set lookups. */
  readonly grams?: boolean;
  /**
   * A field inside components: the attribute names from the row down to it (`['seo', 'metaTitle']`,
   * `name` joins them with dots), read with `store/field-paths.ts`. Absent for a row's own field.
   */
  readonly path?: readonly string[];
  /**
   * The path crosses a repeatable component: a row is indexed under each item's value (and under
   * NULL when a list on the way is empty), so a value's set holds the rows with some item of that
   * value. Such an index selects candidates; it places no row at one value, so it neither orders
   * rows nor decides a row's test by rank.
   */
  readonly multi?: boolean;
  /** Indexes how many items the list at `path` holds (none: 0) rather than a value of it. */
  readonly count?: boolean;
}

export interface TypeLayout {
  readonly name: string;
  /** Fields with a secondary index; every stored scalar has one. */
  readonly fields: readonly FieldLayout[];
}

/** The version of a document a row holds. */
export type Status = 'draft' | 'published';

/** A row's place: which document, locale and version it is. */
export interface RowScope {
  readonly status: Status;
  /** null for types that are not localized. */
  readonly locale: string | null;
}

/** A stored row: the entry as the API returns it (private fields included), keyed by its numeric id. */
export interface Row {
  readonly id: number;
  readonly documentId: string;
  readonly locale?: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly [field: string]: unknown;
}

/**
 * A relation in store terms: links in `list` go from rows of `source` to rows of `target`, and
 * each is mirrored in `partner`, from the target back to the source (the inverse side's list, or
 * a hidden one for a one-way relation).
 */
export interface LinkLayout {
  readonly list: string;
  readonly partner: string;
  readonly source: string;
  readonly target: string;
}
