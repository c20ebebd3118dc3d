import type { Quarry } from '../../src/index.js';
import { QuarryError } from '../../src/index.js';
import { LOCALES } from './support.js';
import { Rng } from '../../fixtures/prng.js';

/** The same sequence on every run for a seed (mulberry32, shared with the dataset generator). */
function prng(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

const TYPES = ['post', 'book', 'shop', 'label'] as const;
type Name = (typeof TYPES)[number];
const uid = (t: Name) => `api::${t}.${t}`;

/**
 * A random history of writes through the document service over RICH_SCHEMAS: creates, locales,
 * field edits, connects with positions, disconnects, sets, publishes, unpublishes, discarded
 * drafts and deletes. Writes the API refuses are skipped. Answers how many succeeded.
 */
export async function randomHistory(quarry: Quarry, seed: number, steps: number): Promise<number> {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const ids: Record<Name, string[]> = { post: [], book: [], shop: [], label: [] };
  let ok = 0;

  const ref = (target: Name, withStatus: boolean) => {
    const documentId = pick(ids[target]);
    const item: Record<string, unknown> = { documentId };
    if (target === 'label') item.locale = pick(LOCALES);
    if (withStatus) item.status = pick(['draft', 'published', undefined]);
    return item;
  };
  const relationValue = (source: Name, target: Name) => {
    const withStatus = source === 'shop';
    const n = 1 + Math.floor(rand() * 3);
    const kind = rand();
    if (kind < 0.25) return { set: Array.from({ length: n }, () => ref(target, withStatus)) };
    if (kind < 0.4) return { disconnect: [ref(target, withStatus)] };
    const connect = Array.from({ length: n }, () => {
      const item = ref(target, withStatus);
      const p = rand();
      if (p < 0.25) item.position = { start: true };
      else if (p < 0.5) item.position = { end: true };
      else if (p < 0.75) item.position = { before: pick(ids[target]) };
      else item.position = { after: pick(ids[target]) };
      return item;
    });
    return { connect, options: { strict: false } };
  };
  const RELATIONS: Record<Name, readonly [string, Name][]> = {
    post: [['books', 'book'], ['next', 'post'], ['prev', 'post'], ['shop', 'shop'], ['pinned', 'book'], ['labels', 'label']],
    book: [['posts', 'post'], ['shops', 'shop'], ['related', 'book']],
    shop: [['posts', 'post'], ['books', 'book'], ['featured', 'book'], ['labels', 'label']],
    label: [['shops', 'shop']],
  };
  const fieldOf: Record<Name, string> = { post: 'title', book: 'name', shop: 'name', label: 'name' };

  for (let step = 0; step < steps; step++) {
    const t = pick(TYPES);
    const svc = quarry.documents(uid(t));
    const r = rand();
    try {
      if (ids[t].length < 3 || r < 0.15) {
        const locale = t === 'label' ? pick(LOCALES) : undefined;
        const e = await svc.create({ data: { [fieldOf[t]]: `${t} ${step} é`, ...(t === 'label' ? { code: `c${step}` } : {}) }, locale });
        ids[t].push(e.documentId as string);
      } else if (r < 0.25) {
        await svc.update({ documentId: pick(ids[t]), locale: t === 'label' ? pick(LOCALES) : undefined, data: { [fieldOf[t]]: `${t} edited ${step}` } });
      } else if (r < 0.7) {
        const [attr, target] = pick(RELATIONS[t]);
        if (ids[target].length === 0) continue;
        await svc.update({ documentId: pick(ids[t]), locale: t === 'label' ? pick(LOCALES) : undefined, data: { [attr]: relationValue(t, target) } });
      } else if (t === 'post' || t === 'book') {
        const documentId = pick(ids[t]);
        if (r < 0.85) await svc.publish({ documentId });
        else if (r < 0.92) await svc.unpublish({ documentId });
        else if (r < 0.97) await svc.discardDraft({ documentId });
        else {
          await svc.delete({ documentId, locale: '*' });
          ids[t].splice(ids[t].indexOf(documentId), 1);
        }
      } else {
        continue;
      }
      ok++;
    } catch (e) {
      if (!(e instanceof QuarryError)) throw e;
    }
  }
  return ok;
}
