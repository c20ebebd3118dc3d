import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { start, tempDir, testContext } from './support.js';

describe('quarry serve', () => {
  for (const transport of ['uws', 'node']) {
    it(`serves the REST API on a free port (${transport}) and stops on a signal with exit 0`, async () => {
      const ctx = testContext({ QUARRY_PORT: '0', QUARRY_TRANSPORT: transport });
      const data = join(tempDir(), 'db');
      const { url, exit } = await start(['serve', '--schemas', DEMO_SCHEMAS, '--data', data, '--locales', 'en,fr'], ctx, /serving \d+ content-types at (\S+)/);
      expect(ctx.stderr.text).toMatch(/--port +0 +env QUARRY_PORT/);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      // Writes need a full-access token, made while the server runs.
      const made = testContext();
      expect(await main(['token', 'create', '--name', 'writer', '--type', 'full-access', '--data', data], made)).toBe(0);
      const authorization = `Bearer ${made.stdout.text.trim()}`;
      const created = await fetch(`${url}/tags?locale=fr`, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ data: { name: 'Été', code: 'summer' } }) });
      expect(created.status).toBe(201);
      const found = await (await fetch(`${url}/tags?locale=fr&filters[name][$containsi]=ÉT`)).json() as { data: { name: string }[] };
      expect(found.data.map((t) => t.name)).toEqual(['Été']);
      ctx.stop();
      expect(await exit).toBe(0);
      expect(ctx.stderr.text).toContain('SIGTERM: closing');
    });
  }

  it.each(['node', 'uws'])('a port already taken is a runtime error on %s: exit 1', async (transport) => {
    // One serving process each: several of one primary share its sockets, and both primaries
    // would be this test's process (test/cli/processes.test.ts runs them as separate processes).
    const first = testContext();
    const running = await start(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(tempDir(), 'db'), '--port', '0', '--processes', '1', '--transport', transport], first, /at (\S+)/);
    const port = new URL(running.url).port;
    const second = testContext();
    expect(await main(['serve', '--schemas', DEMO_SCHEMAS, '--data', join(tempDir(), 'db'), '--port', port, '--processes', '1', '--transport', transport], second)).toBe(1);
    expect(second.stderr.text).toMatch(/error: (listen|Cannot listen on \S+:) ?EADDRINUSE/);
    first.stop();
    await running.exit;
  });
});

describe('quarry demo (npm start)', () => {
  it('fills a new data folder, prints examples that answer as described, and reuses the folder next time', async () => {
    const data = join(tempDir(), 'demo');
    const ctx = testContext({ QUARRY_DATA: data });
    const { url, exit } = await start(['demo', '--port', '0'], ctx, /Quarry demo is serving (\S+)/);
    await new Promise((r) => setTimeout(r, 100));
    expect(ctx.stderr.text).toContain('First start: importing the demo dataset');
    expect(existsSync(`${data}-importing`)).toBe(false);

    const deep = /curl -g '([^']+)'/.exec(ctx.stdout.text)![1]!;
    expect(deep.startsWith(url)).toBe(true);
    const list = await (await fetch(deep)).json() as { data: { stars: number; chef: { name: string } }[]; meta: { pagination: { total: number } } };
    expect(list.meta.pagination.total).toBeGreaterThan(0);
    expect(list.data.every((r) => typeof r.chef.name === 'string')).toBe(true);
    expect(list.data.map((r) => r.stars)).toEqual([...list.data.map((r) => r.stars)].sort((a, b) => b - a));

    const put = /curl -X PUT '([^']+)' -H 'Content-Type: application\/json' -d '([^']+)'/.exec(ctx.stdout.text)!;
    const body = JSON.parse(put[2]!) as { data: { categories: { connect: [{ documentId: string; position: { before: string } }] } } };
    const answer = await fetch(put[1]!, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: put[2] });
    expect(answer.status).toBe(200);
    const categories = ((await answer.json()) as { data: { categories: { documentId: string }[] } }).data.categories.map((c) => c.documentId);
    const { documentId, position } = body.data.categories.connect[0];
    expect(categories.indexOf(documentId)).toBe(categories.indexOf(position.before) - 1);
    const pageUrl = /curl -g '([^']+\/pages\?[^']+)'/.exec(ctx.stdout.text)![1]!;
    const page = ((await (await fetch(pageUrl)).json()) as { data: Record<string, any>[] }).data[0]!;
    expect(page.seo.shareImage).toMatchObject({ mime: 'image/jpeg', url: expect.stringMatching(/^\/uploads\/.+\.jpg$/), width: expect.any(Number) });
    expect(page.sections.map((s: { __component: string }) => s.__component)).toEqual(['page.hero', 'page.rich-text', 'page.restaurant-list']);
    expect(page.sections[0].image.formats.thumbnail.url).toMatch(/^\/uploads\/thumbnail_/);
    expect(page.sections[1].body[0].type).toBe('heading');
    expect(page.sections[2].restaurants[0].name).toBe('Le Petit Zinc');
    const post = /curl -X POST '([^']+)' -H 'Content-Type: application\/json' -d '([^']+)'/.exec(ctx.stdout.text)!;
    const graphql = await (await fetch(post[1]!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: post[2] })).json() as {
      data: { restaurants: { name: string; stars: number; chef: { name: string }; categories: { name: string }[] }[] };
    };
    expect(graphql.data.restaurants.map((r) => r.name)).toEqual(list.data.map((r) => (r as unknown as { name: string }).name));
    expect(graphql.data.restaurants.every((r) => r.categories.some((c) => c.name === 'Bistro'))).toBe(true);

    ctx.stop();
    expect(await exit).toBe(0);
    const again = testContext({ QUARRY_DATA: data });
    const second = await start(['demo', '--port', '0'], again, /Quarry demo is serving (\S+)/);
    expect(again.stderr.text).not.toContain('First start');
    again.stop();
    expect(await second.exit).toBe(0);
  }, 60_000);
});
