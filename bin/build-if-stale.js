#!/usr/bin/env node
// `npm start` runs this first (prestart): it compiles with tsc only when dist/ is missing or
// older than the sources, so a start after a pull or an edit never serves stale code and a
// plain restart does not pay for a build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'dist', 'src', 'cli', 'main.js');

/** Latest modification time of a file, or of any file below a folder. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'tsconfig.json')));
if (existsSync(output) && statSync(output).mtimeMs >= sources) process.exit(0);

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(tsc)) {
  console.error('quarry: TypeScript is not installed: run `npm install` first.');
  process.exit(1);
}
console.error(existsSync(output) ? 'quarry: sources changed since the last build: building…' : 'quarry: first start: building…');
const { status } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
if (status !== 0) console.error('quarry: the build failed (see above): fix it, or run `npm run build` to see it again.');
process.exit(status ?? 1);
