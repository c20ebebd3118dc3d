import type { RelationAttribute } from '../../schema/types.js';
import type { TargetRef } from './format.js';

/**
 * A relation's exported list as a `set` an update takes. A to-one relation keeps only the last
 * item of a list; a row without versions that links both versions of one document names it
 * once, without a status, which links both.
 */
export function setOf(attr: RelationAttribute, refs: readonly TargetRef[]): { set: unknown[] } {
  const [a, b] = refs;
  if (!attr.toMany && refs.length === 2 && a!.documentId === b!.documentId) return { set: [{ documentId: a!.documentId, locale: a!.locale }] };
  return { set: refs.map((r) => ({ documentId: r.documentId, locale: r.locale, status: r.status })) };
}
