import { availableParallelism } from 'node:os';
import { DEFAULT_GRAPHQL_SETTINGS } from '../graphql/settings.js';
import { DEFAULT_HTTP_SETTINGS } from '../http/settings.js';
import { DEFAULT_TIMEOUT_MS } from '../pool/pool.js';
import { DEFAULT_FILTER_LIMITS } from '../query/filters/index.js';
import { DEFAULT_LIST_PARAMS_SETTINGS } from '../query/params/index.js';
import { DEFAULT_QUERY_LIMITS } from '../query/querystring/index.js';
import { SCALAR_TYPES } from '../schema/types.js';
import { TOKEN_TYPES, type TokenType } from '../store/tokens.js';
import { UsageError } from './usage.js';

/**
 * A setting every command reads the same way: `--flag`, else `QUARRY_<NAME>`, else its default.
 * `parse` turns the text into the value and throws an Error whose message says what is wrong.
 */
export interface Setting<T> {
  readonly flag: string;
  readonly env: string;
  readonly describe: string;
  readonly boolean: boolean;
  /** Text of the default; undefined: the setting is required. */
  readonly fallback: string | undefined;
  readonly parse: (text: string) => T;
}

/** `argument`: a positional that stands for the setting (`quarry check DIR` for `--data`). */
export type SettingSource = 'argument' | 'flag' | 'env' | 'default';

export interface Resolved<T> {
  readonly value: T;
  readonly text: string;
  readonly source: SettingSource;
}

function setting<T>(
  flag: string, describe: string, fallback: string | undefined, parse: (text: string) => T, boolean = false, env = `QUARRY_${flag.toUpperCase().replace(/-/g, '_')}`,
): Setting<T> {
  return { flag, env, describe, boolean, fallback, parse };
}

const text = (t: string) => {
  if (t === '') throw new Error('must not be empty');
  return t;
};

function port(t: string): number {
  if (!/^\d+$/.test(t) || Number(t) > 65535) throw new Error('must be a port number from 0 to 65535 (0 picks a free one)');
  return Number(t);
}

function positive(t: string): number {
  if (!/^\d+$/.test(t) || Number(t) < 1) throw new Error('must be a whole number above 0');
  return Number(t);
}

function wholeNumber(t: string): number {
  if (!/^\d+$/.test(t) || !Number.isSafeInteger(Number(t))) throw new Error('must be a whole number');
  return Number(t);
}

function poolThreads(t: string): number | 'auto' {
  return t === 'auto' ? t : wholeNumber(t);
}

function access(t: string): 'public' | 'token' {
  if (t !== 'public' && t !== 'token') throw new Error('must be "public" (anyone) or "token" (an API token that allows it)');
  return t;
}

function tokenType(t: string): TokenType {
  if (!(TOKEN_TYPES as readonly string[]).includes(t)) throw new Error(`must be one of ${TOKEN_TYPES.join(', ')}`);
  return t as TokenType;
}

function list(t: string): string[] {
  const items = t.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new Error('must name at least one value, comma-separated');
  return items;
}

/**
 * `plugin::x.y=string,plugin::a.b=json`: custom field uid → the scalar type it stores as. Each
 * pair is checked here, so a typo stops the command before anything is opened.
 */
function customFields(t: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of t.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const [uid, type, ...rest] = pair.split('=').map((p) => p.trim());
    if (!uid || type === undefined || rest.length > 0) throw new Error(`${JSON.stringify(pair)} must be <custom field uid>=<type>, e.g. plugin::color-picker.color=string`);
    if (!(SCALAR_TYPES as readonly string[]).includes(type)) throw new Error(`${uid} maps to ${JSON.stringify(type)}, which is not one of ${SCALAR_TYPES.join(', ')}`);
    if (uid in out) throw new Error(`${uid} is mapped twice`);
    out[uid] = type;
  }
  return out;
}

/** `nats://host:port`, several comma-separated, or empty for none. */
function natsUrl(t: string): string {
  for (const url of t.split(',').map((u) => u.trim()).filter((u) => u !== '')) {
    if (!/^(nats|tls):\/\/[^/\s]+$/.test(url)) throw new Error(`${JSON.stringify(url)} is not a NATS server address: nats://HOST:PORT, several comma-separated`);
  }
  return t.trim();
}

function streamName(t: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(t)) throw new Error('must be 1-64 letters, digits, - or _');
  return t;
}

function flagValue(t: string): boolean {
  if (/^(1|true|yes|on)$/i.test(t)) return true;
  if (/^(0|false|no|off)$/i.test(t)) return false;
  throw new Error('must be true or false');
}

function transport(t: string): 'uws' | 'node' {
  if (t !== 'uws' && t !== 'node') throw new Error('must be "uws" (uWebSockets.js) or "node" (node:http)');
  return t;
}

