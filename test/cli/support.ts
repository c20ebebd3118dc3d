import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import { createQuarry, type Entry, type Quarry } from '../../src/index.js';
import { componentPopulate } from '../../src/cli/transfer/component-fields.js';
import type { RawAttribute, SchemaSource } from '../../src/schema/raw.js';
import type { RelationAttribute } from '../../src/schema/types.js';

/** A temp folder, removed when the test file is done. */
const made: string[] = [];
export function tempDir(prefix = 'quarry-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Collects what a command writes. */
export class Sink {
  text = '';
  constructor(readonly isTTY = false) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

export interface TestContext extends Context {
  readonly stdout: Sink;
  readonly stderr: Sink;
  /** Ends a command that waits for a signal (serve, demo). */
  stop(): void;
}

export function testContext(env: NodeJS.ProcessEnv = {}, cwd = process.cwd()): TestContext {
  let stop: (signal: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  return { env, cwd, stdout: new Sink(), stderr: new Sink(), waitForStop: () => stopped, stop: () => stop('SIGTERM') };
}

/** Starts a serving command in-process and waits for its URL on stdout. */
export async function start(argv: string[], ctx: TestContext, pattern: RegExp): Promise<{ url: string; exit: Promise<number> }> {
  const exit = main(argv, ctx);
  for (let waited = 0; waited < 60_000; waited += 50) {
    const m = pattern.exec(ctx.stdout.text);
    if (m) return { url: m[1]!, exit };
    const early = await Promise.race([exit, new Promise((r) => setTimeout(r, 50, 'running'))]);
    if (early !== 'running') throw new Error(`exited with ${String(early)}: ${ctx.stderr.text}`);
  }
  throw new Error(`no URL within 60 s: ${ctx.stderr.text}`);
}

const rel = (relation: string, target: string, side: Partial<RawAttribute> = {}): RawAttribute => ({ type: 'relation', relation, target, ...side });
/** A collection type `api::<name>.<name>` (plural `<name>s`) as its schema.json says it. */
export const collectionType = (name: string, draftAndPublish: boolean, localized: boolean, attributes: Record<string, RawAttribute>): SchemaSource => ({
  uid: `api::${name}.${name}`,
  file: `${name}/schema.json`,
  schema: {
    kind: 'collectionType',
    info: { singularName: name, pluralName: `${name}s`, displayName: name },
    options: { draftAndPublish },
    ...(localized ? { pluginOptions: { i18n: { localized: true } } } : {}),
    attributes,
  },
});

/**
 * Every kind of relation the import order has to get right: both sides with draft & publish
 * (`post` <-> `book`), a self-relation with versions (`post.next` / `post.prev`), versioned to
 * unversioned and back, one-way relations from and to versioned types (`post.pinned` to a book
 * published later or earlier), a to-one from a type without versions that links both versions
 * of its target (`shop.featured`), and a localized type (`label`).
 */
export const RICH_SCHEMAS: readonly SchemaSource[] = [
  collectionType('post', true, false, {
    title: { type: 'string' },
    books: rel('manyToMany', 'api::book.book', { inversedBy: 'posts' }),
    next: rel('manyToMany', 'api::post.post', { inversedBy: 'prev' }),
    prev: rel('manyToMany', 'api::post.post', { mappedBy: 'next' }),
    shop: rel('manyToOne', 'api::shop.shop', { inversedBy: 'posts' }),
    pinned: rel('oneWay', 'api::book.book'),
    labels: rel('manyWay', 'api::label.label'),
  }),
  collectionType('book', true, false, {
    name: { type: 'string' },
    posts: rel('manyToMany', 'api::post.post', { mappedBy: 'books' }),
    shops: rel('manyToMany', 'api::shop.shop', { mappedBy: 'books' }),
    related: rel('manyWay', 'api::book.book'),
  }),
  collectionType('shop', false, false, {
    name: { type: 'string' },
    posts: rel('oneToMany', 'api::post.post', { mappedBy: 'shop' }),
    books: rel('manyToMany', 'api::book.book', { inversedBy: 'shops' }),
    featured: rel('oneWay', 'api::book.book'),
    labels: rel('manyToMany', 'api::label.label', { inversedBy: 'shops' }),
  }),
  collectionType('label', false, true, {
    name: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    code: { type: 'string', pluginOptions: { i18n: { localized: false } } },
    shops: rel('manyToMany', 'api::shop.shop', { mappedBy: 'labels' }),
  }),
];

export const LOCALES = ['en', 'fr'] as const;

export function openRich(path: string): Quarry {
  return createQuarry({ schemas: RICH_SCHEMAS, path, i18n: { defaultLocale: 'en', locales: LOCALES }, noSync: true });
}

/**
 * What the API shows of a Quarry: every version of every document in every locale, with each
 * relation list in its order, naming targets by documentId, locale and version, and every
 * component with the relations inside it alike. Row and component ids and timestamps are left
 * out: an import makes new ones.
 */
export async function snapshot(quarry: Quarry): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const targetFields = (a: RelationAttribute) => ({ fields: ['publishedAt', ...(quarry.registry.require(a.target).localized ? ['locale'] : [])] });
  for (const ct of quarry.registry.types) {
    const relations = [...ct.attributes.values()].filter((a): a is RelationAttribute => a.kind === 'relation' && !a.private);
    const populate = { ...componentPopulate(quarry.registry, ct, false, targetFields), ...Object.fromEntries(relations.map((a) => [a.name, targetFields(a)])) };
    // Both views for every type: a type without versions shows the drafts of its targets in one, their published rows in the other.
    for (const status of ['draft', 'published'] as const) {
      const entries = await quarry.documents(ct.uid).findMany({ status, locale: '*', populate });
      out[`${ct.uid} ${status}`] = entries.map(clean).sort((a, b) => key(a).localeCompare(key(b)));
    }
  }
  return out;
}

function clean(entry: Entry): Entry {
  const out: Entry = {};
  for (const [k, v] of Object.entries(entry)) {
    if (k === 'id' || k === 'createdAt' || k === 'updatedAt') continue;
    if (k === 'publishedAt') out.published = v !== null;
    else if (Array.isArray(v)) out[k] = v.map(clean);
    else if (v !== null && typeof v === 'object') out[k] = clean(v as Entry);
    else out[k] = v;
  }
  return out;
}

const key = (e: Entry) => `${String(e.documentId)} ${String(e.locale ?? '')}`;
