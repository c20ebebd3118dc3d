import type { Quarry } from '../../../../src/index.js';
import { QuarryError } from '../../../../src/errors/index.js';
import type { ReadParams } from '../../read-params.js';
import type { Refusal } from '../case.js';
import type { TypeName } from '../world.js';

/** What a door answered: entries as its clients see them, and what it tells of the matches. */
export interface ReadAnswer {
  readonly entries: readonly unknown[];
  /** REST's `meta.pagination` (or the same object under another name); absent where the door has none. */
  readonly pagination?: unknown;
  /** The number of matches, where the door counts them another way. */
  readonly total?: number;
}

/** What the doors reach: filled in once the world is served, read by the doors when they read. */
export interface DoorContext {
  readonly quarry: Quarry;
  /** The base URL of the HTTP server over `quarry`. */
  readonly base: string;
}

/** One way in: states a case's read as its clients would, and answers it. */
export interface ReadDoor {
  readonly name: string;
  /**
   * Entry keys the door cannot answer (GraphQL has no `id` on entries): left out of the
   * reference's entries (objects with a documentId; components keep theirs) before comparing.
   */
  readonly omits: readonly string[];
  /** Why the door cannot state this read (a named skip), or undefined. */
  cannot(type: TypeName, params: ReadParams): string | undefined;
  /** Throws `Refused` when the door answers an error in Strapi's shape. */
  read(type: TypeName, params: ReadParams): Promise<ReadAnswer>;
}

/** An answer as JSON carries it, so that every door is compared on what a client receives. */
export const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A door's failure to state a read, named by what its language lacks. */
export class Inexpressible extends Error {}

/** A door's error answer, as every door reports it. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${JSON.stringify(refusal)}`);
  }
}

/** What the library's callers get: a Quarry error, thrown; anything else is not an answer. */
export function refusedOf(error: unknown): unknown {
  if (!(error instanceof QuarryError)) return error;
  return new Refused({ status: error.status, name: error.name, message: error.message, path: error.details.path as string });
}
