import {
  execute, getOperationAST, GraphQLError, parse, specifiedRules, validate,
  type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode, type ValidationRule,
} from 'graphql';
import { BoundedCache } from '../cache/index.js';
import { DEFAULT_LIST_PARAMS_SETTINGS, type ListParamsSettings } from '../query/params/index.js';
import { GraphqlContext } from './context.js';
import type { QuarryError } from '../errors/index.js';
import { applicationError, documentError, executionErrors, requestError, type ErrorCode, type FormattedError } from './errors.js';
import { FALLBACK, planQuery, runQueryPlan, type QueryPlan } from './fast-path.js';
import { idPositionsRule } from './id-positions.js';
import { variableCheck, type VariableCheck } from './id-variables.js';
import { limitsRule } from './limits.js';
import type { RawJson } from './raw-json.js';
import type { GraphqlSettings } from './settings.js';

/** A GraphQL request as GraphQL over HTTP carries it, before any check. */
export interface GraphqlRequest {
  readonly query: unknown;
  readonly variables: unknown;
  readonly operationName: unknown;
}

/**
 * Whether the caller may run an operation of this kind: queries read, mutations write. The
 * error to answer with (its status is the HTTP status), or undefined.
 */
export type Authorize = (kind: 'read' | 'write') => QuarryError | undefined;

export interface GraphqlAnswer {
  /** 200 once execution started; 400 for a request refused before (405 for a mutation over GET, 401 / 403 by access). */
  readonly status: number;
  /** The fast path's answers come printed already (plan-printer.ts). */
  readonly body: { readonly errors?: readonly FormattedError[]; readonly data?: unknown } | RawJson;
}

type Ready = Extract<Compiled, { kind: 'ready' }>;

/** A query text parsed and validated once; later requests with the same text skip both. */
type Compiled =
  | { readonly kind: 'ready'; readonly document: DocumentNode; readonly operations: Map<OperationDefinitionNode, Prepared> }
  | { readonly kind: 'refused'; readonly answer: GraphqlAnswer };

/** What an operation needs before it runs, worked out on its first run. */
interface Prepared {
  /** Queries the fast path can run. */
  readonly plan: QueryPlan | undefined;
  readonly checkVariables: VariableCheck;
}

/** Longer query texts are checked every time: the cache's memory stays bounded by its size setting. */
const MAX_CACHED_QUERY_CHARS = 32 * 1024;

export const MISSING_QUERY_MESSAGE = 'GraphQL operations must contain a non-empty `query`';
export const VARIABLES_MESSAGE = '`variables` must be an object';
export const OPERATION_NAME_MESSAGE = '`operationName` must be a string';
export const GET_MUTATION_MESSAGE = 'Mutations are accepted over POST only';

/**
 * Runs GraphQL requests against one schema: parse, validate (with the depth and cost limits),
 * choose the operation, coerce variables, execute, and answer in Strapi's shapes with the HTTP
 * status each outcome gets. Never throws: errors that are not the caller's go to `report`.
 */
export class GraphqlExecutor {
  /** By query text: what a document parses and validates to depends on its text and the schema only. */
  private readonly compiled: BoundedCache<string, Compiled>;
  private readonly rules: readonly ValidationRule[];

  constructor(
    private readonly schema: GraphQLSchema,
    settings: GraphqlSettings,
    private readonly listParams: Partial<ListParamsSettings>,
    private readonly report: (error: unknown) => void,
  ) {
    this.compiled = new BoundedCache(settings.documentCacheSize);
    const list = { ...DEFAULT_LIST_PARAMS_SETTINGS, ...listParams };
    this.rules = [...specifiedRules, idPositionsRule, limitsRule({ ...settings, defaultPageSize: list.defaultPageSize, maxPageSize: list.maxPageSize })];
  }

