/**
 * Connect positions (docs/relations.md, Positions): the sequential examples, and Strapi's relations-orderer
 * and sort-connect-array unit cases, run through the document service on every to-many side,
 * owning and inverse, including self-relations.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entry, Quarry } from '../../src/index.js';
import { PERSON, PRODUCT, SHOP, expectRejected, names, shopSchemas } from './fixtures.js';
import { tempQuarry } from '../support/temp-quarry.js';

const CIRCULAR =
  'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';

/** A to-many side to order: the source type, the attribute, its target type and the far side (if any). */
interface Side {
  readonly label: string;
  readonly source: string;
  readonly attr: string;
  readonly target: string;
  readonly inverse?: string;
}

const SIDES: Side[] = [
  { label: 'oneToMany shop.products_om', source: SHOP, attr: 'products_om', target: PRODUCT, inverse: 'shop_om' },
  { label: 'manyToMany shop.products_mm (owner)', source: SHOP, attr: 'products_mm', target: PRODUCT, inverse: 'shops' },
  { label: 'manyToMany product.shops (inverse side)', source: PRODUCT, attr: 'shops', target: SHOP, inverse: 'products_mm' },
  { label: 'manyWay shop.products_mw', source: SHOP, attr: 'products_mw', target: PRODUCT },
  { label: 'self oneToMany person.mentees', source: PERSON, attr: 'mentees', target: PERSON, inverse: 'mentor' },
  { label: 'self manyToMany person.friends', source: PERSON, attr: 'friends', target: PERSON, inverse: 'friendOf' },
  { label: 'self manyWay person.follows', source: PERSON, attr: 'follows', target: PERSON },
];

