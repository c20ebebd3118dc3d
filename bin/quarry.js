#!/bin/sh
':' //; p=; case "$1" in import) export MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072; p=--v8-pool-size=2 ;; esac; exec node $p --max-semi-space-size=64 --min-semi-space-size=64 "$0" "$@"
// The line above is sh (run by the #! line) and a string and a comment to node, which runs the
// rest: the CLI, compiled TypeScript, loaded from dist/ with its exit code set.
// The node flags are the young generation's size for serving (src/cli/young-generation.ts); the
// malloc settings and V8's pool size, an import's (src/cli/malloc-settings.ts, src/cli/v8-pool.ts).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('quarry: dist/ is missing, so the CLI is not built yet. Run `npm run build` (or `npm start`, which builds first) in the quarry folder.');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
