import { SchemaError } from '../errors/index.js';
import { CUSTOM_FIELDS_SETTING, KNOWN_CUSTOM_FIELDS } from './custom-fields.js';
import type { RawAttribute } from './raw.js';
import {
  RELATION_KINDS, SCALAR_TYPES,
  type ComponentAttribute, type DynamicZoneAttribute, type RelationAttribute, type RelationKind, type ScalarAttribute, type ScalarType,
} from './types.js';
import { FILE_UID } from './builtin-upload.js';

/** What reading one attribute needs to know about the model that declares it and the project. */
export interface AttributeContext {
  readonly file: string;
  /** uid of the declaring content-type or component. */
  readonly owner: string;
  readonly isComponent: boolean;
  /** Fields of a localized type are localized when they say so. */
  readonly typeLocalized: boolean;
  readonly types: ReadonlySet<string>;
  readonly components: ReadonlySet<string>;
  readonly customFields: Readonly<Record<string, string>>;
  readonly warn: (message: string) => void;
}

const MEDIA_TYPES = new Set(['images', 'videos', 'audios', 'files']);

const numberOrUndefined = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const explicitlyLocalized = (ctx: AttributeContext, raw: RawAttribute) => ctx.typeLocalized && raw.pluginOptions?.i18n?.localized === true;

export function readScalar(ctx: AttributeContext, name: string, raw: RawAttribute): ScalarAttribute {
  const { file } = ctx;
  let type = raw.type;
  let customField: string | undefined;
  if (type === 'customField') {
    if (typeof raw.customField !== 'string') throw new SchemaError(file, name, 'a customField attribute needs a "customField" uid');
    customField = raw.customField;
    type = ctx.customFields[customField] ?? KNOWN_CUSTOM_FIELDS[customField];
    if (type === undefined) {
      ctx.warn(`${file} (attribute "${name}"): custom field ${customField} is stored as json; map it to a type with the ${CUSTOM_FIELDS_SETTING} setting`);
      type = 'json';
    } else if (!SCALAR_TYPES.includes(type as ScalarType)) {
      throw new SchemaError(file, name, `custom field ${customField} maps to ${JSON.stringify(type)}, which is not a scalar type`);
    }
  }
  if (!SCALAR_TYPES.includes(type as ScalarType)) throw new SchemaError(file, name, `unknown type ${JSON.stringify(type)}`);
  // Passwords are hashed as an entry's own fields; one inside a component would be kept as given.
  if (type === 'password' && ctx.isComponent) throw new SchemaError(file, name, 'a component cannot hold a password field');
  let values: string[] | undefined;
  if (type === 'enumeration') {
    if (!Array.isArray(raw.enum) || raw.enum.length === 0 || !raw.enum.every((v) => typeof v === 'string')) {
      throw new SchemaError(file, name, 'an enumeration needs a non-empty "enum" list of strings');
    }
    values = raw.enum as string[];
  }
  if (raw.targetField !== undefined && typeof raw.targetField !== 'string') throw new SchemaError(file, name, 'targetField must be a string');
  let regex: RegExp | undefined;
  if (raw.regex !== undefined && raw.regex !== null && raw.regex !== '') {
    try {
      regex = new RegExp(String(raw.regex));
    } catch (e) {
      throw new SchemaError(file, name, `regex ${JSON.stringify(raw.regex)} is not a valid pattern (${(e as Error).message})`);
    }
  }
  return {
    kind: 'scalar',
    name,
    type: type as ScalarType,
    private: raw.private === true || type === 'password',
    required: raw.required === true,
    // A uid is unique within its type as Strapi keeps it; inside a component nothing is unique.
    unique: !ctx.isComponent && (raw.unique === true || type === 'uid'),
    default: raw.default,
    enum: values,
    // As Strapi's i18n reads a schema: a field is localized only when it says so, a uid always.
    localized: ctx.typeLocalized && (type === 'uid' || raw.pluginOptions?.i18n?.localized === true),
    minLength: numberOrUndefined(raw.minLength),
    maxLength: numberOrUndefined(raw.maxLength),
    min: numberOrUndefined(raw.min),
    max: numberOrUndefined(raw.max),
    regex,
    targetField: raw.targetField as string | undefined,
    customField,
  };
}

