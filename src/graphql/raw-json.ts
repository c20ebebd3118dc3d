/**
 * A value already printed as UTF-8 JSON, in pieces: the fast path answers an entry's fields
 * from text kept with its row (documents/entry-json.ts), and the HTTP route prints the answer
 * around it. `toJSON` keeps plain `JSON.stringify` right for anyone else holding the value.
 */
export class RawJson {
  constructor(readonly parts: readonly Buffer[]) {}

  toJSON(): unknown {
    return JSON.parse(Buffer.concat(this.parts).toString());
  }
}

/**
 * `JSON.stringify(value)` in UTF-8 for GraphQL answers, in pieces to be joined once by whoever
 * sends them: RawJson values are taken as they are, the text around them is gathered as a
 * string and encoded between them.
 */
export function printAnswer(value: unknown): readonly Buffer[] {
  const out = new AnswerPrinter();
  out.value(value);
  return out.done();
}

class AnswerPrinter {
  private readonly parts: Buffer[] = [];
  private text = '';

  value(value: unknown): void {
    if (value instanceof RawJson) {
      this.flush();
      for (const part of value.parts) this.parts.push(part);
      return;
    }
    if (Array.isArray(value)) {
      this.text += '[';
      for (let i = 0; i < value.length; i++) {
        if (i > 0) this.text += ',';
        if (value[i] === undefined) this.text += 'null';
        else this.value(value[i]);
      }
      this.text += ']';
      return;
    }
    if (value !== null && typeof value === 'object') {
      this.text += '{';
      let first = true;
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function') continue;
        this.text += `${first ? '' : ','}${JSON.stringify(key)}:`;
        this.value(item);
        first = false;
      }
      this.text += '}';
      return;
    }
    this.text += JSON.stringify(value) ?? 'null';
  }

  done(): readonly Buffer[] {
    this.flush();
    return this.parts;
  }

  private flush(): void {
    if (this.text === '') return;
    this.parts.push(Buffer.from(this.text));
    this.text = '';
  }
}
