import { hash, randomBytes } from 'node:crypto';
import { open, type Database, type Key, type RootDatabase } from 'lmdb';
import { DataCache } from '../cache/index.js';
import { MAX } from './keys.js';
import { SideWrites } from './side-writes.js';

/** What a token may do: `read-only` reads, `full-access` reads and writes (Strapi's API token types). */
export type TokenType = 'read-only' | 'full-access';
export const TOKEN_TYPES: readonly TokenType[] = Object.freeze(['read-only', 'full-access']);

/** A token as stored and listed: never the token itself, which is shown once, when it is made. */
export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly type: TokenType;
  readonly createdAt: string;
}

/** Name of the sub-database; opened only by writable environments (a read-only open of a missing one fails). */
export const TOKENS_DB = 'tokens';

/** Tokens are 32 random bytes as 64 hex digits: anything else is refused before any hashing or lookup. */
const TOKEN_FORMAT = /^[0-9a-f]{64}$/;

/** Decoded tokens kept between requests; past this many distinct valid tokens, the least recently used go. */
const MAX_CACHED = 10_000;

/**
 * API tokens in LMDB. Keys: `['hash', sha256hex]` → ApiToken, `['nextId']`, and `['generation']`,
 * which moves with every change so that a server notices tokens made or revoked by another
 * process (the CLI) at its next check.
 *
 * Only a SHA-256 of each token is kept. A token is 256 random bits, so the hash cannot be
 * reversed or guessed; a salt or a slow hash (what passwords need) would add nothing but cost
 * to the check every request makes.
 */
export class TokenStore {
  /** Tokens by hash, dropped when the tokens' own generation moves (their writes are not the store's). */
  private readonly cache = new DataCache<string, ApiToken>(MAX_CACHED, () => this.generation());

  private readonly db: Database<unknown, Key[]>;
  private readonly sideWrites: SideWrites;

  private constructor(private readonly env: RootDatabase, private readonly ownsEnv: boolean) {
    this.db = env.openDB<unknown, Key[]>({ name: TOKENS_DB });
    this.sideWrites = new SideWrites(env, TOKENS_DB, this.db);
  }

  /** Over an environment the caller owns and closes (the Store's). */
  static within(env: RootDatabase): TokenStore {
    return new TokenStore(env, false);
  }

  /** Over the LMDB folder `path` alone, for tools that need no content-types (`quarry token`). */
  static open(path: string): TokenStore {
    return new TokenStore(open({ path, noSubdir: false, maxDbs: 64 }), true);
  }

  /** Makes a token; the answer holds the only copy of its text. Names are unique, as Strapi's. */
  create(name: string, type: TokenType): { readonly token: string; readonly record: ApiToken } {
    const token = randomBytes(32).toString('hex');
    const record = this.db.transactionSync(() => this.sideWrites.logged('make tokens', () => {
      // Checked inside the transaction: two processes cannot both take the name.
      if (this.list().some((t) => t.name === name)) throw new TokenNameTakenError(name);
      const id = ((this.db.get(['nextId']) as number | undefined) ?? 0) + 1;
      const made: ApiToken = { id, name, type, createdAt: new Date().toISOString() };
      this.db.putSync(['nextId'], id);
      this.db.putSync(['hash', digest(token)], made);
      this.bump();
      return made;
    }));
    return { token, record };
  }

  list(): ApiToken[] {
    const out: ApiToken[] = [];
    for (const { value } of this.db.getRange({ start: ['hash'], end: ['hash', MAX] })) out.push(value as ApiToken);
    return out.sort((a, b) => a.id - b.id);
  }

  /** Deletes the token named `name`; undefined when there is none. */
  revoke(name: string): ApiToken | undefined {
    return this.db.transactionSync(() => this.sideWrites.logged('revoke tokens', () => {
      for (const { key, value } of this.db.getRange({ start: ['hash'], end: ['hash', MAX] })) {
        if ((value as ApiToken).name !== name) continue;
        this.db.removeSync(key);
        this.bump();
        return value as ApiToken;
      }
      return undefined;
    }));
  }

  /**
   * The token `text` stands for, or undefined. Per call: a format test, one point read (the
   * generation) and, once the token is known, a map lookup and a SHA-256 of 64 bytes.
   */
  verify(text: string): ApiToken | undefined {
    if (!TOKEN_FORMAT.test(text)) return undefined;
    const key = digest(text);
    // Unknown tokens are not remembered (undefined is never kept): each costs one more read, and none takes memory.
    return this.cache.remember(key, () => this.db.get(['hash', key]) as ApiToken | undefined);
  }

  async close(): Promise<void> {
    if (this.ownsEnv) await this.env.close();
  }

  private generation(): number {
    return (this.db.get(['generation']) as number | undefined) ?? 0;
  }

  private bump(): void {
    this.db.putSync(['generation'], this.generation() + 1);
  }
}

export class TokenNameTakenError extends Error {
  override readonly name = 'TokenNameTakenError';
  constructor(readonly tokenName: string) {
    super(`A token named "${tokenName}" already exists: revoke it first or choose another name`);
  }
}

function digest(token: string): string {
  return hash('sha256', token, 'hex');
}