/** Every setting of every command; each command lists the ones it reads. */
export const SETTINGS = {
  schemas: setting(
    'schemas',
    'a Strapi project, its root or its src/ (api/*/content-types/*/schema.json, components/<category>/<name>.json, extensions/*/content-types/*/schema.json), or a folder of <name>/schema.json',
    undefined, text,
  ),
  customFields: setting('custom-fields', 'custom fields Quarry does not know, each with the type it stores as: plugin::x.y=string,plugin::a.b=json (unmapped ones load as json, with a warning)', '', customFields),
  data: setting('data', 'LMDB data folder (created when missing)', undefined, text),
  host: setting('host', 'address to listen on', '127.0.0.1', text),
  port: setting('port', 'port to listen on (0: any free port)', '1337', port),
  locales: setting('locales', 'the locales of localized entries, comma-separated (reading or writing another is a 400); default: those the data folder or the export carries, else en', 'en', list),
  defaultLocale: setting('default-locale', 'locale used when a request names none (default: the first of --locales)', '', (t) => t),
  prefix: setting('prefix', 'path prefix of the REST API', '/api', text),
  corsOrigins: setting('cors-origins', 'origins browsers may read answers from: * or a comma-separated list', '*', (t) => (t === '*' ? '*' as const : list(t))),
  // node:http by default: the uWebSockets.js build this registry offers for Node 20 here closes the
  // connection when a request head over 4 KiB arrives in several TCP reads, and when a pipelined
  // request comes while a pooled answer is pending. Behind a proxy that sends whole heads, uws is
  // faster on cheap queries (bench/results/README.md).
  transport: setting('transport', 'HTTP server: node (node:http) or uws (uWebSockets.js, faster; needs whole request heads of at most 4 KiB per read, e.g. behind a proxy)', 'node', transport),
  batch: setting('batch', 'records written per LMDB transaction', '1000', positive),
  noSync: setting('no-sync', 'skip fsync at commit: faster; a crash may lose the latest writes', 'false', flagValue, true),
  readAccess: setting('read-access', 'who may read: public (anyone) or token (a read-only or full-access API token)', 'public', access),
  writeAccess: setting('write-access', 'who may write: token (a full-access API token) or public (anyone)', 'token', access),
  maxBodyBytes: setting('max-body-bytes', 'largest request body; more is a 413', String(DEFAULT_HTTP_SETTINGS.maxBodyBytes), positive),
  maxQueryDepth: setting('max-query-depth', 'bracket levels a query-string key may nest; more is a 400', String(DEFAULT_QUERY_LIMITS.maxDepth), positive),
  maxFilterConditions: setting('max-filter-conditions', 'conditions in one filter tree; more is a 400', String(DEFAULT_FILTER_LIMITS.maxConditions), positive),
  maxInValues: setting('max-in-values', 'values in one $in / $notIn list; more is a 400', String(DEFAULT_FILTER_LIMITS.maxListValues), positive),
  maxPageSize: setting('max-page-size', 'largest page: bigger pageSize / limit are capped to it, as Strapi does', String(DEFAULT_LIST_PARAMS_SETTINGS.maxPageSize), positive),
  maxPopulateDepth: setting('max-populate-depth', 'levels populate may nest; more is a 400', String(DEFAULT_LIST_PARAMS_SETTINGS.maxPopulateDepth), positive),
  graphqlMaxDepth: setting('graphql-max-depth', 'field levels a GraphQL operation may nest; more is refused before it runs', String(DEFAULT_GRAPHQL_SETTINGS.maxDepth), positive),
  graphqlMaxCost: setting('graphql-max-cost', 'field values a GraphQL operation may resolve (lists count by page size); more is refused before it runs', String(DEFAULT_GRAPHQL_SETTINGS.maxCost), positive),
  poolThreads: setting('pool-threads', 'worker threads per serving process for broad reads, at a lower priority (0: every read on the main thread; auto: the cores the serving processes leave, at least 1)', 'auto', poolThreads),
  queryTimeoutMs: setting('query-timeout-ms', 'a read (list or single entry, inline or pooled) still running after this is cancelled with a 503', String(DEFAULT_TIMEOUT_MS), positive),
  uploadMaxFileBytes: setting('upload-max-file-bytes', 'largest file POST /api/upload takes; a larger one is a 413', String(DEFAULT_HTTP_SETTINGS.uploadMaxFileBytes), positive),
  imageFormats: setting('image-formats', 'make each uploaded image\'s thumbnail and smaller breakpoint formats (false: store the image alone)', 'true', flagValue),
  processes: setting('processes', 'serving processes over the one data folder, each a whole server on the same port (the kernel spreads connections); default: the number of cores', String(availableParallelism()), positive),
  shutdownGraceMs: setting('shutdown-grace-ms', 'on SIGTERM / SIGINT, how long requests in progress may take to finish', '10000', positive),
  compare: setting('compare', 'another data folder (a replica of this one, or its writer) whose content must equal this one\'s, database by database, byte for byte', '', (t) => t),
  publish: setting('publish', 'publish every write to this NATS JetStream server (nats://HOST:PORT, several comma-separated), with snapshots, for replicas (README, "Replicas")', '', natsUrl),
  replicaOf: setting('replica-of', 'serve a live read replica of the writer publishing to this NATS server (nats://HOST:PORT, several comma-separated); writes go to the writer', '', natsUrl),
  nats: setting('nats', 'the NATS servers of the stream (nats://HOST:PORT, several comma-separated)', '', natsUrl),
  stream: setting('stream', 'the JetStream stream a writer publishes to and its replicas follow', 'quarry', streamName),
  streamReplicas: setting('stream-replicas', 'copies of the stream and of its snapshots a NATS cluster keeps, when the writer makes them (3 on a cluster of three)', '1', positive),
  snapshotEvery: setting('snapshot-every', 'minutes between the writer\'s snapshots (0: only when a replica asks for one)', '60', wholeNumber),
  natsUser: setting('nats-user', 'NATS user name (with --nats-password)', '', (t) => t),
  natsPassword: setting('nats-password', 'NATS password', '', (t) => t),
  natsToken: setting('nats-token', 'NATS authentication token', '', (t) => t),
  tokenName: setting('name', 'name of the API token (unique)', undefined, text, false, 'QUARRY_TOKEN_NAME'),
  tokenType: setting('type', `what the token may do: ${TOKEN_TYPES.join(' or ')}`, undefined, tokenType, false, 'QUARRY_TOKEN_TYPE'),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type Values<N extends SettingName> = { [K in N]: Resolved<ReturnType<(typeof SETTINGS)[K]['parse']>> };

/**
 * Each setting from the command's argument that stands for it, else its flag, else its
 * environment variable, else its default. A value that does not parse, or a required one that
 * is missing, is a usage error naming where it came from.
 */
export function resolveSettings<N extends SettingName>(
  names: readonly N[],
  flags: Readonly<Record<string, string | boolean | undefined>>,
  env: NodeJS.ProcessEnv,
  defaults: Partial<Record<SettingName, string>> = {},
  given: Partial<Record<SettingName, string>> = {},
): Values<N> {
  const out = {} as Record<string, Resolved<unknown>>;
  for (const name of names) {
    const s: Setting<unknown> = SETTINGS[name];
    const flag = flags[s.flag];
    const argument = given[name];
    const [raw, source]: [string | undefined, SettingSource] = argument !== undefined ? [argument, 'argument']
      : flag !== undefined ? [String(flag), 'flag'] : env[s.env] !== undefined ? [env[s.env], 'env'] : [defaults[name] ?? s.fallback, 'default'];
    if (raw === undefined) throw new UsageError(`--${s.flag} is required (or set ${s.env})`);
    try {
      out[name] = { value: s.parse(raw), text: raw, source };
    } catch (e) {
      const from = source === 'argument' ? 'argument' : source === 'flag' ? `--${s.flag}` : source === 'env' ? s.env : `default of --${s.flag}`;
      throw new UsageError(`${from} ${JSON.stringify(raw)}: ${(e as Error).message}`);
    }
  }
  return out as Values<N>;
}

/** Settings the start-up report never prints. */
const SECRETS: ReadonlySet<string> = new Set<SettingName>(['natsPassword', 'natsToken']);

/** The start-up report: every effective setting and where it came from (secrets hidden). */
export function describeSettings(command: string, values: Readonly<Record<string, Resolved<unknown>>>): string {
  const rows = Object.keys(values).map((name) => {
    const s: Setting<unknown> = SETTINGS[name as SettingName];
    const r = values[name]!;
    const from = r.source === 'argument' ? 'argument' : r.source === 'flag' ? `flag --${s.flag}` : r.source === 'env' ? `env ${s.env}` : 'default';
    const shown = r.text === '' ? '(unset)' : SECRETS.has(name) ? '(hidden)' : r.text;
    return [`--${s.flag}`, shown, from] as const;
  });
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  return [`quarry ${command} settings:`, ...rows.map(([f, v, from]) => `  ${f.padEnd(w0)}  ${v.padEnd(w1)}  ${from}`)].join('\n') + '\n';
}

/** A setting's value when the command was given it (argument, flag or environment), undefined when it is the default. */
export function given<T>(setting: Resolved<T>): T | undefined {
  return setting.source === 'default' ? undefined : setting.value;
}
