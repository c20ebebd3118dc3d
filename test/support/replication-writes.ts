import type { Quarry } from '../../src/index.js';

export const RESTAURANT = 'api::restaurant.restaurant';
export const CATEGORY = 'api::category.category';
export const ARTICLE = 'api::article.article';

/** Writes of every kind: creates with relations, a positioned connect, renames, a publish, a delete. */
export async function writeSome(q: Quarry, round: number): Promise<void> {
  const chef = await q.documents('api::chef.chef').create({ data: { name: `chef ${round}` } });
  const cats = [];
  for (let i = 0; i < 3; i++) cats.push(await q.documents(CATEGORY).create({ data: { name: `cat ${round}.${i}` } }));
  const r = await q.documents(RESTAURANT).create({ data: { name: `r ${round}`, stars: round, chef: chef.documentId, categories: [cats[0]!.documentId, cats[1]!.documentId] } });
  await q.documents(RESTAURANT).update({ documentId: r.documentId as string, data: { categories: { connect: [{ documentId: cats[2]!.documentId as string, position: { start: true } }] } } });
  await q.documents(CATEGORY).update({ documentId: cats[1]!.documentId as string, data: { name: `renamed ${round}` } });
  const article = await q.documents(ARTICLE).create({ data: { title: `a ${round}`, restaurants: [r.documentId] } });
  await q.documents(ARTICLE).publish({ documentId: article.documentId as string });
  await q.documents(CATEGORY).delete({ documentId: cats[0]!.documentId as string });
}

export const everything = async (q: Quarry) => ({
  restaurants: await q.documents(RESTAURANT).findMany({ populate: '*', sort: 'id', limit: 100 }),
  articles: await q.documents(ARTICLE).findMany({ populate: '*', status: 'published', sort: 'id' }),
  drafts: await q.documents(ARTICLE).findMany({ status: 'draft', sort: 'id' }),
  categories: await q.documents(CATEGORY).findMany({ populate: '*', sort: 'id', filters: { restaurants: { name: { $startsWith: 'r' } } } }),
});

