/**
 * A value already printed as UTF-8 JSON, in pieces: the fast path prints its answers from the
 * plan around the text kept with each entry's row (plan-printer.ts, documents/entry-json.ts), and
 * the HTTP route sends the pieces as they are. `toJSON` keeps plain `JSON.stringify` right for
 * anyone else holding the value.
 */
export class RawJson {
  constructor(readonly parts: readonly Buffer[]) {}

  toJSON(): unknown {
    return JSON.parse(Buffer.concat(this.parts).toString());
  }
}

/** `JSON.stringify(value)` for a GraphQL answer: a printed one as its UTF-8 pieces, any other as text. */
export function printAnswer(value: unknown): string | readonly Buffer[] {
  return value instanceof RawJson ? value.parts : JSON.stringify(value);
}
