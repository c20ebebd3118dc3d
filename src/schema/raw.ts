/** The shape of a Strapi `schema.json` or component file, as far as Quarry reads it. */
export interface RawAttribute {
  readonly type?: unknown;
  readonly relation?: unknown;
  readonly target?: unknown;
  readonly inversedBy?: unknown;
  readonly mappedBy?: unknown;
  readonly private?: unknown;
  readonly required?: unknown;
  readonly unique?: unknown;
  readonly default?: unknown;
  readonly enum?: unknown;
  readonly minLength?: unknown;
  readonly maxLength?: unknown;
  readonly min?: unknown;
  readonly max?: unknown;
  readonly targetField?: unknown;
  readonly regex?: unknown;
  /** `component` */
  readonly component?: unknown;
  readonly repeatable?: unknown;
  /** `dynamiczone` */
  readonly components?: unknown;
  /** `media` */
  readonly multiple?: unknown;
  readonly allowedTypes?: unknown;
  /** `customField`: the plugin's field uid. */
  readonly customField?: unknown;
  readonly pluginOptions?: { readonly i18n?: { readonly localized?: unknown } };
}

export interface RawSchema {
  readonly kind?: unknown;
  readonly collectionName?: unknown;
  readonly info?: { readonly singularName?: unknown; readonly pluralName?: unknown; readonly displayName?: unknown };
  readonly options?: { readonly draftAndPublish?: unknown };
  readonly pluginOptions?: { readonly i18n?: { readonly localized?: unknown } };
  readonly attributes?: Readonly<Record<string, RawAttribute>>;
}

/** A schema with where it came from: its uid and the file named in errors. */
export interface SchemaSource {
  readonly uid: string;
  readonly file: string;
  readonly schema: RawSchema;
}

/** Everything one Strapi project declares: its content-types and its components. */
export interface ProjectSources {
  readonly types: readonly SchemaSource[];
  readonly components: readonly SchemaSource[];
}
