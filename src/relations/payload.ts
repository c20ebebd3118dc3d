import { ValidationError } from '../errors/index.js';
import { isPlainObject } from '../objects.js';
import type { RelationAttribute } from '../schema/types.js';
import type { Status } from '../store/layout.js';

/** Which target a relation item names, before it is resolved to rows. */
export type TargetRef =
  | { readonly kind: 'document'; readonly documentId: string; readonly locale: string | undefined; readonly status: Status | undefined }
  | { readonly kind: 'row'; readonly id: number };

export type PositionSpec =
  | { readonly at: 'start' }
  | { readonly at: 'end' }
  | { readonly at: 'before' | 'after'; readonly anchor: TargetRef };

export interface RelationItem {
  readonly ref: TargetRef;
  /** Absent means "at the end". */
  readonly position: PositionSpec | undefined;
  /** Where the item stood in the payload, for errors. */
  readonly path: string;
}

/** A relation value from `data`, in normal form. */
export type RelationOp =
  | { readonly kind: 'set'; readonly items: readonly RelationItem[] }
  | {
      readonly kind: 'update';
      readonly connect: readonly RelationItem[];
      readonly disconnect: readonly RelationItem[];
      /** `options.strict`: a before/after anchor that is not linked is an error (true) or means "end" (false). */
      readonly strict: boolean;
    };

/** What reading a payload needs of its attribute: the name (for messages) and whether it holds a list. */
export type RelationSide = Pick<RelationAttribute, 'name' | 'toMany'>;

const OP_KEYS = new Set(['connect', 'disconnect', 'set', 'options']);
const ITEM_KEYS = new Set(['documentId', 'id', 'locale', 'status', 'position']);
const POSITION_KEYS = new Set(['before', 'after', 'start', 'end', 'locale', 'status']);

/**
 * Reads one relation attribute's value from `data` (docs/relations.md, Values).
 * Returns undefined when the value leaves the relation untouched.
 */
export function parseRelationValue(attr: RelationSide, value: unknown, path: string): RelationOp | undefined {
  if (value === undefined) return undefined;
  if (value === null) return { kind: 'set', items: [] };
  if (Array.isArray(value)) return toOne(attr, { kind: 'set', items: readItems(value, path) });
  if (typeof value === 'string' || typeof value === 'number') return { kind: 'set', items: [readItem(value, path)] };
  if (!isPlainObject(value)) throw ValidationError.at(path, `Invalid relation value for ${attr.name}`);

  if ('documentId' in value || 'id' in value) return { kind: 'set', items: [readItem(value, path)] };
  for (const key of Object.keys(value)) {
    if (!OP_KEYS.has(key)) throw ValidationError.at(`${path}.${key}`, `Invalid key ${key} in relation ${attr.name}`, { key });
  }
  const { set, connect, disconnect, options } = value as Record<string, unknown>;
  if (set !== undefined && (connect !== undefined || disconnect !== undefined)) {
    throw ValidationError.at(path, `Relation ${attr.name} cannot use set together with connect or disconnect`);
  }
  if (set !== undefined) {
    if (set === null) throw ValidationError.at(`${path}.set`, `set of relation ${attr.name} must be a relation or a list of relations`);
    return toOne(attr, { kind: 'set', items: readList(set, `${path}.set`) });
  }
  if (connect === undefined && disconnect === undefined) return undefined;
  return toOne(attr, {
    kind: 'update',
    connect: connect === undefined ? [] : readList(connect, `${path}.connect`),
    disconnect: disconnect === undefined ? [] : readList(disconnect, `${path}.disconnect`),
    strict: readStrict(options, `${path}.options`),
  });
}

/** xToOne relations use only the last item of any list (docs/relations.md, To-one relations); positions mean nothing there. */
function toOne(attr: RelationSide, op: RelationOp): RelationOp {
  if (attr.toMany) return op;
  const last = (items: readonly RelationItem[]) => (items.length === 0 ? [] : [{ ...items[items.length - 1]!, position: undefined }]);
  if (op.kind === 'set') return { kind: 'set', items: last(op.items) };
  // Every connect item is kept (without its position) until its rows are known, so that one
  // target named twice, by documentId and by id, is still a duplicate; apply.ts uses the last.
  return { ...op, connect: op.connect.map((item) => ({ ...item, position: undefined })) };
}

function readStrict(options: unknown, path: string): boolean {
  if (options === undefined || options === null) return true;
  if (!isPlainObject(options)) throw ValidationError.at(path, 'Relation options must be an object');
  for (const [key, v] of Object.entries(options)) {
    if (key !== 'strict') throw ValidationError.at(`${path}.${key}`, `Invalid key ${key} in relation options`, { key });
    if (typeof v !== 'boolean') throw ValidationError.at(`${path}.strict`, 'options.strict must be a boolean');
  }
  return (options as { strict?: boolean }).strict ?? true;
}

