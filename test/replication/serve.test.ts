/**
 * `quarry serve --publish` and `quarry serve --replica-of` as a user starts them (each with two
 * serving processes), against a real nats-server: REST and GraphQL reads of the replica answer what the writer's do, writes sent to
 * the replica are the writer's and visible through the replica as soon as it answers, health
 * says each one's role and sequence (a replica cut off from NATS answers 503 to `?maxLag`), `quarry
 * status` reads a replica's folder, and a replica of other schemas refuses to start.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { ensureBuilt } from '../pool/support.js';
import type { NatsNode } from '../../fixtures/nats-server.js';
import { withNats } from '../support/nats.js';
import { BIN, runQuarry, send, serving, until, type QuarryProcess } from '../support/quarry-process.js';

describe('quarry serve --publish / --replica-of', () => {
  const nodes = withNats();
  let node: NatsNode;
  let folder: string;
  let writer: QuarryProcess;
  let replica: QuarryProcess;
  let writerBase: string;
  let replicaBase: string;

  beforeAll(async () => {
    ensureBuilt();
    node = nodes[0]!;
    folder = mkdtempSync(join(tmpdir(), 'quarry-replica-serve-'));
    writer = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'writer'), '--port', '0', '--processes', '2',
      '--write-access', 'public', '--locales', 'en,fr', '--publish', node.url, '--stream', 'site']);
    writerBase = await serving(writer);
    replica = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'replica'), '--port', '0', '--processes', '2',
      '--write-access', 'public', '--replica-of', node.url, '--stream', 'site']);
    replicaBase = await serving(replica);
  }, 120_000);

  afterAll(async () => {
    for (const p of [writer, replica]) if (p?.child.exitCode === null) p.child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  const caughtUp = async () => {
    const target = (await send(writerBase, 'GET', '/_quarry/health')).body.sequence as number;
    await until(async () => ((await send(replicaBase, 'GET', '/_quarry/health')).body.sequence as number) >= target || undefined);
  };

  it('announces what each is', () => {
    expect(writer.stdout()).toMatch(/\(2 processes\), publishing to stream site at nats:\/\//);
    // Its primary applies the stream; two serving processes read the folder and forward writes.
    expect(replica.stdout()).toMatch(/\(2 processes\), a replica of stream site at nats:\/\//);
  });

  it('serves the writer\'s content, and the writes sent to it, over REST and GraphQL', async () => {
    const chef = await send(writerBase, 'POST', '/api/chefs', { data: { name: 'Ana' } });
    expect(chef.status).toBe(201);
    const chefId = (chef.body.data as { documentId: string }).documentId;
    // Through the replica: the writer makes it, and the replica answers once it holds it.
    const made = await send(replicaBase, 'POST', '/api/restaurants', { data: { name: 'Bistro', stars: 4, chef: chefId } });
    expect(made.status).toBe(201);
    const id = (made.body.data as { documentId: string }).documentId;
    const read = await send(replicaBase, 'GET', `/api/restaurants?filters[chef][name][$eq]=Ana&populate=chef`);
    expect((read.body.data as { documentId: string; chef: { name: string } }[]).map((r) => [r.documentId, r.chef.name])).toEqual([[id, 'Ana']]);
    const gql = await send(replicaBase, 'POST', '/graphql', { query: 'mutation { updateRestaurant(documentId: "' + id + '", data: { stars: 5 }) { stars } }' });
    expect(gql.body).toEqual({ data: { updateRestaurant: { stars: 5 } } });
    const query = await send(replicaBase, 'POST', '/graphql', { query: '{ restaurants(filters: { stars: { eq: 5 } }) { name chef { name } } }' });
    expect(query.body).toEqual({ data: { restaurants: [{ name: 'Bistro', chef: { name: 'Ana' } }] } });
    // The writer's refusal, through the replica.
    const refused = await send(replicaBase, 'POST', '/api/restaurants', { data: { stars: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ValidationError', details: { path: 'data.name' } });
    // Writes on either of the writer's processes reach the replica.
    for (let i = 0; i < 10; i++) expect((await send(writerBase, 'POST', '/api/categories', { data: { name: `c${i}` } })).status).toBe(201);
    await caughtUp();
    const path = '/api/categories?sort=name&fields[0]=name&pagination[pageSize]=100';
    expect((await send(replicaBase, 'GET', path)).body).toEqual((await send(writerBase, 'GET', path)).body);
  });

  it('reports role, sequence and lag; a replica cut off from NATS answers 503 to a health check with maxLag, and quarry status reads its folder', async () => {
    await caughtUp();
    const w = await send(writerBase, 'GET', '/_quarry/health');
    expect(w.body).toMatchObject({ role: 'writer', lag: 0 });
    // Each serving process answers from the folder: the same.
    for (let i = 0; i < 4; i++) {
      const r = await send(replicaBase, 'GET', '/_quarry/health?maxLag=1000');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ role: 'replica', sequence: w.body.sequence, lag: 0, pending: 0, connected: true });
    }
    expect((await send(replicaBase, 'GET', '/_quarry/health?maxLag=x')).status).toBe(400);
    // NATS gone: the replica still serves what it has, and tells a load balancer it may be behind.
    await node.stop(true);
    const down = await until(async () => {
      const h = await send(replicaBase, 'GET', '/_quarry/health?maxLag=1000');
      return h.status === 503 ? h : undefined;
    });
    expect(down.body).toMatchObject({ role: 'replica', connected: false });
    expect((await send(replicaBase, 'GET', '/api/categories')).status).toBe(200);
    await node.start();
    await until(async () => (await send(replicaBase, 'GET', '/_quarry/health?maxLag=1000')).status === 200 || undefined);

    replica.child.kill('SIGTERM');
    expect(await replica.exited).toBe(0);
    const status = spawnSync(process.execPath, [BIN, 'status', join(folder, 'replica'), '--schemas', DEMO_SCHEMAS]);
    expect(JSON.parse(status.stdout.toString())).toEqual({ role: 'replica', sequence: w.body.sequence, lag: null, pending: null, connected: false });
  });

  it('quarry snapshot asks the writer for a snapshot now, and says so when no writer answers', () => {
    const made = spawnSync(process.execPath, [BIN, 'snapshot', '--nats', node.url, '--stream', 'site']);
    expect(made.status).toBe(0);
    expect(JSON.parse(made.stdout.toString())).toMatchObject({ format: 1, writer: expect.any(String), generation: expect.any(Number), sequence: expect.any(Number) });
    const none = spawnSync(process.execPath, [BIN, 'snapshot', '--nats', node.url, '--stream', 'nowriter']);
    expect(none.status).toBe(1);
    expect(none.stderr.toString()).toMatch(/no writer publishing to stream nowriter answered/);
  }, 60_000);

  it('refuses to start a replica of other schemas, saying why', async () => {
    const schemas = join(folder, 'other-schemas');
    mkdirSync(join(schemas, 'thing'), { recursive: true });
    writeFileSync(join(schemas, 'thing', 'schema.json'), JSON.stringify({
      kind: 'collectionType', info: { singularName: 'thing', pluralName: 'things', displayName: 'Thing' }, attributes: { name: { type: 'string' } },
    }));
    const other = runQuarry(['serve', '--schemas', schemas, '--data', join(folder, 'other'), '--port', '0', '--replica-of', node.url, '--stream', 'site']);
    expect(await other.exited).not.toBe(0);
    expect(other.stderr()).toMatch(/serves other content-types/);
  }, 60_000);

  it('a replica whose writer starts serving other content-types exits 1, saying why (a supervisor starts it again)', async () => {
    const flags = ['--port', '0', '--processes', '1', '--write-access', 'public', '--stream', 'changing'];
    let w = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'w-changing'), '--publish', node.url, ...flags]);
    await serving(w);
    const r = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'r-changing'), '--replica-of', node.url, ...flags]);
    await serving(r);
    w.child.kill('SIGTERM');
    await w.exited;
    const schemas = join(folder, 'changed-schemas');
    cpSync(DEMO_SCHEMAS, schemas, { recursive: true });
    const file = join(schemas, 'api', 'category', 'content-types', 'category', 'schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
    schema.attributes.slogan = { type: 'string' };
    writeFileSync(file, JSON.stringify(schema));
    w = runQuarry(['serve', '--schemas', schemas, '--data', join(folder, 'w-changing'), '--publish', node.url, ...flags]);
    const base = await serving(w);
    expect((await send(base, 'POST', '/api/categories', { data: { name: 'n', slogan: 's' } })).status).toBe(201);
    expect(await r.exited).toBe(1);
    expect(r.stderr()).toMatch(/the replica stopped applying the writer's changes: the writer now serves other content-types/);
    w.child.kill('SIGTERM');
    await w.exited;
  }, 60_000);

  it('warns when a folder that publishes is served without --publish (its writes wait in the outbox)', async () => {
    writer.child.kill('SIGTERM');
    expect(await writer.exited).toBe(0);
    const plain = runQuarry(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(folder, 'writer'), '--port', '0', '--processes', '1', '--write-access', 'public']);
    const base = await serving(plain);
    expect((await send(base, 'POST', '/api/categories', { data: { name: 'kept for replicas' } })).status).toBe(201);
    expect(plain.stderr()).toMatch(/warning: this folder keeps its writes for replicas \(it was served with --publish\), and nothing publishes them now: \d+ wait in its outbox/);
    plain.child.kill('SIGTERM');
    expect(await plain.exited).toBe(0);
  }, 60_000);
});
