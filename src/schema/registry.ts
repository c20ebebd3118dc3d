import { builtinFileSchema } from './builtin-upload.js';
import { builtinUserSchema } from './builtin-user.js';
import { loadProject } from './load-dir.js';
import { normalizeProject, type NormalizeOptions } from './normalize.js';
import type { ProjectSources, SchemaSource } from './raw.js';
import type { ComponentType, ContentType, Model, RelationAttribute } from './types.js';

/** Every content-type and component of one Quarry instance, looked up by uid or plural API id. */
export class SchemaRegistry {
  readonly types: readonly ContentType[];
  readonly components: readonly ComponentType[];
  /** What loaded with a caveat (an unserved plugin relation, an unmapped custom field). */
  readonly warnings: readonly string[];
  private readonly byUid: ReadonlyMap<string, ContentType>;
  private readonly byPlural: ReadonlyMap<string, ContentType>;
  private readonly componentsByUid: ReadonlyMap<string, ComponentType>;

  constructor(types: readonly ContentType[], components: readonly ComponentType[] = [], warnings: readonly string[] = []) {
    this.types = types;
    this.components = components;
    this.warnings = warnings;
    this.byUid = new Map(types.map((t) => [t.uid, t]));
    // Upload files are reached through media fields and the upload routes, not `/api/files`.
    this.byPlural = new Map(types.filter((t) => !t.uid.startsWith('plugin::upload.')).map((t) => [t.pluralName, t]));
    this.componentsByUid = new Map(components.map((c) => [c.uid, c]));
  }

  /** Loads a Strapi project (or a directory of schema files) plus the built-in user and file types. */
  static fromDir(dir: string, options?: NormalizeOptions): SchemaRegistry {
    return SchemaRegistry.fromProject(loadProject(dir), options);
  }

  static fromSources(sources: readonly SchemaSource[], options?: NormalizeOptions): SchemaRegistry {
    return SchemaRegistry.fromProject({ types: sources, components: [] }, options);
  }

  static fromProject(project: ProjectSources, options?: NormalizeOptions): SchemaRegistry {
    const types = [...project.types];
    // A project's extension of a built-in type replaces it wholesale, as in Strapi.
    for (const builtin of [builtinUserSchema, builtinFileSchema]) if (!types.some((s) => s.uid === builtin.uid)) types.push(builtin);
    const { types: cts, components, warnings } = normalizeProject({ types, components: project.components }, options);
    return new SchemaRegistry(cts, components, warnings);
  }

  get(uid: string): ContentType | undefined {
    return this.byUid.get(uid);
  }

  /** Like `get`, for uids that come from code rather than from a request. */
  require(uid: string): ContentType {
    const ct = this.byUid.get(uid);
    if (!ct) throw new Error(`Unknown content-type ${uid}`);
    return ct;
  }

  component(uid: string): ComponentType {
    const c = this.componentsByUid.get(uid);
    if (!c) throw new Error(`Unknown component ${uid}`);
    return c;
  }

  /** The content-type or component a uid names (a relation's source may be either). */
  model(uid: string): Model {
    return this.byUid.get(uid) ?? this.component(uid);
  }

  byPluralName(plural: string): ContentType | undefined {
    return this.byPlural.get(plural);
  }

  /** The attribute on the far side of a bidirectional relation. */
  inverseOf(attr: RelationAttribute): RelationAttribute | undefined {
    if (attr.inverse === undefined) return undefined;
    const other = this.require(attr.target).attributes.get(attr.inverse);
    return other?.kind === 'relation' ? other : undefined;
  }
}