function readList(value: unknown, path: string): RelationItem[] {
  return Array.isArray(value) ? readItems(value, path) : [readItem(value, path)];
}

function readItems(values: readonly unknown[], path: string): RelationItem[] {
  return values.map((v, i) => readItem(v, `${path}.${i}`));
}

function readItem(value: unknown, path: string): RelationItem {
  if (typeof value === 'string' || typeof value === 'number') return { ref: readId(value, path), position: undefined, path };
  if (!isPlainObject(value)) throw ValidationError.at(path, 'A relation must be a documentId, an id or an object with a documentId');
  for (const key of Object.keys(value)) {
    if (!ITEM_KEYS.has(key)) throw ValidationError.at(`${path}.${key}`, `Invalid key ${key} in relation`, { key });
  }
  const v = value as Record<string, unknown>;
  if ((v.documentId === undefined) === (v.id === undefined)) {
    throw ValidationError.at(path, 'A relation object needs exactly one of documentId or id');
  }
  // An object or list as `id` would reach a string conversion, which throws a TypeError on objects without a prototype.
  if (v.id !== undefined && typeof v.id !== 'string' && typeof v.id !== 'number') {
    throw ValidationError.at(`${path}.id`, 'id must be a number or a string of digits');
  }
  const ref: TargetRef = v.documentId !== undefined
    ? documentRef(v.documentId, v.locale, v.status, path)
    : readId(v.id as string | number, `${path}.id`, true);
  const position = v.position === undefined ? undefined : readPosition(v.position, ref, `${path}.position`);
  return { ref, position, path };
}

function documentRef(documentId: unknown, locale: unknown, status: unknown, path: string): TargetRef {
  if (typeof documentId !== 'string' || documentId === '') throw ValidationError.at(`${path}.documentId`, 'documentId must be a non-empty string');
  if (locale !== undefined && locale !== null && typeof locale !== 'string') throw ValidationError.at(`${path}.locale`, 'locale must be a string');
  if (status !== undefined && status !== null && status !== 'draft' && status !== 'published') {
    throw ValidationError.at(`${path}.status`, 'status must be "draft" or "published"');
  }
  return { kind: 'document', documentId, locale: locale ?? undefined, status: status ?? undefined };
}

/** A number, or a string of digits, is a raw row id; any other string is a documentId. */
function readId(value: string | number, path: string, idOnly = false): TargetRef {
  if (typeof value === 'number' || /^[0-9]+$/.test(value)) {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id < 1) throw ValidationError.at(path, `Invalid relation id ${String(value)}`);
    return { kind: 'row', id };
  }
  if (idOnly || value === '') throw ValidationError.at(path, `Invalid relation id ${JSON.stringify(value)}`);
  return { kind: 'document', documentId: value, locale: undefined, status: undefined };
}

/** Strapi's precedence when several are given: before, after, start, end. */
function readPosition(value: unknown, item: TargetRef, path: string): PositionSpec {
  if (!isPlainObject(value)) throw ValidationError.at(path, 'position must be an object');
  for (const key of Object.keys(value)) {
    if (!POSITION_KEYS.has(key)) throw ValidationError.at(`${path}.${key}`, `Invalid key ${key} in position`, { key });
  }
  const p = value as Record<string, unknown>;
  for (const at of ['before', 'after'] as const) {
    if (p[at] === undefined) continue;
    const anchorId = p[at];
    if (typeof anchorId !== 'string' && typeof anchorId !== 'number') throw ValidationError.at(`${path}.${at}`, `position.${at} must be a documentId or an id`);
    const anchor = readId(anchorId, `${path}.${at}`);
    // The anchor is looked up in the item's own locale and status unless the position says otherwise.
    const inherited = item.kind === 'document' ? item : { locale: undefined, status: undefined };
    return {
      at,
      anchor: anchor.kind === 'row' ? anchor : documentRef(anchor.documentId, p.locale ?? inherited.locale, p.status ?? inherited.status, path),
    };
  }
  if (p.start !== undefined && p.start !== false) return { at: 'start' };
  return { at: 'end' };
}

/**
 * The same target twice in one connect, identical items included (docs/relations.md, Set, disconnect, connect). Found once
 * items are resolved to rows, so a documentId and a row id naming one target clash, and named by
 * its row id as in Strapi.
 */
export const duplicateMessage = (id: number) =>
  `The relation with id ${id} is already connected. You cannot connect the same relation twice.`;
