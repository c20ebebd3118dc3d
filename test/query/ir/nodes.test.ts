import { describe, expect, it } from 'vitest';
import {
  allOf, AndNode, anyOf, CompareNode, ConstNode, FieldRef, FilterVisitor, ItemsNode, NotNode, notOf, OrNode, printFilter,
  RelationNode, someItem, someLinked,
  type FilterNode, type FilterNodeKind, type ItemsPath, type RelationLink,
} from '../../../src/query/ir/index.js';

const stars = FieldRef.create('stars', 'integer');
const name = FieldRef.create('name', 'string');
const big = FieldRef.create('views', 'biginteger');
const chef: RelationLink = { attribute: 'chef', source: 'api::restaurant.restaurant', target: 'api::chef.chef', toMany: false, holder: undefined };
const perks: ItemsPath = { path: 'perks', component: 'shared.perk' };
const seoImage: RelationLink = { attribute: 'image', source: 'shared.seo', target: 'plugin::upload.file', toMany: false, holder: 'seo' };
const text = FieldRef.create('text', 'string');

const gt3 = CompareNode.create(stars, { op: 'gt', value: 3 });
const isAna = CompareNode.create(name, { op: 'eq', value: 'Ana' });
const noName = CompareNode.create(name, { op: 'null' });

describe('nodes', () => {
  it('are frozen plain data with a kind, down to operand lists', () => {
    const values = [1, 2];
    const inList = CompareNode.create(stars, { op: 'in', value: values });
    values.push(3);
    const nodes: FilterNode[] = [
      gt3, inList, AndNode.create([gt3, isAna]), OrNode.create([gt3, isAna]), NotNode.create(gt3),
      ConstNode.create(true), RelationNode.create(chef, isAna, false), ItemsNode.create(perks, isAna, false),
    ];
    for (const node of nodes) expect(Object.isFrozen(node)).toBe(true);
    expect(inList).toMatchObject({ kind: 'compare', op: 'in', value: [1, 2] });
    expect(Object.isFrozen(inList.kind === 'compare' && inList.op === 'in' ? inList.value : undefined)).toBe(true);
    expect(Object.isFrozen(stars)).toBe(true);
    expect(Object.isFrozen(AndNode.create([gt3, isAna]).children)).toBe(true);
  });

  it('survive structured cloning and JSON unchanged', () => {
    const tree = allOf([
      gt3, RelationNode.create(chef, anyOf([isAna, notOf(noName)]), false), CompareNode.create(big, { op: 'between', value: ['1', '9007199254740993'] }),
      ItemsNode.create(perks, allOf([isAna, ItemsNode.create(perks, noName, true)]), false),
    ]);
    expect(structuredClone(tree)).toEqual(tree);
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });

  it('have one guard per kind', () => {
    const guards: Record<FilterNodeKind, (n: FilterNode) => boolean> = {
      and: AndNode.is, or: OrNode.is, not: NotNode.is, const: ConstNode.is, compare: CompareNode.is, relation: RelationNode.is, items: ItemsNode.is,
    };
    const samples: Record<FilterNodeKind, FilterNode> = {
      and: AndNode.create([gt3, isAna]), or: OrNode.create([gt3, isAna]), not: NotNode.create(gt3),
      const: ConstNode.TRUE, compare: gt3, relation: RelationNode.create(chef, ConstNode.TRUE, false), items: ItemsNode.create(perks, ConstNode.TRUE, false),
    };
    for (const [kind, guard] of Object.entries(guards)) {
      for (const [sampleKind, sample] of Object.entries(samples)) expect(guard(sample)).toBe(kind === sampleKind);
    }
  });
});

