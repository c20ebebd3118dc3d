import { builtinUserSchema } from './builtin-user.js';
import { loadSchemaDir } from './load-dir.js';
import { normalizeSchemas } from './normalize.js';
import type { SchemaSource } from './raw.js';
import type { ContentType, RelationAttribute } from './types.js';

/** Every content-type of one Quarry instance, looked up by uid or plural API id. */
export class SchemaRegistry {
  readonly types: readonly ContentType[];
  private readonly byUid: ReadonlyMap<string, ContentType>;
  private readonly byPlural: ReadonlyMap<string, ContentType>;

  constructor(types: readonly ContentType[]) {
    this.types = types;
    this.byUid = new Map(types.map((t) => [t.uid, t]));
    this.byPlural = new Map(types.map((t) => [t.pluralName, t]));
  }

  /** Loads a directory of schema files plus the built-in user type. */
  static fromDir(dir: string): SchemaRegistry {
    return SchemaRegistry.fromSources(loadSchemaDir(dir));
  }

  static fromSources(sources: readonly SchemaSource[]): SchemaRegistry {
    const withUser = sources.some((s) => s.uid === builtinUserSchema.uid) ? sources : [...sources, builtinUserSchema];
    return new SchemaRegistry(normalizeSchemas(withUser));
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
