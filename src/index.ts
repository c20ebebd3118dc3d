export { createQuarry, Quarry, type QuarryOptions } from './quarry.js';
export type { DocumentService, CreateParams, UpdateParams, DocumentParams, VersionResult, Status } from './documents/service.js';
export type { PageMeta, Page } from './documents/read.js';
export type { FindParams } from './documents/read-request.js';
export type { Entry } from './documents/entry.js';
export type { CheckReport, Problem, ProblemKind } from './store/check/check.js';
export { SchemaRegistry } from './schema/registry.js';
export { startServer, startNodeHttpServer, type RunningServer, type ServerOptions } from './http/index.js';
export * from './errors/index.js';
