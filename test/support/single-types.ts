import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SchemaSource } from '../../src/schema/raw.js';
import { startTestServer, type TestServer } from '../http/support.js';
import { collection } from '../relations/fixtures.js';

export const HOMEPAGE = 'api::homepage.homepage';
export const ABOUT = 'api::about.about';
export const FOOTER = 'api::footer.footer';
export const BANNER = 'api::banner.banner';
export const VAULT = 'api::vault.vault';
export const DISH = 'api::dish.dish';
export const STORY = 'api::story.story';

const localized = { pluginOptions: { i18n: { localized: true } } };
const shared = { pluginOptions: { i18n: { localized: false } } };

/** A single type source; `dp` = draft & publish, `localized` = i18n on. */
function singleType(name: string, attributes: NonNullable<SchemaSource['schema']['attributes']>, opts: { dp?: boolean; localized?: boolean } = {}): SchemaSource {
  const source = collection(name, attributes, opts);
  return { ...source, schema: { ...source.schema, kind: 'singleType' } };
}

/**
 * One single type of each kind the peer was asked about (plain, draft & publish, localized, both),
 * one with a password (hashed off the thread, so its writes wait between look-up and write), and
 * the collection types their relations point at.
 */
export const singleTypeSchemas: SchemaSource[] = [
  collection('dish', { name: { type: 'string' }, price: { type: 'integer' } }, { plural: 'dishes' }),
  collection('story', { title: { type: 'string' } }, { dp: true, plural: 'stories' }),
  singleType('homepage', {
    title: { type: 'string', required: true },
    subtitle: { type: 'string', maxLength: 10 },
    special: { type: 'relation', relation: 'oneWay', target: DISH },
    featured: { type: 'relation', relation: 'manyWay', target: DISH },
  }),
  singleType('about', { title: { type: 'string' }, stories: { type: 'relation', relation: 'manyWay', target: STORY } }, { dp: true }),
  singleType('footer', { text: { type: 'string', ...localized }, code: { type: 'string', ...shared } }, { localized: true }),
  singleType('banner', { text: { type: 'string', ...localized } }, { dp: true, localized: true }),
  singleType('vault', { name: { type: 'string' }, secret: { type: 'password' } }),
];

/**
 * The schemas above served over HTTP for the tests of the file that calls this, with three dishes
 * (Soup 6, Stew 14, Tart 8) by name; every single type starts each test without its document.
 */
export function singleTypeServer(): { readonly server: TestServer; readonly base: string; readonly dishes: Record<string, string> } {
  const served = {
    dishes: {},
    get base() {
      return this.server.base;
    },
  } as { server: TestServer; readonly base: string; dishes: Record<string, string> };
  beforeAll(async () => {
    served.server = await startTestServer('node', {}, undefined, singleTypeSchemas);
    for (const [name, price] of [['Soup', 6], ['Stew', 14], ['Tart', 8]] as const) {
      served.dishes[name] = (await served.server.quarry.documents(DISH).create({ data: { name, price } })).documentId as string;
    }
  });
  afterAll(async () => {
    await served.server?.stop();
  });
  beforeEach(async () => {
    for (const uid of [HOMEPAGE, ABOUT, FOOTER, BANNER, VAULT]) await served.server.quarry.singleType(uid).delete({ locale: '*' });
  });
  return served;
}
