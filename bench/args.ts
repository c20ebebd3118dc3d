/** A bench's command line: one positional argument (the dataset size) and `--name=value` flags; a bare `--name` is `true`. */
export function readArgs(args: readonly string[], positional: string): { positional: string; flags: Map<string, string> } {
  const flags = new Map<string, string>();
  for (const arg of args) {
    const m = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    if (m) flags.set(m[1] ?? '', m[2] ?? 'true');
    else positional = arg;
  }
  return { positional, flags };
}

/** A dataset size: `10k`, `100k`, `1m` or a plain number. */
export function parseSize(text: string): number {
  const m = /^(\d+)([km]?)$/i.exec(text.trim());
  if (!m) throw new Error(`size must look like 10k, 100k, 1m or 25000, got ${text}`);
  const unit = (m[2] ?? '').toLowerCase();
  return Number(m[1]) * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1);
}

/** A numeric flag, at least `min`; `fallback` when absent. */
export function numberFlag(flags: ReadonlyMap<string, string>, name: string, fallback: number, min: number): number {
  const value = Number(flags.get(name) ?? fallback);
  if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number ≥ ${min}`);
  return value;
}

/** A comma-separated `--name=a,b` of known names (all of them when absent); an unknown name is an error. */
export function listFlag<N extends string>(flags: ReadonlyMap<string, string>, name: string, known: readonly N[]): N[] {
  const chosen = flags.get(name)?.split(',') ?? [...known];
  for (const item of chosen) if (!(known as readonly string[]).includes(item)) throw new Error(`unknown ${name} value ${item} (known: ${known.join(', ')})`);
  return chosen as N[];
}

/** What every load-and-measure bench reads from its command line (http, graphql). */
export interface RunOptions {
  readonly size: number;
  readonly label: string;
  readonly seed: number;
  readonly duration: number;
  readonly warmup: number;
  readonly rounds: number;
  /** `--data-cache=DIR`: where loaded datasets are kept between runs (bench/http/load.ts). */
  readonly dataCache: string | undefined;
}

/** The size, seed, timing and data-cache flags, with a bench's own defaults. */
export function runOptions(
  positional: string, flags: ReadonlyMap<string, string>, defaults: { readonly seed: number; readonly duration: number; readonly rounds: number },
): RunOptions {
  return {
    size: parseSize(positional),
    label: positional.toLowerCase(),
    seed: Number(flags.get('seed') ?? defaults.seed),
    duration: numberFlag(flags, 'duration', defaults.duration, 1),
    warmup: numberFlag(flags, 'warmup', 1, 0),
    rounds: numberFlag(flags, 'rounds', defaults.rounds, 1),
    dataCache: flags.get('data-cache'),
  };
}