describe.each(SIDES)('$label', (side) => {
  let q: Quarry & { dispose(): Promise<void> };
  /** documentId and row id of target n (1-based). */
  let doc: (n: number) => string;
  let id: (n: number) => number;
  let sourceDoc: string;

  beforeEach(async () => {
    q = tempQuarry(shopSchemas);
    const targets: Entry[] = [];
    for (let n = 1; n <= 5; n++) targets.push(await q.documents(side.target).create({ data: { name: `${n}` } }));
    doc = (n) => targets[n - 1]!.documentId as string;
    id = (n) => targets[n - 1]!.id as number;
    sourceDoc = (await q.documents(side.source).create({ data: { name: 'S' } })).documentId as string;
  });
  afterEach(async () => {
    await q.dispose();
  });

  const list = async () => names((await q.documents(side.source).findOne({ documentId: sourceDoc, populate: { [side.attr]: true } }))![side.attr]);
  const update = (value: unknown) => q.documents(side.source).update({ documentId: sourceDoc, data: { [side.attr]: value } });
  const existing = async (...ns: number[]) => {
    await update(ns.map(doc));
    expect(await list()).toEqual(ns.map(String));
  };
  const connect = (items: unknown[], extra: Record<string, unknown> = {}) => update({ ...extra, connect: items });
  const at = (n: number, position?: Record<string, unknown>) => (position ? { documentId: doc(n), position } : doc(n));
  /** The far side's view: for each target, the source documents that list it, in order. */
  const inverseOf = async (n: number) => {
    if (!side.inverse) return undefined;
    const e = await q.documents(side.target).findOne({ documentId: doc(n), populate: { [side.inverse]: true } });
    return names(e![side.inverse]);
  };

  describe('sequential examples (docs/relations.md, Positions)', () => {
    it('existing [1,2,3], connect [{5 before 1},{1 before 2},{2 end}] → [5,1,3,2]', async () => {
      await existing(1, 2, 3);
      await connect([at(5, { before: doc(1) }), at(1, { before: doc(2) }), at(2, { end: true })]);
      expect(await list()).toEqual(['5', '1', '3', '2']);
    });

    it('the same with raw row ids as items and anchors', async () => {
      await existing(1, 2, 3);
      await connect([{ id: id(5), position: { before: id(1) } }, { id: id(1), position: { before: id(2) } }, { id: String(id(2)), position: { end: true } }]);
      expect(await list()).toEqual(['5', '1', '3', '2']);
    });

    it('empty, connect [{1 start},{2 start},{3 after 1}] → [2,1,3]', async () => {
      await connect([at(1, { start: true }), at(2, { start: true }), at(3, { after: doc(1) })]);
      expect(await list()).toEqual(['2', '1', '3']);
    });

    it('existing [d1,d2], connect [{d1 before d2},{d2 start},{d3 end}] → [d2,d1,d3]', async () => {
      await existing(1, 2);
      await connect([at(1, { before: doc(2) }), at(2, { start: true }), at(3, { end: true })]);
      expect(await list()).toEqual(['2', '1', '3']);
    });

    it('existing [1,2,3], connect [3,2,1] → [3,2,1]', async () => {
      await existing(1, 2, 3);
      await connect([doc(3), doc(2), doc(1)]);
      expect(await list()).toEqual(['3', '2', '1']);
    });

    it('existing [1,2,3], connect [2] → [1,3,2]', async () => {
      await existing(1, 2, 3);
      await connect([doc(2)]);
      expect(await list()).toEqual(['1', '3', '2']);
    });

    it('existing [1,2,3], connect [2,1] → [3,2,1]', async () => {
      await existing(1, 2, 3);
      await connect([doc(2), doc(1)]);
      expect(await list()).toEqual(['3', '2', '1']);
    });

    it('an anchor disconnected in the same update is no longer linked (strict: 400)', async () => {
      await existing(1, 2, 3);
      await expectRejected(
        q, () => update({ disconnect: [doc(2)], connect: [at(4, { after: doc(2) })] }),
        `data.${side.attr}.connect.0.position`,
        `There was a problem connecting relation with id ${id(4)} at position {"after":${id(2)}}. The relation with id ${id(2)} needs to be connected first.`,
      );
    });
  });

  describe('relations-orderer cases', () => {
    it('connect at the end: [2,3] + [{4 end},{5}] → [2,3,4,5]', async () => {
      await existing(2, 3);
      await connect([at(4, { end: true }), doc(5)]);
      expect(await list()).toEqual(['2', '3', '4', '5']);
    });

    it('connect at the start: [2,3] + [{4 start}] → [4,2,3]', async () => {
      await existing(2, 3);
      await connect([at(4, { start: true })]);
      expect(await list()).toEqual(['4', '2', '3']);
    });

    it('several before: [2,3] + [{4 before 3},{5 before 4}] → [2,5,4,3]', async () => {
      await existing(2, 3);
      await connect([at(4, { before: doc(3) }), at(5, { before: doc(4) })]);
      expect(await list()).toEqual(['2', '5', '4', '3']);
    });

    it('before a target that is not linked, non-strict: placed at the end', async () => {
      await existing(1, 2, 3);
      await connect([at(4, { before: doc(5) })], { options: { strict: false } });
      expect(await list()).toEqual(['1', '2', '3', '4']);
    });

    it('empty list, disordered items: [{5 before 1},{1 before 2},{2 end},{3 after 1}] → [5,1,3,2]', async () => {
      await connect([at(5, { before: doc(1) }), at(1, { before: doc(2) }), at(2, { end: true }), at(3, { after: doc(1) })]);
      expect(await list()).toEqual(['5', '1', '3', '2']);
    });
  });

  describe('sort-connect-array cases', () => {
    it('forward references are applied depth-first, with a linked anchor: [1] + the same → [5,1,3,2]', async () => {
      await existing(1);
      await connect([at(5, { before: doc(1) }), at(1, { before: doc(2) }), at(2, { end: true }), at(3, { after: doc(1) })]);
      expect(await list()).toEqual(['5', '1', '3', '2']);
    });

    it("error if position doesn't exist", async () => {
      await expectRejected(
        q, () => connect([at(1, { after: doc(2) })]),
        `data.${side.attr}.connect.0.position`,
        `There was a problem connecting relation with id ${id(1)} at position {"after":${id(2)}}. The relation with id ${id(2)} needs to be connected first.`,
      );
    });

    it('error with circular references', async () => {
      await existing(4);
      await expectRejected(q, () => connect([at(2, { after: doc(1) }), at(3, { after: doc(1) }), at(1, { after: doc(3) })]), `data.${side.attr}.connect.1`, CIRCULAR);
    });

    it('error when connecting same relation twice', async () => {
      await existing(4);
      await expectRejected(
        q, () => connect([at(1, { after: doc(2) }), at(1, { after: doc(3) })]),
        `data.${side.attr}.connect.1`,
        `The relation with id ${id(1)} is already connected. You cannot connect the same relation twice.`,
      );
    });
  });

  describe('self-anchored positions', () => {
    it('before itself, already linked: 400', async () => {
      await existing(1, 2);
      await expectRejected(q, () => connect([{ id: id(1), position: { before: id(1) } }]), `data.${side.attr}.connect.0.position`, `The relation with id ${id(1)} cannot be positioned before itself`);
    });

    it('after itself, not linked: 400', async () => {
      await existing(1, 2);
      await expectRejected(q, () => connect([at(3, { after: doc(3) })]), `data.${side.attr}.connect.0.position`, `The relation with id ${id(3)} cannot be positioned after itself`);
    });
  });

  it.runIf(side.inverse !== undefined)('reordering keeps each target’s view of the source; new links go to the end of it', async () => {
    // A second source that links targets 1 and 2 first, so the first source's place is second.
    await q.documents(side.source).create({ data: { name: 'T', [side.attr]: [doc(1), doc(2)] } });
    await existing(1, 2, 3);
    const before = [await inverseOf(1), await inverseOf(2), await inverseOf(3)];
    await connect([at(3, { start: true }), at(1, { after: doc(2) }), at(4, { before: doc(2) })]);
    expect(await list()).toEqual(['3', '4', '2', '1']);
    expect([await inverseOf(1), await inverseOf(2), await inverseOf(3)]).toEqual(before);
    expect(await inverseOf(4)).toEqual(side.inverse === 'mentor' || side.inverse === 'shop_om' ? 'S' : ['S']);
  });
});
