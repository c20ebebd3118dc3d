import type { Quarry } from '../../index.js';
import { startNodeHttpServer, startServer, type RunningServer } from '../../http/index.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { openQuarry } from '../open.js';
import { describeSettings, resolveSettings } from '../settings.js';

export interface HttpOptions {
  readonly host: string;
  readonly port: number;
  readonly prefix: string;
  readonly corsOrigins: '*' | readonly string[];
  readonly transport: 'uws' | 'node';
}

/** Listens, calls `ready` with the base URL, and closes the server and the Quarry when the process is told to stop. */
export async function serveUntilStopped(quarry: Quarry, http: HttpOptions, ctx: Context, ready: (url: string) => void | Promise<void>): Promise<number> {
  let server: RunningServer;
  try {
    const start = http.transport === 'uws' ? startServer : startNodeHttpServer;
    server = await start({ quarry, host: http.host, port: http.port, prefix: http.prefix, cors: { origins: http.corsOrigins } });
  } catch (e) {
    await quarry.close();
    throw e;
  }
  const host = http.host.includes(':') ? `[${http.host}]` : http.host;
  await ready(`http://${host}:${server.port}${http.prefix}`);
  const signal = await ctx.waitForStop();
  ctx.stderr.write(`quarry: ${signal}: closing\n`);
  await server.close();
  await quarry.close();
  return 0;
}

const SERVE_SETTINGS = ['schemas', 'data', 'host', 'port', 'locales', 'defaultLocale', 'prefix', 'corsOrigins', 'transport', 'noSync'] as const;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the REST API over content-types and an LMDB data folder',
  positionals: [],
  settings: SERVE_SETTINGS,
  details: `
Serves Strapi's REST content API (GET/POST/PUT/DELETE /api/<plural>[/:documentId]) until it
gets SIGINT or SIGTERM. Settings are printed on start-up with where each came from.

Example:
  quarry serve --schemas data/schemas --data .quarry/mine --port 8080
  QUARRY_PORT=8080 quarry serve --schemas data/schemas --data .quarry/mine
`,
  async run(args, ctx) {
    const s = resolveSettings(SERVE_SETTINGS, args.flags, ctx.env);
    ctx.stderr.write(describeSettings(this.name, s));
    const quarry = openQuarry({
      schemas: s.schemas.value, data: s.data.value, locales: s.locales.value, defaultLocale: s.defaultLocale.value, noSync: s.noSync.value,
    }, ctx.cwd);
    return serveUntilStopped(quarry, {
      host: s.host.value, port: s.port.value, prefix: s.prefix.value, corsOrigins: s.corsOrigins.value, transport: s.transport.value,
    }, ctx, (url) => {
      ctx.stdout.write(`Quarry is serving ${quarry.registry.types.length} content-types at ${url}\n`);
    });
  },
};
