import { SchemaError } from '../errors/index.js';
import { readComponent, readDynamicZone, readMedia, readRelation, readScalar, type AttributeContext } from './attributes.js';
import type { ProjectSources, RawSchema, SchemaSource } from './raw.js';
import type { Attribute, ComponentType, ContentType, RelationAttribute, RelationKind } from './types.js';

/** Strapi reserves these; an attribute may not take them. */
const RESERVED = new Set([
  'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations', 'createdBy', 'updatedBy', 'status',
  // The query reader refuses these keys, so such an attribute could never be filtered or sorted.
  '__proto__', 'constructor', 'prototype',
]);
/** Inside a component only its own id and the dynamic-zone tag are taken. */
const RESERVED_IN_COMPONENT = new Set(['id', '__component', '__proto__', 'constructor', 'prototype']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COMPONENT_UID = /^[a-z0-9][a-z0-9-_]*\.[a-z0-9][a-z0-9-_]*$/i;

export interface NormalizeOptions {
  /** Custom field uid → the scalar type it stores as, beyond the built-in map. */
  readonly customFields?: Readonly<Record<string, string>>;
}

export interface NormalizedProject {
  readonly types: ContentType[];
  readonly components: ComponentType[];
  /** What loaded but reads as absent or stored otherwise than declared. */
  readonly warnings: string[];
}

type Draft<T extends { attributes: unknown }> = Omit<T, 'attributes'> & { attributes: Map<string, Attribute> };

/** Turns raw schema files into content-types and components, resolving every relation's target and partner side. */
export function normalizeProject(project: ProjectSources, options: NormalizeOptions = {}): NormalizedProject {
  const warnings: string[] = [];
  const typeSources = new Map<string, SchemaSource>();
  const plurals = new Map<string, string>();
  for (const source of project.types) {
    if (typeSources.has(source.uid)) throw new SchemaError(source.file, undefined, `declares uid ${source.uid} twice`);
    typeSources.set(source.uid, source);
  }
  const componentSources = new Map<string, SchemaSource>();
  for (const source of project.components) {
    if (!COMPONENT_UID.test(source.uid)) throw new SchemaError(source.file, undefined, `component uid ${source.uid} must be <category>.<name>`);
    if (componentSources.has(source.uid)) throw new SchemaError(source.file, undefined, `declares component ${source.uid} twice`);
    componentSources.set(source.uid, source);
  }
  const known = { types: new Set(typeSources.keys()), components: new Set(componentSources.keys()) };
  const context = (source: SchemaSource, isComponent: boolean, typeLocalized: boolean): AttributeContext => ({
    file: source.file, owner: source.uid, isComponent, typeLocalized, ...known,
    customFields: options.customFields ?? {},
    warn: (m) => warnings.push(m),
  });

  const types: Draft<ContentType>[] = [];
  for (const source of typeSources.values()) {
    const ct = readTypeHeader(source);
    if (!ct.uid.startsWith('plugin::upload.')) {
      const clash = plurals.get(ct.pluralName) ?? plurals.get(ct.singularName);
      if (clash) throw new SchemaError(source.file, undefined, `singular or plural name clashes with ${clash}`);
      plurals.set(ct.pluralName, ct.uid);
      plurals.set(ct.singularName, ct.uid);
    }
    readAttributes(source, RESERVED, context(source, false, ct.localized), ct.attributes);
    types.push(ct);
  }
  const components: Draft<ComponentType>[] = [];
  for (const source of componentSources.values()) {
    const [category] = source.uid.split('.');
    const info = source.schema.info ?? {};
    const attributes = new Map<string, Attribute>();
    // Whether a component's fields are per locale is its holder's to say, so nothing inside one is.
    readAttributes(source, RESERVED_IN_COMPONENT, context(source, true, false), attributes);
    components.push({
      uid: source.uid, kind: 'component', category: category!, file: source.file, attributes,
      displayName: typeof info.displayName === 'string' ? info.displayName : source.uid,
    });
  }
  checkNoComponentCycle(components);
  const byUid = new Map(types.map((t) => [t.uid, t]));
  for (const ct of types) {
    for (const attr of [...ct.attributes.values()]) {
      if (attr.kind !== 'relation' || attr.inverse === undefined) continue;
      const source = typeSources.get(ct.uid)!;
      if (byUid.get(attr.target)!.attributes.has(attr.inverse)) checkInverse(source, ct.uid, attr, byUid);
      else dropDanglingInverse(source, ct, attr, (m) => warnings.push(m));
    }
  }
  return {
    types: types.map((t) => Object.freeze(t) as ContentType),
    components: components.map((c) => Object.freeze(c) as ComponentType),
    warnings,
  };
}

function readAttributes(source: SchemaSource, reserved: ReadonlySet<string>, ctx: AttributeContext, into: Map<string, Attribute>): void {
  const { file } = source;
  const rawAttrs = source.schema.attributes ?? {};
  if (typeof rawAttrs !== 'object' || Array.isArray(rawAttrs)) throw new SchemaError(file, undefined, 'attributes must be an object');
  for (const [name, raw] of Object.entries(rawAttrs)) {
    if (!NAME.test(name)) throw new SchemaError(file, name, 'is not a valid attribute name');
    if (reserved.has(name)) throw new SchemaError(file, name, 'is a reserved name');
    if (typeof raw !== 'object' || raw === null) throw new SchemaError(file, name, 'must be an object');
    const attr = readAttribute(ctx, name, raw);
    if (attr) into.set(name, attr);
  }
}

function readAttribute(ctx: AttributeContext, name: string, raw: NonNullable<RawSchema['attributes']>[string]): Attribute | undefined {
  switch (raw.type) {
    case 'relation':
      return readRelation(ctx, name, raw);
    case 'media':
      return readMedia(ctx, name, raw);
    case 'component':
      return readComponent(ctx, name, raw);
    case 'dynamiczone':
      return readDynamicZone(ctx, name, raw);
    default:
      return readScalar(ctx, name, raw);
  }
}

function readTypeHeader(source: SchemaSource): Draft<ContentType> {
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
  return {
    uid: source.uid,
    kind,
    singularName,
    pluralName,
    displayName: typeof info.displayName === 'string' ? info.displayName : singularName,
    draftAndPublish: schema.options?.draftAndPublish === true,
    localized: schema.pluginOptions?.i18n?.localized === true,
    attributes: new Map(),
    file,
  };
}

/** A component that holds itself, at any depth, would have no end. */
function checkNoComponentCycle(components: readonly Draft<ComponentType>[]): void {
  const byUid = new Map(components.map((c) => [c.uid, c]));
  const done = new Set<string>();
  const visit = (c: Draft<ComponentType>, path: string[]): void => {
    if (done.has(c.uid)) return;
    for (const attr of c.attributes.values()) {
      if (attr.kind !== 'component') continue;
      if (path.includes(attr.component)) {
        throw new SchemaError(c.file, attr.name, `component ${attr.component} holds itself (${[...path, attr.component].join(' > ')})`);
      }
      visit(byUid.get(attr.component)!, [...path, attr.component]);
    }
    done.add(c.uid);
  };
  for (const c of components) visit(c, [c.uid]);
}

/**
 * Real projects keep a side whose partner was deleted (FoodAdvisor's user `articles`, mapped by
 * an `author` its article no longer has). A `mappedBy` side owns no links, so it can only ever
 * read as empty: it is left out. An `inversedBy` side owns its links and keeps them, one-way.
 */
function dropDanglingInverse(source: SchemaSource, ct: Draft<ContentType>, attr: RelationAttribute, warn: (m: string) => void): void {
  const where = `${source.file} (attribute "${attr.name}"): ${attr.mappedBy ? 'mappedBy' : 'inversedBy'} "${attr.inverse}" is not an attribute of ${attr.target}`;
  if (attr.mappedBy) {
    ct.attributes.delete(attr.name);
    warn(`${where}; the attribute reads as absent`);
    return;
  }
  ct.attributes.set(attr.name, { ...attr, inverse: undefined, targetHasMany: true, partnerListName: `${attr.listName}~inverse` });
  warn(`${where}; it is kept as a one-way relation`);
}

const COMPLEMENT: Record<RelationKind, RelationKind | undefined> = {
  oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany', oneWay: undefined, manyWay: undefined,
};

function checkInverse(source: SchemaSource, uid: string, attr: RelationAttribute, byUid: ReadonlyMap<string, Draft<ContentType>>): void {
  const target = byUid.get(attr.target)!;
  const other = target.attributes.get(attr.inverse!);
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
