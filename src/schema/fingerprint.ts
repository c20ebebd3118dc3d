import { createHash } from 'node:crypto';
import type { SchemaRegistry } from './registry.js';

/**
 * A SHA-256 of the content-types and components as normalized (attributes, relations and their
 * inverse sides, options), not of the files they came from: a Strapi project and a directory of
 * the same schemas have one fingerprint. A replica serves the writer's folder only with the
 * writer's fingerprint (src/replication/).
 */
export function schemaFingerprint(registry: SchemaRegistry): string {
  const text = JSON.stringify({ types: registry.types, components: registry.components }, (key, value: unknown) => {
    if (key === 'file') return undefined;
    if (value instanceof Map || value instanceof Set) return [...value];
    return value;
  });
  return createHash('sha256').update(text).digest('hex');
}
