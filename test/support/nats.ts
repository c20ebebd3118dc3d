import { afterAll, beforeAll } from 'vitest';
import { startNats, startNatsCluster, type NatsNode } from '../../fixtures/nats-server.js';

/**
 * Real nats-server nodes for the tests of the enclosing `describe`: one node, or a cluster of
 * `size`, started before its tests (and before its own `beforeAll`s declared after this call)
 * and removed after them. The array fills when they have started.
 */
export function withNats(size = 1): NatsNode[] {
  const nodes: NatsNode[] = [];
  beforeAll(async () => {
    nodes.push(...(size === 1 ? [await startNats()] : await startNatsCluster(size)));
  }, 30_000);
  afterAll(async () => {
    for (const node of nodes.splice(0)) await node.remove();
  });
  return nodes;
}
