/**
 * Where a value stands in the request, as a parent-linked list: descending costs one small
 * object, and the dotted path is only assembled when an error needs it.
 */
export class FilterPath {
  private constructor(
    private readonly segment: string | number,
    private readonly parent: FilterPath | undefined,
    /** Keys and indices below the filters root. */
    readonly depth: number,
  ) {}

  /** `segments` name the filters root itself, e.g. `['filters']` or `['populate', 'chef', 'filters']`. */
  static root(segments: readonly string[]): FilterPath {
    let path: FilterPath | undefined;
    for (const segment of segments) path = new FilterPath(segment, path, 0);
    return path ?? new FilterPath('filters', undefined, 0);
  }

  child(segment: string | number): FilterPath {
    return new FilterPath(segment, this, this.depth + 1);
  }

  segments(): (string | number)[] {
    const out: (string | number)[] = [];
    for (let p: FilterPath | undefined = this; p; p = p.parent) out.push(p.segment);
    return out.reverse();
  }

  /** The request parameter the filters came in (`filters`, `populate`). */
  get param(): string {
    return String(this.segments()[0]);
  }

  /** The nearest named key, skipping list indices: `$in` for `filters.stars.$in.3`. */
  get key(): string {
    for (let p: FilterPath | undefined = this; p; p = p.parent) if (typeof p.segment === 'string') return p.segment;
    return '';
  }
}
