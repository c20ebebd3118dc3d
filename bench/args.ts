/** A bench's command line: one positional argument (the dataset size) and `--name=value` flags; a bare `--name` is `true`. */
export function readArgs(args: readonly string[], positional: string): { positional: string; flags: Map<string, string> } {
  const flags = new Map<string, string>();
  for (const arg of args) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (m) flags.set(m[1] ?? '', m[2] ?? 'true');
    else positional = arg;
  }
  return { positional, flags };
}
