import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { TARGETS } from '../../fixtures/fuzz/targets.js';
import { openWorld, type FuzzWorld } from '../../fixtures/fuzz/world.js';

/**
 * Hostile input, bounded: every target of `npm run fuzz` (bench/fuzz.ts), a few thousand inputs
 * in all. Each input must end in a result or a 4xx in Strapi's shape, never a 500, another
 * error, a hang or a changed Object.prototype (fixtures/fuzz/outcome.ts); fast-check shrinks and
 * prints any input that does not.
 */
const RUNS: Readonly<Record<string, number>> = {
  'query-string reader': 1_500,
  'filter validator': 1_500,
  'list params and execution': 800,
  'relation payload (document service writes)': 800,
  'HTTP (node:http, real sockets)': 600,
};

let world: FuzzWorld;
beforeAll(async () => {
  world = await openWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('hostile input gets a result or a 4xx in Strapi\'s shape', () => {
  for (const target of TARGETS) {
    it(target.name, async () => {
      await fc.assert(fc.asyncProperty(target.cases(world), async (c) => {
        await c.run();
      }), { numRuns: RUNS[target.name] ?? 500 });
    }, 120_000);
  }
});

describe('inputs the long fuzz found, kept as cases', () => {
  it('a relation item whose id is an object without a prototype is a 400, not a TypeError', async () => {
    const data = { categories: [{ id: Object.assign(Object.create(null) as object, { nope: [1] }) }] };
    await expect(world.quarry.documents('api::restaurant.restaurant').update({ documentId: world.ids.restaurants![0]!, data })).rejects.toBeInstanceOf(ValidationError);
  });
});
