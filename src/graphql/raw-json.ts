/**
 * A value already printed as JSON: the fast path answers an entry's fields from text kept with
 * its row (documents/entry-json.ts), and the HTTP route prints the answer around it. `toJSON`
 * keeps plain `JSON.stringify` right for anyone else holding the value.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** `JSON.stringify(value)` for GraphQL answers, with RawJson values copied in as they are. */
export function stringifyAnswer(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) {
    const items = new Array<string>(value.length);
    for (let i = 0; i < value.length; i++) items[i] = value[i] === undefined ? 'null' : stringifyAnswer(value[i]);
    return `[${items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    let out = '{';
    let first = true;
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function') continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:${stringifyAnswer(item)}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
