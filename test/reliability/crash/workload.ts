import type { AckedState, ArticleState, RestaurantState } from './acked-state.js';
import { request, ServerGone, type Api } from './http-client.js';
import type { RandomPicks } from '../random-picks.js';

const RESTAURANTS = '/restaurants';
/** A writer stops creating restaurants past this many, so updates keep hitting lists that grow. */
const MAX_OWNED = 40;

type Position = { start: true } | { end: true } | { before: string } | { after: string };

interface Update {
  /** The PUT body's `data`. */
  readonly data: Record<string, unknown>;
  readonly after: RestaurantState;
}

/**
 * Concurrent HTTP traffic against one server until it dies: writers (creates of restaurants with
 * a chef and categories, of published articles linking restaurants; positioned connects, sets,
 * disconnects, field and chef changes, and all of these at once) and readers (deep filters and
 * populate). Every write is logged in the AckedState before it is sent and settled when answered.
 */
export class Workload {
  writes = 0;
  reads = 0;
  private names = 0;
  /** The running server: a restarted one listens on another port. */
  private api: Api = { base: '', token: '' };

  constructor(
    private readonly state: AckedState,
    private readonly random: RandomPicks,
    /** Answers that no valid request should get; the run records them and goes on. */
    private readonly failures: string[],
  ) {}

  /** Categories and chefs every restaurant write picks from (written before any kill). */
  async setup(api: Api, categories: number, chefs: number): Promise<void> {
    this.api = api;
    for (let i = 0; i < categories; i++) this.state.categories.push(await this.create('/categories', { name: `Category ${i}` }));
    for (let i = 0; i < chefs; i++) this.state.chefs.push(await this.create('/chefs', { name: `Chef ${i}`, country: 'Nowhere' }));
  }

  /** Runs until the server stops answering; other errors are thrown. */
  async run(api: Api, writers: number, readers: number): Promise<void> {
    this.api = api;
    const loops = [
      ...Array.from({ length: writers }, (_, w) => this.until(() => this.write(w))),
      ...Array.from({ length: readers }, () => this.until(() => this.read())),
    ];
    const settled = await Promise.allSettled(loops);
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
  }

  private async until(step: () => Promise<void>): Promise<void> {
    try {
      for (;;) await step();
    } catch (error) {
      if (!(error instanceof ServerGone)) throw error;
    }
  }

  private async write(writer: number): Promise<void> {
    const mine = this.state.ownedBy(writer);
    const r = this.random.next();
    if (mine.length < 3 || (r < 0.12 && mine.length < MAX_OWNED)) await this.createRestaurant(writer);
    else if (r < 0.18 && this.state.restaurants.size > 0) await this.createArticle();
    else await this.updateRestaurant(this.random.pick(mine));
  }

  private async createRestaurant(writer: number): Promise<void> {
    const state: RestaurantState = {
      name: this.uniqueName('restaurant'),
      stars: this.random.int(1, 5),
      chef: this.random.pick(this.state.chefs),
      categories: this.random.sample(this.state.categories, this.random.int(0, 3)),
    };
    this.state.pendingRestaurants.set(state.name, { state, writer });
    const answer = await request<{ data: { documentId: string } }>(this.api, 'POST', RESTAURANTS, { data: { ...state } });
    this.state.pendingRestaurants.delete(state.name);
    if (!this.ok(answer.status, 201, `create restaurant ${state.name}`)) return;
    this.state.restaurants.set(answer.body.data.documentId, state);
    this.state.owner.set(answer.body.data.documentId, writer);
    this.acked();
  }

  private async createArticle(): Promise<void> {
    const state: ArticleState = { title: this.uniqueName('article'), restaurants: this.random.sample([...this.state.restaurants.keys()], this.random.int(1, 3)) };
    this.state.pendingArticles.set(state.title, state);
    // A REST create publishes too: the draft and the published row, with their links, in one write.
    const answer = await request<{ data: { documentId: string } }>(this.api, 'POST', '/articles', { data: { ...state } });
    this.state.pendingArticles.delete(state.title);
    if (!this.ok(answer.status, 201, `create article ${state.title}`)) return;
    this.state.articles.set(answer.body.data.documentId, state);
    this.acked();
  }

