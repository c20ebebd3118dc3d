import {
  getNamedType, GraphQLError, isObjectType, isUnionType, Kind,
  type FieldNode, type GraphQLField, type GraphQLObjectType, type GraphQLUnionType, type SelectionSetNode, type ValidationContext,
  type ValidationRule,
} from 'graphql';

export interface LimitSettings {
  readonly maxDepth: number;
  readonly maxCost: number;
  /** Page size of a list without `pagination`. */
  readonly defaultPageSize: number;
  /** Largest page size; also what a page size given by a variable counts as. */
  readonly maxPageSize: number;
}

export const depthLimitMessage = (depth: number, limit: number): string =>
  `Query depth ${depth} exceeds the depth limit of ${limit} (setting graphql.maxDepth)`;
export const costLimitMessage = (cost: number, limit: number): string =>
  `Query cost ${cost} exceeds the cost limit of ${limit} (setting graphql.maxCost): each field counts once per entry it may be resolved for`;

/** Introspection subtrees: tools nest them deep and they read no content. */
const INTROSPECTION = new Set(['__schema', '__type']);

/**
 * A validation rule refusing operations nested past `maxDepth` or costing more than `maxCost`,
 * so both are refused before anything runs and the verdict is cached with the document. The
 * walk stops as soon as a limit is passed: a document built to explode through fragments costs
 * no more to refuse than the limit itself.
 */
export function limitsRule(settings: LimitSettings): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const walk = new Walk(context, settings);
      walk.selections(operation.selectionSet, root, 1, 1, new Set());
      if (walk.depth > settings.maxDepth) {
        context.reportError(new GraphQLError(depthLimitMessage(walk.depth, settings.maxDepth), { nodes: operation }));
      } else if (walk.cost > settings.maxCost) {
        context.reportError(new GraphQLError(costLimitMessage(walk.cost, settings.maxCost), { nodes: operation }));
      }
    },
  });
}

class Walk {
  depth = 0;
  cost = 0;

  constructor(private readonly context: ValidationContext, private readonly settings: LimitSettings) {}

  private get passed(): boolean {
    return this.depth > this.settings.maxDepth || this.cost > this.settings.maxCost;
  }

  /**
   * `entries`: how many entries each field of this selection may be resolved for. A union's
   * selection (a dynamic zone's) holds `__typename` and fragments on its members.
   */
  selections(set: SelectionSetNode, parent: GraphQLObjectType | GraphQLUnionType, depth: number, entries: number, fragments: ReadonlySet<string>): void {
    for (const selection of set.selections) {
      if (this.passed) return;
      if (selection.kind === Kind.FIELD) {
        this.field(selection, parent, depth, entries, fragments);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        this.selections(selection.selectionSet, this.typeOf(selection.typeCondition?.name.value) ?? parent, depth, entries, fragments);
      } else {
        const name = selection.name.value;
        const fragment = this.context.getFragment(name);
        // A cycle is another rule's error; here it just ends the walk.
        if (!fragment || fragments.has(name)) continue;
        this.selections(fragment.selectionSet, this.typeOf(fragment.typeCondition.name.value) ?? parent, depth, entries, new Set([...fragments, name]));
      }
    }
  }

  private field(node: FieldNode, parent: GraphQLObjectType | GraphQLUnionType, depth: number, entries: number, fragments: ReadonlySet<string>): void {
    if (INTROSPECTION.has(node.name.value)) return;
    this.depth = Math.max(this.depth, depth);
    this.cost += entries;
    const def = isObjectType(parent) ? parent.getFields()[node.name.value] : undefined;
    const child = def ? getNamedType(def.type) : undefined;
    if (!node.selectionSet || !(isObjectType(child) || isUnionType(child))) return;
    this.selections(node.selectionSet, child, depth + 1, entries * this.pageSize(node, def!), fragments);
  }

  /** How many entries a field with a `pagination` argument may return; 1 for any other field. */
  private pageSize(node: FieldNode, def: GraphQLField<unknown, unknown>): number {
    if (!def.args.some((a) => a.name === 'pagination')) return 1;
    const { defaultPageSize, maxPageSize } = this.settings;
    const arg = node.arguments?.find((a) => a.name.value === 'pagination')?.value;
    if (arg === undefined || arg.kind === Kind.NULL) return defaultPageSize;
    if (arg.kind !== Kind.OBJECT) return maxPageSize;
    const size = arg.fields.find((f) => f.name.value === 'pageSize' || f.name.value === 'limit')?.value;
    if (size === undefined) return defaultPageSize;
    if (size.kind !== Kind.INT) return maxPageSize;
    const n = Number(size.value);
    return n < 1 ? (n === -1 ? maxPageSize : 1) : Math.min(n, maxPageSize);
  }

  private typeOf(name: string | undefined): GraphQLObjectType | undefined {
    if (name === undefined) return undefined;
    const type = this.context.getSchema().getType(name);
    return isObjectType(type) ? type : undefined;
  }
}
