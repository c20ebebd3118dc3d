import { sameArticle, sameRestaurant, type AckedState, type ArticleState, type RestaurantState } from './acked-state.js';
import { request, type Api } from './http-client.js';

export interface Verified {
  /** Documents compared with the log (each holds the result of every acknowledged write to it). */
  readonly documents: number;
  /** Unanswered writes found applied (whole) and found absent. */
  readonly pendingApplied: number;
  readonly pendingAbsent: number;
  /** Acknowledged writes not found: must stay 0. */
  readonly losses: number;
  /** Unanswered writes found partly applied, or data no write made: must stay 0. */
  readonly halfApplied: number;
}

interface Related {
  readonly documentId: string;
}
interface RestaurantEntry {
  readonly documentId: string;
  readonly name: string;
  readonly stars: number;
  readonly chef: Related | null;
  readonly categories: readonly Related[];
}
interface ArticleEntry {
  readonly documentId: string;
  readonly title: string;
  readonly restaurants: readonly Related[];
}
interface ListAnswer<T> {
  readonly data: readonly T[];
  readonly meta: { readonly pagination: { readonly pageCount: number; readonly total: number } };
}

/**
 * Reads everything back after a restart and holds it against the log: every acknowledged write
 * is there; every unanswered one is either wholly there (then the log takes it as committed) or
 * not at all; nothing is there that no write made. Problems go to `failures`.
 */
export async function verify(api: Api, state: AckedState, failures: string[]): Promise<Verified> {
  let losses = 0;
  let halfApplied = 0;
  let pendingApplied = 0;
  const pending = state.pendingCount;
  const lost = (message: string) => {
    losses++;
    failures.push(`lost: ${message}`);
  };
  const half = (message: string) => {
    halfApplied++;
    failures.push(`half applied: ${message}`);
  };

  for (const [path, wanted] of [['/categories', state.categories.length], ['/chefs', state.chefs.length]] as const) {
    const { body } = await request<ListAnswer<Related>>(api, 'GET', `${path}?pagination[pageSize]=1`);
    if (body.meta.pagination.total !== wanted) lost(`${path} has ${body.meta.pagination.total} entries, ${wanted} were acknowledged`);
  }

  const restaurants = await readAll<RestaurantEntry>(api, '/restaurants?fields[0]=name&fields[1]=stars&populate[chef][fields][0]=name&populate[categories][fields][0]=name');
  for (const [documentId, acked] of state.restaurants) {
    const entry = restaurants.get(documentId);
    restaurants.delete(documentId);
    if (!entry) {
      lost(`restaurant ${documentId} (${acked.name})`);
      continue;
    }
    const found = restaurantState(entry);
    const sent = state.pendingUpdates.get(documentId);
    if (sameRestaurant(found, acked)) continue;
    if (sent && sameRestaurant(found, sent)) {
      state.restaurants.set(documentId, sent);
      pendingApplied++;
    } else if (sent) half(`restaurant ${documentId}: ${JSON.stringify(found)} is neither ${JSON.stringify(acked)} nor ${JSON.stringify(sent)}`);
    else lost(`restaurant ${documentId}: ${JSON.stringify(found)}, acknowledged ${JSON.stringify(acked)}`);
  }
  for (const [documentId, entry] of restaurants) {
    const found = restaurantState(entry);
    const sent = state.pendingRestaurants.get(found.name);
    if (sent && sameRestaurant(found, sent.state)) {
      state.restaurants.set(documentId, sent.state);
      state.owner.set(documentId, sent.writer);
      state.pendingRestaurants.delete(found.name);
      pendingApplied++;
    } else half(`restaurant ${documentId} ${JSON.stringify(found)} was created by no write${sent ? ` (sent: ${JSON.stringify(sent.state)})` : ''}`);
  }

  const fields = 'fields[0]=title&populate[restaurants][fields][0]=name';
  const published = await readAll<ArticleEntry>(api, `/articles?status=published&${fields}`);
  const drafts = await readAll<ArticleEntry>(api, `/articles?status=draft&${fields}`);
  const articleOf = (entry: ArticleEntry | undefined): ArticleState | undefined =>
    entry && { title: entry.title, restaurants: entry.restaurants.map((r) => r.documentId) };
  for (const [documentId, acked] of state.articles) {
    for (const [version, found] of [['published', articleOf(published.get(documentId))], ['draft', articleOf(drafts.get(documentId))]] as const) {
      if (!found || !sameArticle(found, acked)) lost(`article ${documentId} (${version}): ${JSON.stringify(found)}, acknowledged ${JSON.stringify(acked)}`);
    }
    published.delete(documentId);
    drafts.delete(documentId);
  }
  for (const documentId of new Set([...published.keys(), ...drafts.keys()])) {
    const [p, d] = [articleOf(published.get(documentId)), articleOf(drafts.get(documentId))];
    const sent = state.pendingArticles.get((p ?? d)!.title);
    if (sent && p && d && sameArticle(p, sent) && sameArticle(d, sent)) {
      state.articles.set(documentId, sent);
      state.pendingArticles.delete(sent.title);
      pendingApplied++;
    } else half(`article ${documentId}: published ${JSON.stringify(p)}, draft ${JSON.stringify(d)}, sent ${JSON.stringify(sent)}`);
  }

  state.clearPending();
  return { documents: state.restaurants.size + state.articles.size, pendingApplied, pendingAbsent: pending - pendingApplied, losses, halfApplied };
}

function restaurantState(entry: RestaurantEntry): RestaurantState {
  return { name: entry.name, stars: entry.stars, chef: entry.chef?.documentId ?? null, categories: entry.categories.map((c) => c.documentId) };
}

/** Every entry of a list, page by page (nothing writes meanwhile), by documentId. */
async function readAll<T extends Related>(api: Api, path: string): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  for (let page = 1; ; page++) {
    const answer = await request<ListAnswer<T>>(api, 'GET', `${path}&sort[0]=id:asc&pagination[pageSize]=100&pagination[page]=${page}`);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    for (const entry of answer.body.data) out.set(entry.documentId, entry);
    if (page >= answer.body.meta.pagination.pageCount) return out;
  }
}