describe('combinators keep the documented shape', () => {
  it('flatten nested junctions of their own kind', () => {
    expect(allOf([AndNode.create([gt3, isAna]), noName])).toEqual(AndNode.create([gt3, isAna, noName]));
    expect(anyOf([OrNode.create([gt3, isAna]), noName])).toEqual(OrNode.create([gt3, isAna, noName]));
    expect(allOf([OrNode.create([gt3, isAna]), noName]).kind).toBe('and');
  });

  it('fold constants, which is sound under three-valued logic', () => {
    expect(allOf([gt3, ConstNode.TRUE])).toBe(gt3);
    expect(allOf([gt3, ConstNode.FALSE])).toBe(ConstNode.FALSE);
    expect(anyOf([gt3, ConstNode.TRUE])).toBe(ConstNode.TRUE);
    expect(anyOf([gt3, ConstNode.FALSE])).toBe(gt3);
    expect(allOf([])).toBe(ConstNode.TRUE);
    expect(anyOf([])).toBe(ConstNode.FALSE);
    expect(notOf(ConstNode.TRUE)).toBe(ConstNode.FALSE);
    expect(notOf(notOf(gt3))).toBe(gt3);
    expect(someLinked(chef, ConstNode.FALSE, false)).toBe(ConstNode.FALSE);
    expect(someLinked(chef, ConstNode.FALSE, true)).toBe(ConstNode.FALSE);
    expect(someLinked(chef, ConstNode.TRUE, false)).toMatchObject({ kind: 'relation', child: ConstNode.TRUE, unlinked: false });
    // Every linked row and the all-NULL row of a source without links pass: every source does.
    expect(someLinked(chef, ConstNode.TRUE, true)).toBe(ConstNode.TRUE);
    // Items fold alike.
    expect(someItem(perks, ConstNode.FALSE, true)).toBe(ConstNode.FALSE);
    expect(someItem(perks, ConstNode.TRUE, true)).toBe(ConstNode.TRUE);
    expect(someItem(perks, ConstNode.TRUE, false)).toMatchObject({ kind: 'items', path: 'perks', child: ConstNode.TRUE, unlinked: false });
  });
});

describe('FilterVisitor', () => {
  /** Records the kinds visited and each node's parent, to check dispatch and the node stack. */
  class Tracer extends FilterVisitor<string[]> {
    readonly parents: (FilterNodeKind | undefined)[] = [];
    private note(node: FilterNode, children: readonly FilterNode[] = []): string[] {
      this.parents.push(this.parentNode?.kind);
      return [node.kind, ...children.flatMap((c) => this.visit(c))];
    }
    protected visitAnd(node: AndNode) { return this.note(node, node.children); }
    protected visitOr(node: OrNode) { return this.note(node, node.children); }
    protected visitNot(node: NotNode) { return this.note(node, [node.child]); }
    protected visitConst(node: ConstNode) { return this.note(node); }
    protected visitCompare(node: CompareNode) { return this.note(node); }
    protected visitRelation(node: RelationNode) { return this.note(node, [node.child]); }
    protected visitItems(node: ItemsNode) { return this.note(node, [node.child]); }
  }

  it('dispatches on kind and keeps the path from the root', () => {
    const tracer = new Tracer();
    const tree = AndNode.create([gt3, OrNode.create([NotNode.create(noName), RelationNode.create(chef, ConstNode.TRUE, false), ItemsNode.create(perks, isAna, false)])]);
    expect(tracer.visit(tree)).toEqual(['and', 'compare', 'or', 'not', 'compare', 'relation', 'const', 'items', 'compare']);
    expect(tracer.parents).toEqual([undefined, 'and', 'and', 'or', 'not', 'or', 'relation', 'or', 'items']);
  });
});

describe('printFilter', () => {
  it.each([
    [gt3, 'stars > 3'],
    [isAna, 'name = "Ana"'],
    [notOf(noName), 'not name is null'],
    [CompareNode.create(name, { op: 'notNull' }), 'name is not null'],
    [CompareNode.create(stars, { op: 'notIn', value: [1, 2] }), 'stars not in [1, 2]'],
    [CompareNode.create(big, { op: 'between', value: ['-1', '9007199254740993'] }), 'views between -1 and 9007199254740993'],
    [CompareNode.create(name, { op: 'containsi', value: '50%' }), 'name containsi "50%"'],
    [allOf([gt3, anyOf([isAna, noName])]), '(stars > 3 and (name = "Ana" or name is null))'],
    [someLinked(chef, isAna, false), 'exists chef(name = "Ana")'],
    [someLinked(chef, noName, true), '(exists chef(name is null) or no chef)'],
    [notOf(someLinked(chef, ConstNode.TRUE, false)), 'not exists chef'],
    [ConstNode.FALSE, 'false'],
    [someItem(perks, CompareNode.create(text, { op: 'eq', value: 'fast' }), false), 'exists item of perks(text = "fast")'],
    [someItem(perks, CompareNode.create(text, { op: 'null' }), true), '(exists item of perks(text is null) or no item of perks)'],
    [notOf(someItem(perks, ConstNode.TRUE, false)), 'not exists item of perks'],
    [someLinked(seoImage, ConstNode.TRUE, false), 'exists seo.image'],
  ] as const)('prints %#', (node, text) => {
    expect(printFilter(node)).toBe(text);
  });
});
