#!/usr/bin/env -S node --max-semi-space-size=64 --min-semi-space-size=64
// The CLI is compiled TypeScript: this launcher loads it from dist/ and sets the exit code.
// The node flags are the young generation's size for serving (src/cli/young-generation.ts).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('quarry: dist/ is missing, so the CLI is not built yet. Run `npm run build` (or `npm start`, which builds first) in the quarry folder.');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
