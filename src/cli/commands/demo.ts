import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { demoExamples } from '../demo-examples.js';
import { openQuarry } from '../open.js';
import { DEMO_DATASET, DEMO_LOCALES, DEMO_SCHEMAS } from '../paths.js';
import { describeSettings, resolveSettings } from '../settings.js';
import { youngGenerationNote } from '../young-generation.js';
import { compactStore } from '../../store/compact.js';
import { importFile } from '../transfer/import-file.js';
import { SERVING_SETTINGS, servingOptions } from '../serving.js';
import { isServingProcess } from '../processes.js';
import { serveCommandRun, SILENT } from './serve.js';

const DEMO_SETTINGS = ['host', 'port', 'data', 'transport', 'batch', ...SERVING_SETTINGS] as const;

export const demoCommand: Command = {
  name: 'demo',
  summary: 'Serve the demo content-types and dataset (what `npm start` runs)',
  positionals: [],
  settings: DEMO_SETTINGS,
  // Writes are open in the demo, a local playground, so its printed examples run as shown.
  defaults: { data: '.quarry/demo', writeAccess: 'public' },
  details: `
Serves data/schemas over the data folder. A new (missing or empty) folder is first filled with
the demo dataset, data/demo/dataset.json: it is imported next to the folder and moved in place
once complete, so an interrupted first start leaves no half-filled folder. Locales: en, fr.
Prints the URL and example requests.

Example:
  npm start                         (the same as: quarry demo)
  QUARRY_PORT=8080 npm start
  npm start -- --port 8080 --data /tmp/quarry-demo
`,
  async run(args, ctx) {
    const s = resolveSettings(DEMO_SETTINGS, args.flags, ctx.env, this.defaults);
    const data = resolve(ctx.cwd, s.data.value);
    if (!isServingProcess(ctx.env)) {
      ctx.stderr.write(describeSettings(this.name, s) + youngGenerationNote());
      if (isNew(data)) await seed(data, s.batch.value, ctx);
    }
    const serving = servingOptions(s);
    const processes = s.processes.value;
    return serveCommandRun({
      command: this.name, args, processes,
      open: ({ shared, quiet }) => openQuarry({ schemas: DEMO_SCHEMAS, data, locales: DEMO_LOCALES, defaultLocale: '', shared, ...serving.quarry },
        quiet ? { cwd: ctx.cwd, stderr: SILENT } : ctx),
      http: {
        host: s.host.value, port: s.port.value, transport: s.transport.value, shutdownGraceMs: serving.shutdownGraceMs,
        settings: { ...serving.http, prefix: '/api', cors: { origins: '*' } },
      },
      announce: async (quarry, url) => {
        const spread = processes > 1 ? ` (${processes} processes)` : '';
        ctx.stdout.write(`\nQuarry demo is serving ${url}${spread}\n\nTry:\n${await demoExamples(quarry, url)}\n\nStop with Ctrl-C.\n`);
      },
    }, ctx);
  },
};

function isNew(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

async function seed(data: string, batch: number, ctx: Context): Promise<void> {
  const staging = `${data}-importing`;
  rmSync(staging, { recursive: true, force: true });
  ctx.stderr.write(`First start: importing the demo dataset into ${data}\n`);
  const quarry = openQuarry({ schemas: DEMO_SCHEMAS, data: staging, locales: DEMO_LOCALES, defaultLocale: '' }, ctx);
  try {
    await importFile(quarry, DEMO_DATASET, batch, ctx.stderr);
  } finally {
    await quarry.close();
  }
  await compactStore(staging);
  rmSync(data, { recursive: true, force: true });
  renameSync(staging, data);
}
