#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=64 --min-semi-space-size=64
// The CLI is compiled TypeScript: this launcher loads it from dist/ and sets the exit code.
// The node flags are the young generation's size for serving (src/cli/young-generation.ts).
// The malloc settings bound what glibc keeps of freed memory: by default each thread may get an
// arena of its own and the mmap threshold rises up to 32 MB as large blocks are freed, so the
// buffers a bulk load frees stay with the process. A 1M import peaked at 1,042 MB anonymous
// memory without them and 805-816 MB with them, in the same time (by hand, alternating).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('quarry: dist/ is missing, so the CLI is not built yet. Run `npm run build` (or `npm start`, which builds first) in the quarry folder.');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
