/** The `api.rest` settings that shape list parameters. */
export interface ListParamsSettings {
  readonly defaultPageSize: number;
  /** Larger page sizes and limits are capped to this, silently, as Strapi does. */
  readonly maxPageSize: number;
  /** Count matches when the request does not say (`pagination[withCount]`). */
  readonly withCount: boolean;
  /** Relation levels `populate` may reach, `populate=a.b.c` being 3. */
  readonly maxPopulateDepth: number;
}

export const DEFAULT_LIST_PARAMS_SETTINGS: ListParamsSettings = Object.freeze({
  defaultPageSize: 25,
  maxPageSize: 100,
  withCount: true,
  maxPopulateDepth: 5,
});
