/**
 * Upload rate (issue 18): `POST /api/upload` of one small image per request, answered `201`, over
 * uWebSockets.js and Node's `http`, with image formats on (the thumbnail and the breakpoints below
 * the image) and off (`images: { formats: false }`: the re-encoded original alone).
 *
 *   node dist/bench/uploads.bench.js [--duration=5] [--warmup=1] [--rounds=3] [--connections=4]
 *                                    [--servers=uws,node] [--formats=on,off]
 *
 * The image is an 800×600 JPEG of blurred noise, about 40 KB, sent as a multipart body as a
 * browser's FormData sends it. autocannon runs in a child process (bench/http/client.ts); each
 * request creates a new file record and its bytes. Rounds alternate the cases' order; the figure
 * reported is each case's median req/s over the rounds. Results go to bench/results/uploads.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../fixtures/repo-root.js';
import { startNodeHttpServer, startServer, type RunningServer, type ServerOptions } from '../src/http/index.js';
import { createQuarry, type Quarry } from '../src/index.js';
import { listFlag, numberFlag, readArgs } from './args.js';
import { LoadGenerator } from './http/driver.js';
import type { PlannedRequest } from './http/protocol.js';
import { printRows } from './table.js';
import { median } from './timing.js';

const SERVERS = { uws: startServer, node: startNodeHttpServer } as const satisfies Record<string, (o: ServerOptions) => Promise<RunningServer>>;
type ServerName = keyof typeof SERVERS;
const FORMATS = { on: true, off: false } as const;
type FormatsName = keyof typeof FORMATS;
const BOUNDARY = '----quarrybenchboundary7MA4YWxkTrZu0gW';

/** An 800×600 JPEG of blurred noise from a fixed seed: the same ~40 KB every run. */
async function photo(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    raw[i] = (seed >>> 16) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(2.5).jpeg({ quality: 72 }).toBuffer();
}

/** One `files` part, framed as FormData frames it. */
function uploadRequest(image: Buffer): PlannedRequest {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  return { method: 'POST', path: '/api/upload', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, bodyBase64: body.toString('base64') };
}

interface Case {
  readonly formats: FormatsName;
  readonly server: ServerName;
}

async function main(): Promise<void> {
  const { flags } = readArgs(process.argv.slice(2), '');
  const duration = numberFlag(flags, 'duration', 5, 1);
  const warmup = numberFlag(flags, 'warmup', 1, 0);
  const rounds = numberFlag(flags, 'rounds', 3, 1);
  const connections = numberFlag(flags, 'connections', 2 * cpus().length, 1);
  const servers = listFlag(flags, 'servers', Object.keys(SERVERS) as ServerName[]);
  const formats = listFlag(flags, 'formats', Object.keys(FORMATS) as FormatsName[]);
  const image = await photo();
  const request = uploadRequest(image);
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-upload-rate-'));
  const quarries = new Map<FormatsName, Quarry>(formats.map((name) => [name, createQuarry({
    schemas: join(repoRoot(), 'data', 'schemas'), path: join(dir, name), noSync: true, images: { formats: FORMATS[name] },
  })]));
  const cases: Case[] = formats.flatMap((f) => servers.map((server) => ({ formats: f, server })));
  const samples = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const load = new LoadGenerator();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const c of round % 2 === 0 ? cases : [...cases].reverse()) {
        const server = await SERVERS[c.server]({ quarry: quarries.get(c.formats)!, access: { writes: 'public' } });
        try {
          const spec = { url: `http://127.0.0.1:${server.port}`, connections, requests: [request] };
          if (warmup > 0) await load.run({ ...spec, duration: warmup });
          const summary = await load.run({ ...spec, duration });
          const wrong = Object.entries(summary.statuses).filter(([status]) => status !== '201');
          if (summary.errors > 0 || summary.timeouts > 0 || wrong.length > 0) {
            throw new Error(`formats ${c.formats} on ${c.server}: ${summary.errors} errors, ${summary.timeouts} timeouts, statuses ${JSON.stringify(summary.statuses)}`);
          }
          samples.get(c)!.push(summary.reqPerSecTotal);
        } finally {
          await server.close();
        }
      }
    }
  } finally {
    load.close();
    for (const quarry of quarries.values()) await quarry.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const results = cases.map((c) => ({ ...c, connections, reqPerSec: median(samples.get(c)!), rounds: samples.get(c)! }));
  console.log(`one ${image.length}-byte 800×600 JPEG per request, ${connections} connections, ${cpus().length} cores, median of ${rounds} rounds of ${duration} s`);
  printRows(['formats', 'server', 'req/s (median)', 'rounds'], results.map((r) => [r.formats, r.server, r.reqPerSec.toFixed(0), r.rounds.map((x) => x.toFixed(0)).join(' / ')]));
  const out = join(repoRoot(), 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'uploads.json'), `${JSON.stringify({
    date: new Date().toISOString(), node: process.version, cores: cpus().length, loadavg: loadavg(), imageBytes: image.length, duration, rounds, results,
  }, null, 2)}\n`);
}

await main();
