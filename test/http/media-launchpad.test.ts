/**
 * LaunchPad's media fields over REST, written as a client of Strapi's demo writes them: a logo's
 * required image, an article's localized image, a product's gallery. Only the fields these need
 * are written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import type { Entry } from '../../src/index.js';
import { createFiles, fileNames } from '../support/media-models.js';
import { call, startTestServer, type TestServer } from './support.js';

let server: TestServer;
let f: Awaited<ReturnType<typeof createFiles>>;

beforeAll(async () => {
  server = await startTestServer('node', {}, undefined, realProject('launchpad'));
  f = await createFiles(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

const id = (e: Entry) => e.id as number;
const send = (method: string, path: string, data: unknown) => call(server.base, method, path, { json: { data } });
const get = (path: string) => call(server.base, 'GET', path);

describe('LaunchPad media fields', () => {
  it('a logo links its image; its required image may be left out, as on Strapi 5.54', async () => {
    const made = await send('POST', '/api/logos?populate[image][fields][0]=name&populate[image][fields][1]=mime', { company: 'Acme', image: id(f.red) });
    expect(made.status).toBe(201);
    expect(made.body.data.image).toEqual({ id: id(f.red), documentId: f.red.documentId, name: 'red.png', mime: 'image/png' });
    const bare = await send('POST', '/api/logos', { company: 'No image' });
    expect(bare.status).toBe(201);
    const pdf = await send('POST', '/api/logos', { company: 'Paper', image: id(f.doc) });
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.details).toMatchObject({ path: 'data.image', allowedTypes: ['images'] });
    const without = await get('/api/logos?filters[image][$null]=true&fields[0]=company');
    expect(without.body.data.map((e: Entry) => e.company)).toEqual(['No image']);
  });

  it('an article\'s image is localized: each locale has its own', async () => {
    const en = await send('POST', '/api/articles', { title: 'Launch', description: 'We launch.', image: id(f.blue) });
    expect(en.status, en.text).toBe(201);
    const doc = en.body.data.documentId as string;
    const fr = await send('PUT', `/api/articles/${doc}?locale=fr&populate=image`, { title: 'Lancement', description: 'Nous lançons.' });
    expect(fr.status, fr.text).toBe(200);
    expect(fr.body.data.image).toBeNull();
    await send('PUT', `/api/articles/${doc}?locale=fr`, { image: id(f.red) });
    const both = await get(`/api/articles?locale=*&filters[documentId]=${doc}&sort=locale&populate[image][fields][0]=name&fields[0]=locale`);
    expect(both.body.data.map((e: Entry) => [e.locale, fileNames(e.image)])).toEqual([['en', 'blue.png'], ['fr', 'red.png']]);
  });

  it('a product\'s images keep their order and refuse what the field does not allow', async () => {
    const made = await send('POST', '/api/products?populate=images', { name: 'Rocket', images: [id(f.clip), id(f.doc), id(f.red)] });
    expect(made.status, made.text).toBe(201);
    expect(fileNames(made.body.data.images)).toEqual(['clip.mp4', 'doc.pdf', 'red.png']);
    const audio = await send('PUT', `/api/products/${made.body.data.documentId}`, { images: { connect: [id(f.song)] } });
    expect(audio.status).toBe(400);
    expect(audio.body.error.details.path).toBe('data.images.connect.0');
  });
});
