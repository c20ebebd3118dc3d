export { createQuarry, Quarry, type QuarryOptions } from './quarry.js';
export type { DocumentService, CreateParams, UpdateParams, DocumentParams, VersionResult } from './documents/service.js';
export type { FindParams, PaginationInput, PageMeta } from './documents/read.js';
export type { Entry } from './documents/entry.js';
export { SchemaRegistry } from './schema/registry.js';
export * from './errors/index.js';
