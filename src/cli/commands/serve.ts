import type { Quarry } from '../../index.js';
import type { HttpSettingsInput, RunningServer } from '../../http/index.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { openQuarry, openReplica, openReplicaView } from '../open.js';
import { REPLICATION_SETTINGS, replicationOf } from '../replication-settings.js';
import type { ReplicationSettings } from '../../replication/settings.js';
import { SERVING_SETTINGS, servingOptions } from '../serving.js';
import { describeSettings, given, resolveSettings } from '../settings.js';
import { youngGenerationNote } from '../young-generation.js';
import type { ParsedArgs } from '../args.js';
import { isServingProcess, leavePrimary, reportReady, runServingProcesses, servingProcessContext } from '../processes.js';

export interface HttpOptions {
  readonly host: string;
  readonly port: number;
  readonly transport: 'uws' | 'node';
  /** Prefix, CORS, access and limits. */
  readonly settings: HttpSettingsInput & { readonly prefix: string };
  /** On a stop signal, how long requests in progress may take before their connections are closed. */
  readonly shutdownGraceMs: number;
  /** One of several serving processes on the port (`--processes`). */
  readonly sharePort?: boolean;
}

/**
 * Listens, calls `ready` with the base URL, and shuts down when the process is told to stop:
 * no new connections, requests in progress finish (within the grace period), then the worker
 * pool and LMDB are closed and the command answers 0.
 */
export async function serveUntilStopped(quarry: Quarry, http: HttpOptions, ctx: Context, ready: (url: string) => void | Promise<void>): Promise<number> {
  let server: RunningServer;
  try {
    // Loaded here, as a server starts: HTTP and GraphQL took a tenth of a second of every other command's start.
    const { startNodeHttpServer, startServer } = await import('../../http/index.js');
    const start = http.transport === 'uws' ? startServer : startNodeHttpServer;
    server = await start({ quarry, host: http.host, port: http.port, sharePort: http.sharePort ?? false, ...http.settings });
  } catch (e) {
    await quarry.close();
    throw e;
  }
  const host = http.host.includes(':') ? `[${http.host}]` : http.host;
  await ready(`http://${host}:${server.port}${http.settings.prefix}`);
  // A serving process of several stops when its primary says so, quietly: the primary reports.
  const alone = !isServingProcess(ctx.env);
  const stop = stopOnFailure(ctx, quarry);
  const reason = await stop.ctx.waitForStop();
  if (alone) ctx.stderr.write(`quarry: ${reason}: closing (requests in progress have ${http.shutdownGraceMs} ms to finish)\n`);
  await server.close({ graceMs: http.shutdownGraceMs });
  await quarry.close();
  if (alone) ctx.stderr.write('quarry: closed\n');
  return stop.failed ? 1 : 0;
}

/**
 * `ctx` whose stop also comes when `quarry`, a replica, stops applying the writer's changes: a
 * command then exits (code 1, `failed`) for its supervisor to start it again, from a snapshot.
 */
function stopOnFailure(ctx: Context, quarry: Quarry): { readonly ctx: Context; readonly failed: boolean } {
  const stop = {
    failed: false,
    ctx: {
      ...ctx,
      waitForStop: () => Promise.race([ctx.waitForStop(), quarry.replicaFailed.then(() => ((stop.failed = true), 'the replica stopped applying the writer\'s changes'))]),
    },
  };
  return stop;
}

/** A serving command (`serve`, `demo`) as `serveCommandRun` runs it, alone or as several processes. */
export interface ServeRun {
  readonly command: string;
  readonly args: ParsedArgs;
  readonly processes: number;
  /** The Quarry to serve; `shared` when other processes write its folder, `quiet` to print no warnings. */
  open(options: { readonly shared: boolean; readonly quiet: boolean }): Quarry | Promise<Quarry>;
  readonly http: HttpOptions;
  /** What the command prints once it serves at `url`. */
  announce(quarry: Quarry, url: string): void | Promise<void>;
}

/**
 * Serves in this process, or with `--processes` above 1 in that many serving processes
 * (cli/processes.ts). The primary opens the folder first and alone, so that the layout upkeep
 * and the warnings happen once, and keeps it open only to announce.
 */
export async function serveCommandRun(run: ServeRun, ctx: Context): Promise<number> {
  const shared = run.processes > 1;
  if (isServingProcess(ctx.env)) {
    try {
      return await serveUntilStopped(await run.open({ shared: true, quiet: true }), { ...run.http, sharePort: true }, servingProcessContext(ctx), reportReady);
    } finally {
      // The channel to the primary would keep this process alive once its server has closed.
      leavePrimary();
    }
  }
  const quarry = await run.open({ shared: false, quiet: false });
  if (!shared) return serveUntilStopped(quarry, run.http, ctx, (url) => run.announce(quarry, url));
  try {
    // The serving processes do not sweep (each would take the others' uploads in progress for
    // leftovers): the primary's sweep is over before the first of them may take an upload.
    await quarry.swept?.catch(() => undefined);
    // A replica's primary applies the stream: if it stops, all stop.
    const stop = stopOnFailure(ctx, quarry);
    const code = await runServingProcesses({
      count: run.processes, command: run.command, args: run.args, host: run.http.host, port: run.http.port,
      shutdownGraceMs: run.http.shutdownGraceMs, ready: (url) => run.announce(quarry, url),
    }, stop.ctx);
    return stop.failed ? 1 : code;
  } finally {
    await quarry.close();
  }
}

