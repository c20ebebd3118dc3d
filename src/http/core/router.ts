import type { SchemaRegistry } from '../../schema/registry.js';
import { USER_UID } from '../../schema/builtin-user.js';
import type { ContentType } from '../../schema/types.js';

/** The resources the content API serves; each has its own method table (see `routes.ts`). */
export type Match =
  | { readonly resource: 'collection'; readonly type: ContentType }
  | { readonly resource: 'document'; readonly type: ContentType; readonly documentId: string }
  | { readonly resource: 'single'; readonly type: ContentType }
  | { readonly resource: 'users'; readonly type: ContentType }
  | { readonly resource: 'usersCount'; readonly type: ContentType }
  | { readonly resource: 'user'; readonly type: ContentType; readonly id: string };

/**
 * Maps a raw path to a resource: `<prefix>/<plural>` and `<prefix>/<plural>/<documentId>` for
 * every `api::` collection type, `<prefix>/<singular>` for every `api::` single type (and nothing
 * else for either, as in Strapi), and users-permissions' own user routes under `/users`. A
 * trailing slash is ignored (Strapi's router is not strict); anything else is undefined (404).
 */
export class Router {
  private readonly collections = new Map<string, ContentType>();
  private readonly singles = new Map<string, ContentType>();
  private readonly user: ContentType | undefined;

  constructor(registry: SchemaRegistry, private readonly prefix: string) {
    for (const type of registry.types) {
      // Plugin types (the user type included) have no generic content-type routes.
      if (!type.uid.startsWith('api::')) continue;
      if (type.kind === 'collectionType') this.collections.set(type.pluralName, type);
      else this.singles.set(type.singularName, type);
    }
    this.user = registry.get(USER_UID);
  }

  match(path: string): Match | undefined {
    const { prefix } = this;
    if (!path.startsWith(prefix) || path.charCodeAt(prefix.length) !== 0x2f) return undefined;
    let end = path.length;
    if (end > prefix.length + 1 && path.charCodeAt(end - 1) === 0x2f) end--;
    const rest = path.slice(prefix.length + 1, end);
    const slash = rest.indexOf('/');
    const name = decodeSegment(slash === -1 ? rest : rest.slice(0, slash));
    const id = slash === -1 ? undefined : decodeSegment(rest.slice(slash + 1));
    if (name === undefined || id === '' || id?.includes('/')) return undefined;
    if (this.user !== undefined && name === this.user.pluralName) {
      if (id === undefined) return { resource: 'users', type: this.user };
      return id === 'count' ? { resource: 'usersCount', type: this.user } : { resource: 'user', type: this.user, id };
    }
    const single = this.singles.get(name);
    if (single !== undefined) return id === undefined ? { resource: 'single', type: single } : undefined;
    const type = this.collections.get(name);
    if (type === undefined) return undefined;
    return id === undefined ? { resource: 'collection', type } : { resource: 'document', type, documentId: id };
  }
}

/**
 * A percent-decoded path segment; undefined for an empty one. A malformed escape is kept as it
 * came (as Strapi's router does), so it simply names nothing.
 */
function decodeSegment(segment: string): string | undefined {
  if (segment === '') return undefined;
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
