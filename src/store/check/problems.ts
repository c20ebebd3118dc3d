/** What part of the store a problem was found in; tests and scripts match on these. */
export type ProblemKind =
  /** A row stored under another id than its own, or two rows holding the same version of a document. */
  | 'row'
  /** The documentId lookup and the rows disagree. */
  | 'document-index'
  /** The last allocated row (or component instance) id is below a stored one's: the next insert would reuse it. */
  | 'sequence'
  /** A cached row count disagrees with the rows. */
  | 'count'
  /** A scope's row set (every row of a type in one status and locale) disagrees with the rows. */
  | 'scope-set'
  /** A secondary index set (plain, case-folded, trigram or null) disagrees with the rows' values. */
  | 'index'
  /** A posting set is malformed (directory, blocks, order), whatever it holds. */
  | 'posting'
  /** A link list's order keys are malformed or hold a target twice. */
  | 'link-order'
  /** The position index and the order keys of a list disagree. */
  | 'link-position'
  /** A list's key bounds are missing or do not bound its keys. */
  | 'link-bounds'
  /** A list's target set disagrees with the list. */
  | 'adjacency'
  /** The set of sources that have links in a list disagrees with the lists. */
  | 'has-link'
  /** A link without its mirror in the partner list. */
  | 'partner'
  /** A link from or to a row that does not exist. */
  | 'dangling'
  /** Entries under a type or list code the schemas do not have. */
  | 'stray'
  /**
   * A row's component field holds what no component value is (a list where one belongs, an item
   * without an id, a dynamic-zone item of a component the zone does not allow), or an instance id
   * is held twice.
   */
  | 'component';

export interface Problem<Kind extends string = ProblemKind> {
  readonly kind: Kind;
  readonly message: string;
}

/** What was looked at, for the summary line. */
export interface CheckCounts {
  types: number;
  rows: number;
  indexSets: number;
  lists: number;
  links: number;
  /** Component instances held by rows. */
  components: number;
}

export interface CheckReport {
  readonly consistent: boolean;
  /** The first MAX_PROBLEMS problems found. */
  readonly problems: readonly Problem[];
  /** How many were found in all. */
  readonly problemCount: number;
  readonly counts: Readonly<CheckCounts>;
}

/** A damaged store can have a problem per key: past this many, problems are only counted. */
export const MAX_PROBLEMS = 1_000;

/** Collects problems as the checks find them (the uploads folder's check has kinds of its own). */
export class Problems<Kind extends string = ProblemKind> {
  readonly list: Problem<Kind>[] = [];
  count = 0;

  add(kind: Kind, message: string): void {
    this.count++;
    if (this.list.length < MAX_PROBLEMS) this.list.push({ kind, message });
  }
}

/** A few ids for a message, with how many more there are. */
export function someIds(ids: readonly number[]): string {
  const shown = ids.slice(0, 10).join(', ');
  return ids.length > 10 ? `${shown} and ${ids.length - 10} more` : shown;
}
