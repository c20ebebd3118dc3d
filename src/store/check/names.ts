import type { Key } from 'lmdb';

/** The store's name codes both ways, so problems name types, fields and lists rather than numbers. */
export class Names {
  private readonly byCode = new Map<number, string>();

  constructor(private readonly byName: ReadonlyMap<string, number>) {
    for (const [name, code] of byName) this.byCode.set(code, name);
  }

  code(name: string): number | undefined {
    return this.byName.get(name);
  }

  /** The code of a name the store interns at open (a type or field of its layouts). */
  require(name: string): number {
    const code = this.byName.get(name);
    if (code === undefined) throw new Error(`Store has no code for ${name}`);
    return code;
  }

  /** The name a key part stands for; an unknown code says so. */
  of(code: Key): string {
    return (typeof code === 'number' && this.byCode.get(code)) || `unknown code ${JSON.stringify(code)}`;
  }
}