const SERVE_SETTINGS = [
  'schemas', 'customFields', 'data', 'host', 'port', 'locales', 'defaultLocale', 'prefix', 'corsOrigins', 'transport', 'noSync', ...SERVING_SETTINGS, ...REPLICATION_SETTINGS,
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
On start-up the uploads folder (<data folder>/uploads) is swept: temporaries and files no file
record names, what a crash mid-upload leaves, are removed before the first upload may write
(one process serves meanwhile; with --processes above 1 the serving processes start after it),
and the count is printed.
With --publish NATS-URLS the folder's writes go to a NATS JetStream stream, with snapshots, for
replicas; --replica-of NATS-URLS serves a live read replica of that writer in its own folder,
sending writes to it (README, "Replicas").
On SIGINT or SIGTERM the server stops accepting connections, lets requests in progress finish
(up to --shutdown-grace-ms), closes the worker pool and LMDB, and exits 0.

Example:
  quarry serve --schemas data/schemas --data .quarry/mine --port 8080
  quarry serve --schemas ../my-strapi-app --data .quarry/app --custom-fields plugin::x.colour=string
  QUARRY_PORT=8080 quarry serve --schemas data/schemas --data .quarry/mine
  quarry serve --schemas data/schemas --data .quarry/writer --publish nats://127.0.0.1:4222
  quarry serve --schemas data/schemas --data .quarry/replica --port 1338 --replica-of nats://127.0.0.1:4222
`,
  async run(args, ctx) {
    const s = resolveSettings(SERVE_SETTINGS, args.flags, ctx.env);
    if (!isServingProcess(ctx.env)) ctx.stderr.write(describeSettings(this.name, s) + youngGenerationNote());
    const serving = servingOptions(s);
    const replication = replicationOf(s);
    // A replica applies the stream in the process that serves it: more replicas (each its own folder) serve more reads.
    const processes = s.processes.value;
    return serveCommandRun({
      command: this.name, args, processes,
      open: async ({ shared, quiet }) => {
        const settings = {
          schemas: s.schemas.value, customFields: s.customFields.value, data: s.data.value, locales: given(s.locales), defaultLocale: s.defaultLocale.value,
          noSync: s.noSync.value, publishing: replication.publish !== undefined, shared, ...serving.quarry,
        };
        const out = quiet ? { cwd: ctx.cwd, stderr: SILENT } : ctx;
        // With several processes, the primary applies the stream and the serving processes read its folder.
        if (replication.replicaOf) return shared ? openReplicaView(settings, replication.replicaOf, out) : openReplica(settings, replication.replicaOf, out);
        const quarry = openQuarry(settings, out);
        // The primary publishes what every serving process commits.
        if (replication.publish && !isServingProcess(ctx.env)) await publishOrClose(quarry, replication.publish, replication.snapshotEveryMs, ctx);
        if (!replication.publish && !quiet) warnUnpublished(quarry, ctx);
        return quarry;
      },
      http: {
        host: s.host.value, port: s.port.value, transport: s.transport.value, shutdownGraceMs: serving.shutdownGraceMs,
        settings: { ...serving.http, prefix: s.prefix.value, cors: { origins: s.corsOrigins.value } },
      },
      announce: (quarry, url) => {
        const spread = processes > 1 ? ` (${processes} processes)` : '';
        const role = replication.replicaOf ? `, a replica of stream ${replication.replicaOf.stream} at ${replication.replicaOf.url}` : replication.publish ? `, publishing to stream ${replication.publish.stream} at ${replication.publish.url}` : '';
        ctx.stdout.write(`Quarry is serving ${quarry.registry.types.length} content-types at ${url}${spread}${role}\n`);
      },
    }, ctx);
  },
};

/**
 * A folder served with --publish once keeps every write for its replicas (nothing is lost while
 * no publisher runs, and the stream has no gap when one runs again), which grows its outbox.
 */
function warnUnpublished(quarry: Quarry, ctx: Context): void {
  const outbox = quarry.store.replication?.outbox;
  if (outbox?.publishes) {
    ctx.stderr.write(`quarry: warning: this folder keeps its writes for replicas (it was served with --publish), and nothing publishes them now: ${outbox.waiting} wait in its outbox; serve it with --publish\n`);
  }
}

async function publishOrClose(quarry: Quarry, settings: ReplicationSettings, snapshotEveryMs: number, ctx: Context): Promise<void> {
  try {
    await quarry.publish(settings, { snapshotEveryMs, onError: (e) => ctx.stderr.write(`quarry: publishing: ${e instanceof Error ? e.message : String(e)} (retrying)\n`) });
  } catch (e) {
    await quarry.close();
    throw e;
  }
}

/** Where a serving process's start-up warnings go: its primary printed them already. */
export const SILENT = { write: () => true };
