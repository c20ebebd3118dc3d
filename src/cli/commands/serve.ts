import type { Quarry } from '../../index.js';
import { startNodeHttpServer, startServer, type HttpSettingsInput, type RunningServer } from '../../http/index.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { openQuarry } from '../open.js';
import { SERVING_SETTINGS, servingOptions } from '../serving.js';
import { describeSettings, resolveSettings } from '../settings.js';
import { youngGenerationNote } from '../young-generation.js';

export interface HttpOptions {
  readonly host: string;
  readonly port: number;
  readonly transport: 'uws' | 'node';
  /** Prefix, CORS, access and limits. */
  readonly settings: HttpSettingsInput & { readonly prefix: string };
  /** On a stop signal, how long requests in progress may take before their connections are closed. */
  readonly shutdownGraceMs: number;
}

/**
 * Listens, calls `ready` with the base URL, and shuts down when the process is told to stop:
 * no new connections, requests in progress finish (within the grace period), then the worker
 * pool and LMDB are closed and the command answers 0.
 */
export async function serveUntilStopped(quarry: Quarry, http: HttpOptions, ctx: Context, ready: (url: string) => void | Promise<void>): Promise<number> {
  let server: RunningServer;
  try {
    const start = http.transport === 'uws' ? startServer : startNodeHttpServer;
    server = await start({ quarry, host: http.host, port: http.port, ...http.settings });
  } catch (e) {
    await quarry.close();
    throw e;
  }
  const host = http.host.includes(':') ? `[${http.host}]` : http.host;
  await ready(`http://${host}:${server.port}${http.settings.prefix}`);
  const signal = await ctx.waitForStop();
  ctx.stderr.write(`quarry: ${signal}: closing (requests in progress have ${http.shutdownGraceMs} ms to finish)\n`);
  await server.close({ graceMs: http.shutdownGraceMs });
  await quarry.close();
  ctx.stderr.write('quarry: closed\n');
  return 0;
}

const SERVE_SETTINGS = [
  'schemas', 'customFields', 'data', 'host', 'port', 'locales', 'defaultLocale', 'prefix', 'corsOrigins', 'transport', 'noSync', ...SERVING_SETTINGS,
] as const;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the REST API over content-types and an LMDB data folder',
  positionals: [],
  settings: SERVE_SETTINGS,
  details: `
Serves Strapi's REST content API (GET/POST/PUT/DELETE /api/<plural>[/:documentId]; single
types: GET/PUT/DELETE /api/<singular>) and GraphQL at /graphql until it gets SIGINT or SIGTERM.
Settings are printed on start-up with where each came from.

--schemas takes a Strapi project as it is, its root or its src/: content-types from
api/<api>/content-types/<name>/schema.json, components from components/<category>/<name>.json
(uid <category>.<name>) and extended plugin types from extensions/<plugin>/content-types/.
What loads with a caveat (a relation to a plugin type Quarry does not serve, a custom field it
has no type for) is printed as a warning, one line each; --custom-fields maps custom fields.

Reads are public and writes need a full-access API token by default (\`quarry token create\`,
sent as \`Authorization: Bearer <token>\`); a wrong token is a 401 on every route.
On start-up the uploads folder (<data folder>/uploads) is swept while the server already
answers: temporaries and files no file record names, what a crash mid-upload leaves, are
removed before the first upload may write, and the count is printed.
On SIGINT or SIGTERM the server stops accepting connections, lets requests in progress finish
(up to --shutdown-grace-ms), closes the worker pool and LMDB, and exits 0.

Example:
  quarry serve --schemas data/schemas --data .quarry/mine --port 8080
  quarry serve --schemas ../my-strapi-app --data .quarry/app --custom-fields plugin::x.colour=string
  QUARRY_PORT=8080 quarry serve --schemas data/schemas --data .quarry/mine
`,
  async run(args, ctx) {
    const s = resolveSettings(SERVE_SETTINGS, args.flags, ctx.env);
    ctx.stderr.write(describeSettings(this.name, s));
    ctx.stderr.write(youngGenerationNote());
    const serving = servingOptions(s);
    const quarry = openQuarry({
      schemas: s.schemas.value, customFields: s.customFields.value, data: s.data.value, locales: s.locales.value, defaultLocale: s.defaultLocale.value,
      noSync: s.noSync.value, ...serving.quarry,
    }, ctx);
    return serveUntilStopped(quarry, {
      host: s.host.value, port: s.port.value, transport: s.transport.value, shutdownGraceMs: serving.shutdownGraceMs,
      settings: { ...serving.http, prefix: s.prefix.value, cors: { origins: s.corsOrigins.value } },
    }, ctx, (url) => {
      ctx.stdout.write(`Quarry is serving ${quarry.registry.types.length} content-types at ${url}\n`);
    });
  },
};
