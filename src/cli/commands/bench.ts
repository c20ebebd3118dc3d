import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from '../command.js';
import { PACKAGE_ROOT } from '../paths.js';

const BENCH = join(PACKAGE_ROOT, 'dist', 'bench', 'filters.bench.js');

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Run the filter benchmark (Quarry beside SQLite); arguments pass through',
  positionals: [],
  settings: [],
  passThrough: true,
  details: `
Runs \`node dist/bench/filters.bench.js [ARGS...]\` and exits with its exit code. Every argument
goes to the benchmark; to pass it --help, write \`quarry bench -- --help\`. The benchmark ships
with the repository, not the npm package: run it from a clone after \`npm run build\`
(\`npm run bench:filters\` does both).
`,
  async run(args, ctx) {
    if (!existsSync(BENCH)) throw new Error(`${BENCH} is missing: run \`npm run build\` in a clone of the repository first`);
    const child = spawn(process.execPath, [BENCH, ...args.positionals], { cwd: PACKAGE_ROOT, env: ctx.env, stdio: 'inherit' });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  },
};
