import { SchemaError } from '../errors/index.js';
import type { RawAttribute, SchemaSource } from './raw.js';
import {
  RELATION_KINDS, SCALAR_TYPES,
  type Attribute, type ContentType, type RelationAttribute, type RelationKind, type ScalarAttribute, type ScalarType,
} from './types.js';

/** Strapi reserves these; an attribute may not take them. */
const RESERVED = new Set([
  'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations', 'createdBy', 'updatedBy', 'status',
  // The query reader refuses these keys, so such an attribute could never be filtered or sorted.
  '__proto__', 'constructor', 'prototype',
]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Kinds Strapi has that Quarry does not store; named so the error says what is unsupported rather than unknown. */
const UNSUPPORTED = new Set(['media', 'component', 'dynamiczone', 'blocks', 'customField']);

interface Partial {
  ct: Omit<ContentType, 'attributes'> & { attributes: Map<string, Attribute> };
  source: SchemaSource;
}

/** Turns raw schema files into content-types, resolving every relation's target and partner side. */
export function normalizeSchemas(sources: readonly SchemaSource[]): ContentType[] {
  const byUid = new Map<string, Partial>();
  const plurals = new Map<string, string>();
  for (const source of sources) {
    const ct = readType(source);
    if (byUid.has(ct.uid)) throw new SchemaError(source.file, undefined, `declares uid ${ct.uid} twice`);
    const clash = plurals.get(ct.pluralName) ?? plurals.get(ct.singularName);
    if (clash) throw new SchemaError(source.file, undefined, `singular or plural name clashes with ${clash}`);
    plurals.set(ct.pluralName, ct.uid);
    plurals.set(ct.singularName, ct.uid);
    byUid.set(ct.uid, { ct, source });
  }
  for (const { ct, source } of byUid.values()) {
    for (const [name, raw] of Object.entries(source.schema.attributes ?? {})) {
      if (raw?.type === 'relation') ct.attributes.set(name, readRelation(source, ct.uid, name, raw, byUid));
    }
  }
  for (const { ct, source } of byUid.values()) {
    for (const attr of ct.attributes.values()) {
      if (attr.kind === 'relation' && attr.inverse !== undefined) checkInverse(source, ct.uid, attr, byUid);
    }
  }
  return [...byUid.values()].map(({ ct }) => Object.freeze(ct) as ContentType);
}

function readType(source: SchemaSource): Partial['ct'] {
  const { schema, file } = source;
  const info = schema.info ?? {};
  const singularName = info.singularName;
  const pluralName = info.pluralName;
  if (typeof singularName !== 'string' || !/^[a-z][a-z0-9-]*$/.test(singularName)) {
    throw new SchemaError(file, undefined, 'info.singularName must be a lowercase kebab-case string');
  }
  if (typeof pluralName !== 'string' || !/^[a-z][a-z0-9-]*$/.test(pluralName) || pluralName === singularName) {
    throw new SchemaError(file, undefined, 'info.pluralName must be a lowercase kebab-case string different from singularName');
  }
  const kind = schema.kind ?? 'collectionType';
  if (kind !== 'collectionType' && kind !== 'singleType') {
    throw new SchemaError(file, undefined, `kind must be collectionType or singleType, got ${JSON.stringify(kind)}`);
  }
  const localized = schema.pluginOptions?.i18n?.localized === true;
  const attributes = new Map<string, Attribute>();
  const rawAttrs = schema.attributes ?? {};
  if (typeof rawAttrs !== 'object' || Array.isArray(rawAttrs)) throw new SchemaError(file, undefined, 'attributes must be an object');
  for (const [name, raw] of Object.entries(rawAttrs)) {
    if (!NAME.test(name)) throw new SchemaError(file, name, 'is not a valid attribute name');
    if (RESERVED.has(name)) throw new SchemaError(file, name, 'is a reserved name');
    if (typeof raw !== 'object' || raw === null) throw new SchemaError(file, name, 'must be an object');
    if (raw.type === 'relation') continue; // second pass, once every target is known
    attributes.set(name, readScalar(file, name, raw, localized));
  }
  return {
    uid: source.uid,
    kind,
    singularName,
    pluralName,
    displayName: typeof info.displayName === 'string' ? info.displayName : singularName,
    draftAndPublish: schema.options?.draftAndPublish === true,
    localized,
    attributes,
    file,
  };
}

function readScalar(file: string, name: string, raw: RawAttribute, typeLocalized: boolean): ScalarAttribute {
  const type = raw.type;
  if (typeof type === 'string' && UNSUPPORTED.has(type)) throw new SchemaError(file, name, `type "${type}" is not supported by Quarry`);
  if (!SCALAR_TYPES.includes(type as ScalarType)) throw new SchemaError(file, name, `unknown type ${JSON.stringify(type)}`);
  let values: string[] | undefined;
  if (type === 'enumeration') {
    if (!Array.isArray(raw.enum) || raw.enum.length === 0 || !raw.enum.every((v) => typeof v === 'string')) {
      throw new SchemaError(file, name, 'an enumeration needs a non-empty "enum" list of strings');
    }
    values = raw.enum as string[];
  }
  return {
    kind: 'scalar',
    name,
    type: type as ScalarType,
    private: raw.private === true || type === 'password',
    required: raw.required === true,
    unique: raw.unique === true,
    default: raw.default,
    enum: values,
    // As Strapi's i18n reads a schema: a field is localized only when it says so, a uid always.
    localized: typeLocalized && (type === 'uid' || raw.pluginOptions?.i18n?.localized === true),
    minLength: numberOrUndefined(raw.minLength),
    maxLength: numberOrUndefined(raw.maxLength),
    min: numberOrUndefined(raw.min),
    max: numberOrUndefined(raw.max),
  };
}

const numberOrUndefined = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function readRelation(
  source: SchemaSource, uid: string, name: string, raw: RawAttribute, byUid: ReadonlyMap<string, Partial>,
): RelationAttribute {
  const { file } = source;
  const relation = raw.relation;
  if (!RELATION_KINDS.includes(relation as RelationKind)) {
    throw new SchemaError(file, name, `unknown relation kind ${JSON.stringify(relation)} (expected one of ${RELATION_KINDS.join(', ')})`);
  }
  const target = raw.target;
  if (typeof target !== 'string' || !byUid.has(target)) {
    throw new SchemaError(file, name, `relation target ${JSON.stringify(target)} is not a known content-type`);
  }
  if (raw.inversedBy !== undefined && raw.mappedBy !== undefined) {
    throw new SchemaError(file, name, 'a relation takes inversedBy or mappedBy, not both');
  }
  const inverseRaw = raw.inversedBy ?? raw.mappedBy;
  if (inverseRaw !== undefined && typeof inverseRaw !== 'string') throw new SchemaError(file, name, 'inversedBy/mappedBy must be a string');
  const kind = relation as RelationKind;
  if ((kind === 'oneWay' || kind === 'manyWay') && inverseRaw !== undefined) {
    throw new SchemaError(file, name, `a ${kind} relation is unidirectional and takes no inversedBy/mappedBy`);
  }
  const listName = `${uid}.${name}`;
  const inverse = inverseRaw as string | undefined;
  return {
    kind: 'relation',
    name,
    relation: kind,
    source: uid,
    target,
    toMany: kind === 'oneToMany' || kind === 'manyToMany' || kind === 'manyWay',
    // A target may appear in many sources' lists unless the relation's far side is "one".
    targetHasMany: !(kind === 'oneToMany' || (kind === 'oneToOne' && inverse !== undefined)),
    inverse,
    mappedBy: raw.mappedBy !== undefined,
    listName,
    partnerListName: inverse !== undefined ? `${target}.${inverse}` : `${listName}~inverse`,
    private: raw.private === true,
    required: raw.required === true,
    localized: false,
  };
}

const COMPLEMENT: Record<RelationKind, RelationKind | undefined> = {
  oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany', oneWay: undefined, manyWay: undefined,
};

function checkInverse(source: SchemaSource, uid: string, attr: RelationAttribute, byUid: ReadonlyMap<string, Partial>): void {
  const target = byUid.get(attr.target)!;
  const other = target.ct.attributes.get(attr.inverse!);
  const problem = (msg: string) => new SchemaError(source.file, attr.name, msg);
  if (!other || other.kind !== 'relation') {
    throw problem(`inverse "${attr.inverse}" is not a relation attribute of ${attr.target}`);
  }
  if (other.target !== uid || other.inverse !== attr.name) {
    throw problem(`inverse "${attr.target}.${attr.inverse}" does not point back to ${uid}.${attr.name}`);
  }
  if (COMPLEMENT[attr.relation] !== other.relation) {
    throw problem(`a ${attr.relation} relation cannot pair with a ${other.relation} inverse`);
  }
}
