/** Limits and switches of the GraphQL endpoint. */
export interface GraphqlSettings {
  /** Where it is served (outside the REST prefix, as Strapi's `/graphql`). */
  readonly path: string;
  /**
   * Fields nested deeper than this are refused before execution (`{ restaurants { name } }` is 2
   * deep). Introspection fields (`__schema`, `__type`) do not count: tools nest them deeply.
   */
  readonly maxDepth: number;
  /**
   * The most field values one operation may ask for, refused before execution: each field counts
   * once for every entry it may be resolved on, a list multiplying its children by its page size
   * (its `pagination` argument, the default page size without one, the largest page size when a
   * variable gives it).
   */
  readonly maxCost: number;
  /** Parsed and validated operations kept by query text. */
  readonly documentCacheSize: number;
  /** GET without a query serves a page to try queries in a browser. */
  readonly explorer: boolean;
}

export const DEFAULT_GRAPHQL_SETTINGS: GraphqlSettings = Object.freeze({
  path: '/graphql',
  maxDepth: 10,
  maxCost: 50_000,
  documentCacheSize: 1_000,
  explorer: true,
});

export function resolveGraphqlSettings(input: Partial<GraphqlSettings> = {}): GraphqlSettings {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<GraphqlSettings>;
  const settings = { ...DEFAULT_GRAPHQL_SETTINGS, ...defined };
  for (const key of ['maxDepth', 'maxCost', 'documentCacheSize'] as const) {
    if (!Number.isSafeInteger(settings[key]) || settings[key] < 1) throw new RangeError(`graphql.${key} must be a positive integer, got ${String(settings[key])}`);
  }
  return Object.freeze(settings);
}