/** A relation, or undefined (with a warning) when its target is a plugin type Quarry does not serve. */
export function readRelation(ctx: AttributeContext, name: string, raw: RawAttribute): RelationAttribute | undefined {
  const { file, owner: uid } = ctx;
  const relation = raw.relation;
  const target = raw.target;
  if (typeof target === 'string' && !ctx.types.has(target) && /^(plugin|admin)::/.test(target)) {
    ctx.warn(`${file} (attribute "${name}"): relation target ${target} is a plugin type Quarry does not serve; the attribute reads as absent`);
    return undefined;
  }
  if (!RELATION_KINDS.includes(relation as RelationKind)) {
    throw new SchemaError(file, name, `unknown relation kind ${JSON.stringify(relation)} (expected one of ${RELATION_KINDS.join(', ')})`);
  }
  if (typeof target !== 'string' || !ctx.types.has(target)) {
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
  if (ctx.isComponent && inverseRaw !== undefined) {
    throw new SchemaError(file, name, 'a relation in a component is unidirectional and takes no inversedBy/mappedBy');
  }
  const inverse = inverseRaw as string | undefined;
  return relationAttribute(uid, name, kind, target, inverse, raw, undefined);
}

export function readMedia(ctx: AttributeContext, name: string, raw: RawAttribute): RelationAttribute {
  const allowed = raw.allowedTypes;
  if (allowed !== undefined && allowed !== null && !(Array.isArray(allowed) && allowed.every((t) => typeof t === 'string' && MEDIA_TYPES.has(t)))) {
    throw new SchemaError(ctx.file, name, `allowedTypes must be a list of ${[...MEDIA_TYPES].join(', ')}`);
  }
  const attr = relationAttribute(ctx.owner, name, raw.multiple === true ? 'manyWay' : 'oneWay', FILE_UID, undefined, raw, {
    allowedTypes: Array.isArray(allowed) && allowed.length > 0 ? (allowed as string[]) : undefined,
  });
  return { ...attr, localized: explicitlyLocalized(ctx, raw) };
}

function relationAttribute(
  uid: string, name: string, kind: RelationKind, target: string, inverse: string | undefined, raw: RawAttribute, media: RelationAttribute['media'],
): RelationAttribute {
  const listName = `${uid}.${name}`;
  return {
    kind: 'relation',
    name,
    relation: kind,
    source: uid,
    target,
    toMany: kind === 'oneToMany' || kind === 'manyToMany' || kind === 'manyWay',
    // A target may appear in many sources' lists unless the far side of a bidirectional relation is "one".
    targetHasMany: !((kind === 'oneToMany' || kind === 'oneToOne') && inverse !== undefined),
    inverse,
    mappedBy: raw.mappedBy !== undefined,
    listName,
    partnerListName: inverse !== undefined ? `${target}.${inverse}` : `${listName}~inverse`,
    private: raw.private === true,
    required: raw.required === true,
    localized: false,
    media,
  };
}

export function readComponent(ctx: AttributeContext, name: string, raw: RawAttribute): ComponentAttribute {
  const component = raw.component;
  if (typeof component !== 'string' || !ctx.components.has(component)) {
    throw new SchemaError(ctx.file, name, `component ${JSON.stringify(component)} is not a known component`);
  }
  const repeatable = raw.repeatable === true;
  return {
    kind: 'component',
    name,
    component,
    repeatable,
    min: repeatable ? numberOrUndefined(raw.min) : undefined,
    max: repeatable ? numberOrUndefined(raw.max) : undefined,
    private: raw.private === true,
    required: raw.required === true,
    localized: explicitlyLocalized(ctx, raw),
  };
}

export function readDynamicZone(ctx: AttributeContext, name: string, raw: RawAttribute): DynamicZoneAttribute {
  if (ctx.isComponent) throw new SchemaError(ctx.file, name, 'a component cannot hold a dynamic zone');
  const list = raw.components;
  if (!Array.isArray(list) || list.length === 0 || !list.every((c) => typeof c === 'string')) {
    throw new SchemaError(ctx.file, name, 'a dynamic zone needs a non-empty "components" list of component uids');
  }
  const unknown = list.find((c) => !ctx.components.has(c));
  if (unknown !== undefined) throw new SchemaError(ctx.file, name, `component ${JSON.stringify(unknown)} is not a known component`);
  return {
    kind: 'dynamiczone',
    name,
    components: [...new Set(list as string[])],
    min: numberOrUndefined(raw.min),
    max: numberOrUndefined(raw.max),
    private: raw.private === true,
    required: raw.required === true,
    localized: explicitlyLocalized(ctx, raw),
  };
}
