import { fieldReader } from '../../store/field-paths.js';
import type { CompareNode, ItemsNode, RelationNode } from '../ir/index.js';
import { matcherFor, type Truth } from '../values/index.js';
import { someOf, TestCompiler, type Test } from './test-compiler.js';

/** An item of a repeatable component, as its row holds it: `{ id, ...fields }`. */
export type Item = Readonly<Record<string, unknown>>;

/** What a relation of a component tests from the id of the component it goes from. */
export type LinkTest = (node: RelationNode) => (source: number) => Truth;

/**
 * Decides the condition under an `items` node for one item: fields are the item's (by path
 * through its single components), nested repeatable components are read in it, and a relation
 * of the component follows the links from the item's (or its component's) id.
 */
export class ItemEvaluator extends TestCompiler<Item, void> {
  constructor(private readonly links: LinkTest) {
    super();
  }

  protected visitCompare(node: CompareNode): Test<Item> {
    const match = matcherFor(node);
    const read = fieldReader(node.field.name);
    return (item) => match(read(item) ?? null);
  }

  protected visitItems(node: ItemsNode): Test<Item> {
    const read = fieldReader(node.path);
    const child = this.visit(node.child);
    const { unlinked } = node;
    return (item) => someOf(read(item), child, unlinked);
  }

  protected visitRelation(node: RelationNode): Test<Item> {
    const linked = this.links(node);
    const read = fieldReader(node.holder === undefined ? 'id' : `${node.holder}.id`);
    const { unlinked } = node;
    return (item) => {
      const source = read(item);
      return typeof source === 'number' ? linked(source) : unlinked;
    };
  }
}