  run(request: GraphqlRequest, method: 'GET' | 'POST', authorize: Authorize = () => undefined): GraphqlAnswer | Promise<GraphqlAnswer> {
    const { query, variables, operationName } = request;
    if (typeof query !== 'string' || query.trim() === '') return refused(400, MISSING_QUERY_MESSAGE, 'BAD_REQUEST');
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      return refused(400, VARIABLES_MESSAGE, 'BAD_REQUEST');
    }
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
      return refused(400, OPERATION_NAME_MESSAGE, 'BAD_REQUEST');
    }
    const compiled = this.compile(query);
    if (compiled.kind === 'refused') return compiled.answer;
    const operation = getOperationAST(compiled.document, operationName);
    if (!operation) {
      const message = operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.';
      return refused(400, message, 'BAD_REQUEST');
    }
    if (method === 'GET' && operation.operation !== 'query') return refused(405, GET_MUTATION_MESSAGE, 'BAD_REQUEST');
    const denied = authorize(operation.operation === 'query' ? 'read' : 'write');
    if (denied) return { status: denied.status, body: { errors: [applicationError(denied)] } };
    return this.execute(compiled, operation, (variables ?? undefined) as Record<string, unknown> | undefined);
  }

  /** Queries take the compiled fast path; anything it gives up on, and mutations, go through graphql-js. */
  private execute(compiled: Ready, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): GraphqlAnswer | Promise<GraphqlAnswer> {
    const prepared = this.prepared(compiled, operation);
    const { plan } = prepared;
    if (plan) {
      const fast = runQueryPlan(this.schema, plan, variables, new GraphqlContext(this.listParams));
      const answer = (body: RawJson | typeof FALLBACK) => (body === FALLBACK ? this.executeFully(compiled.document, operation, prepared, variables) : { status: 200, body });
      return fast instanceof Promise ? fast.then(answer) : answer(fast);
    }
    return this.executeFully(compiled.document, operation, prepared, variables);
  }

  private prepared(compiled: Ready, operation: OperationDefinitionNode): Prepared {
    let prepared = compiled.operations.get(operation);
    if (!prepared) {
      const checkVariables = variableCheck(this.schema, compiled.document, operation);
      prepared = { plan: planQuery(this.schema, compiled.document, operation, checkVariables), checkVariables };
      compiled.operations.set(operation, prepared);
    }
    return prepared;
  }

  private executeFully(
    document: DocumentNode, operation: OperationDefinitionNode, prepared: Prepared, variables: Record<string, unknown> | undefined,
  ): GraphqlAnswer | Promise<GraphqlAnswer> {
    let result: ExecutionResult | Promise<ExecutionResult>;
    try {
      const refused = prepared.checkVariables(variables ?? {});
      if (refused.length > 0) return { status: 400, body: { errors: refused.map((e) => documentError(e, 'BAD_USER_INPUT')) } };
      result = execute({
        schema: this.schema,
        document,
        operationName: operation.name?.value,
        variableValues: variables,
        contextValue: new GraphqlContext(this.listParams),
      });
    } catch (error) {
      this.report(error);
      return refused(500, 'Internal Server Error', 'INTERNAL_SERVER_ERROR');
    }
    return result instanceof Promise ? result.then((r) => this.answer(r)) : this.answer(result);
  }

  /** Without `data`, execution never started: the variables did not coerce (graphql-js has already checked the rest). */
  private answer(result: ExecutionResult): GraphqlAnswer {
    if (!('data' in result)) {
      return { status: 400, body: { errors: (result.errors ?? []).map((e) => documentError(e, 'BAD_USER_INPUT')) } };
    }
    const errors = result.errors ? executionErrors(result.errors, this.report) : undefined;
    return { status: 200, body: errors ? { errors, data: result.data } : { data: result.data } };
  }

  private compile(query: string): Compiled {
    return this.compiled.remember(query.length > MAX_CACHED_QUERY_CHARS ? undefined : query, () => this.check(query));
  }

  private check(query: string): Compiled {
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      return { kind: 'refused', answer: { status: 400, body: { errors: [documentError(error, 'GRAPHQL_PARSE_FAILED')] } } };
    }
    const errors = validate(this.schema, document, this.rules);
    if (errors.length > 0) {
      return { kind: 'refused', answer: { status: 400, body: { errors: errors.map((e) => documentError(e, 'GRAPHQL_VALIDATION_FAILED')) } } };
    }
    return { kind: 'ready', document, operations: new Map() };
  }
}

function refused(status: number, message: string, code: ErrorCode): GraphqlAnswer {
  return { status, body: { errors: [requestError(message, code)] } };
}
