import type { IndexBound } from '../../store/index-bounds.js';
import { INDEXED_TEXT_CHARS } from '../../store/index-keys.js';
import { CompareNode } from '../ir/index.js';
import { foldCase } from '../values/index.js';

/** The test a negated comparison negates (`$ne` → `$eq`), for those the index serves by complement. */
export function positiveOf(node: CompareNode): CompareNode | undefined {
  switch (node.op) {
    case 'ne': return CompareNode.create(node.field, { op: 'eq', value: node.value });
    case 'nei': return CompareNode.create(node.field, { op: 'eqi', value: node.value });
    case 'notIn': return CompareNode.create(node.field, { op: 'in', value: node.value });
    default: return undefined;
  }
}

/** The index bound that serves a comparison directly, if one does. */
export function boundOf(node: CompareNode): IndexBound | undefined {
  const text = node.field.type === 'string' || node.field.type === 'text' || node.field.type === 'richtext'
    || node.field.type === 'email' || node.field.type === 'uid' || node.field.type === 'enumeration';
  switch (node.op) {
    case 'eq': return { kind: 'eq', value: node.value };
    case 'lt': return { kind: 'range', hi: node.value, hiInclusive: false };
    case 'lte': return { kind: 'range', hi: node.value, hiInclusive: true };
    case 'gt': return { kind: 'range', lo: node.value, loInclusive: false };
    case 'gte': return { kind: 'range', lo: node.value, loInclusive: true };
    case 'between': return { kind: 'range', lo: node.value[0], loInclusive: true, hi: node.value[1], hiInclusive: true };
    case 'null': return { kind: 'null' };
    case 'notNull': return { kind: 'range' };
    case 'eqi': return text ? { kind: 'eq', value: foldCase(node.value), folded: true } : undefined;
    // A prefix longer than the indexed part of text could match shorter values wrongly: read rows instead.
    case 'startsWith': return text && node.value.length < INDEXED_TEXT_CHARS ? { kind: 'prefix', prefix: node.value } : undefined;
    case 'startsWithi': return text && node.value.length < INDEXED_TEXT_CHARS ? { kind: 'prefix', prefix: foldCase(node.value), folded: true } : undefined;
    default: return undefined;
  }
}
