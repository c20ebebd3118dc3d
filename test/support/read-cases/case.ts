import type { ReadParams } from '../read-params.js';
import type { DocumentIds, TypeName } from './world.js';

/**
 * One read request of the shared table, stated once in the document service's shapes
 * (test/support/read-params.ts); every door translates it and must give the reference's answer.
 */
export interface ReadCase {
  /** Unique in the table: doors name their skips by it. */
  readonly name: string;
  readonly type: TypeName;
  /** A function where the read names documents of the world by documentId. */
  readonly params: ReadParams | ((ids: DocumentIds) => ReadParams);
  /**
   * The answer checked by hand: the labels of the root entries (test/support/read-cases/world.ts
   * LABEL), in order. The reference must give it; the doors must give the reference's whole answer.
   */
  readonly expect?: readonly (string | null)[];
  /** The total checked by hand, where the window hides some matches. */
  readonly total?: number;
  /** The error every door must answer instead of entries (the reference is not asked). */
  readonly refused?: Refusal;
}

/** An error answer: Strapi's `error` member, with the offending input's place from `details.path`. */
export interface Refusal {
  readonly status: number;
  readonly name: string;
  readonly message: string;
  readonly path: string;
}

export interface CaseGroup {
  readonly group: string;
  readonly cases: readonly ReadCase[];
}

export const paramsOf = (c: ReadCase, ids: DocumentIds): ReadParams => (typeof c.params === 'function' ? c.params(ids) : c.params);

/** Labels in place of documentIds: enough to tell what a door can state before the world is written. */
export const LABELS_AS_IDS: DocumentIds = { documentId: (type, label) => `${type}:${label}` };

/** Cases of one type, one line each. */
export const casesOf = (type: TypeName) =>
  (name: string, params: ReadCase['params'], expect?: ReadCase['expect'], total?: number): ReadCase =>
    ({ name, type, params, ...(expect === undefined ? {} : { expect }), ...(total === undefined ? {} : { total }) });

/** Refused reads of one type. */
export const refusalsOf = (type: TypeName) =>
  (name: string, params: ReadCase['params'], message: string, path: string): ReadCase =>
    ({ name, type, params, refused: { status: 400, name: 'ValidationError', message, path } });