  private async updateRestaurant(documentId: string): Promise<void> {
    const before = this.state.restaurants.get(documentId)!;
    const { data, after } = this.randomUpdate(before);
    this.state.pendingUpdates.set(documentId, after);
    const answer = await request(this.api, 'PUT', `${RESTAURANTS}/${documentId}`, { data });
    this.state.pendingUpdates.delete(documentId);
    if (!this.ok(answer.status, 200, `update ${documentId} with ${JSON.stringify(data)}`)) return;
    this.state.restaurants.set(documentId, after);
    this.acked();
  }

  private randomUpdate(before: RestaurantState): Update {
    const r = this.random.next();
    if (r < 0.35) return this.connect(before);
    if (r < 0.5) {
      const categories = this.random.sample(this.state.categories, this.random.int(0, 4));
      return { data: { categories: { set: categories.map((documentId) => ({ documentId })) } }, after: { ...before, categories } };
    }
    if (r < 0.65) {
      const gone = before.categories.length > 0 && this.random.next() < 0.8 ? this.random.pick(before.categories) : this.random.pick(this.state.categories);
      return { data: { categories: { disconnect: [{ documentId: gone }] } }, after: { ...before, categories: before.categories.filter((c) => c !== gone) } };
    }
    if (r < 0.75) {
      const fields = { name: this.uniqueName('renamed'), stars: this.random.int(1, 5) };
      return { data: fields, after: { ...before, ...fields } };
    }
    if (r < 0.85) {
      const chef = this.random.next() < 0.2 ? null : this.random.pick(this.state.chefs);
      return { data: { chef }, after: { ...before, chef } };
    }
    // Fields, a positioned connect and the chef in one request: all of it commits, or none.
    const moved = this.connect(before);
    const fields = { name: this.uniqueName('both'), stars: this.random.int(1, 5), chef: this.random.pick(this.state.chefs) };
    return { data: { ...moved.data, ...fields }, after: { ...moved.after, ...fields } };
  }

  /** Connects a category at a random place (moving it when already linked), as Strapi's `position`. */
  private connect(before: RestaurantState): Update {
    const category = this.random.pick(this.state.categories);
    const rest = before.categories.filter((c) => c !== category);
    const r = this.random.next();
    let position: Position;
    let at: number;
    if (rest.length === 0 || r < 0.2) [position, at] = [{ start: true }, 0];
    else if (r < 0.4) [position, at] = [{ end: true }, rest.length];
    else {
      const anchor = this.random.int(0, rest.length - 1);
      [position, at] = r < 0.7 ? [{ before: rest[anchor]! }, anchor] : [{ after: rest[anchor]! }, anchor + 1];
    }
    const categories = [...rest.slice(0, at), category, ...rest.slice(at)];
    return { data: { categories: { connect: [{ documentId: category, position }] } }, after: { ...before, categories } };
  }

  private async read(): Promise<void> {
    const category = `Category ${this.random.int(0, this.state.categories.length - 1)}`;
    const ids = [...this.state.restaurants.keys()];
    const paths = [
      `${RESTAURANTS}?filters[categories][name][$eq]=${encodeURIComponent(category)}&populate[categories][fields][0]=name&populate[chef][fields][0]=name`,
      `/categories?filters[restaurants][stars][$gte]=3&populate[restaurants][fields][0]=name&pagination[pageSize]=5`,
      `/articles?populate[restaurants][populate][categories][fields][0]=name&pagination[pageSize]=5`,
      ...(ids.length > 0 ? [`${RESTAURANTS}/${this.random.pick(ids)}?populate=*`] : []),
    ];
    const path = this.random.pick(paths);
    const answer = await request(this.api, 'GET', path);
    this.ok(answer.status, 200, `GET ${path}`);
    this.reads++;
  }

  private async create(path: string, data: Record<string, unknown>): Promise<string> {
    const answer = await request<{ data: { documentId: string } }>(this.api, 'POST', path, { data });
    if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data.documentId;
  }

  private ok(status: number, wanted: number, what: string): boolean {
    if (status === wanted) return true;
    this.failures.push(`${what}: answered ${status}, expected ${wanted}`);
    return false;
  }

  private acked(): void {
    this.writes++;
    this.state.acked++;
  }

  private uniqueName(kind: string): string {
    return `${kind} ${Date.now().toString(36)}-${this.names++}`;
  }
}
