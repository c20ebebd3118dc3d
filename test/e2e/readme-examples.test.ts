import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExamples } from '../../src/cli/demo-examples.js';
import { DEMO_DATASET, DEMO_LOCALES, DEMO_SCHEMAS, PACKAGE_ROOT } from '../../src/cli/paths.js';
import { importFile } from '../../src/cli/transfer/import-file.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { Sink } from '../cli/support.js';
import { oneAnswer, rawBody, rawExchange, startTestServer, type TestServer } from '../http/support.js';
import { bashBlockAfter, curlRequest, rawRequest, shellWords, type CurlRequest } from './curl-lines.js';

/**
 * The example requests a new user copies: README's "The API by example" and "GraphQL by
 * example", and what `npm start` prints. Each is sent as curl sends it (the request line as
 * typed, non-ASCII included) to the demo data on the default transport, and must find
 * something. Examples with placeholders (`<restaurant documentId>`) are left out.
 */
const README = readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8');

let path: string;
let quarry: Quarry;
let server: TestServer;

beforeAll(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-readme-'));
  quarry = createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true, i18n: { defaultLocale: DEMO_LOCALES[0], locales: [...DEMO_LOCALES] } });
  await importFile(quarry, DEMO_DATASET, 1000, new Sink());
  server = await startTestServer('node', {}, quarry);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await quarry?.close();
  rmSync(path, { recursive: true, force: true });
});

/** The variables a block sets (`API=http://127.0.0.1:1337/api`), pointed at the test server. */
function variablesOf(lines: readonly string[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of lines) {
    const m = /^([A-Z]+)=(\S+)$/.exec(line);
    if (m) vars[m[1]!] = m[2]!.replace('http://127.0.0.1:1337', server.base);
  }
  return vars;
}

async function send(request: CurlRequest): Promise<{ status: number | undefined; body: any }> {
  const answer = await rawExchange(server.port, [rawRequest(request)], { until: oneAnswer, waitMs: 10_000 });
  // rawExchange reads bytes as latin1; the body is UTF-8.
  const text = Buffer.from(rawBody(answer.text), 'latin1').toString('utf8');
  return { status: answer.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Something found: a non-empty list of entries, or every field of a GraphQL answer non-empty. */
function foundSomething(body: any): boolean {
  if (body?.errors !== undefined) return false;
  const { data } = body ?? {};
  if (Array.isArray(data)) return data.length > 0;
  if (data === null || typeof data !== 'object') return false;
  if ('documentId' in data) return true;
  return Object.values(data).every((v: any) => (Array.isArray(v) ? v.length > 0 : Array.isArray(v?.nodes) ? v.nodes.length > 0 : v !== null));
}

describe("README's REST examples", () => {
  const lines = bashBlockAfter(README, '## The API by example');
  const curls = lines.filter((l) => l.startsWith('curl ') && !l.includes('<'));

  it('are there to run', () => {
    expect(curls.length).toBeGreaterThanOrEqual(10);
  });

  it.each(curls)('%s', async (line) => {
    const request = curlRequest(shellWords(line, variablesOf(lines)));
    const r = await send(request);
    expect([r.status, foundSomething(r.body)], JSON.stringify(r.body)?.slice(0, 300)).toEqual([200, true]);
  });
});

describe("README's GraphQL examples", () => {
  const lines = bashBlockAfter(README, '## GraphQL by example');
  // `q '<json>'` posts its argument: the block defines q() as a curl line with "$1".
  const define = lines.find((l) => l.startsWith('q() {'));
  const curl = /^q\(\) \{ (curl .*?); echo; \}$/.exec(define ?? '')?.[1];
  const calls = lines.filter((l) => l.startsWith('q ') && !l.includes('<'));

  it('are there to run', () => {
    expect(curl).toBeDefined();
    expect(calls.length).toBeGreaterThanOrEqual(4);
  });

  it.each(calls)('%s', async (line) => {
    const vars = variablesOf(lines);
    const [, argument] = shellWords(line, vars);
    const r = await send(curlRequest(shellWords(curl!, { ...vars, 1: argument! })));
    expect([r.status, foundSomething(r.body)], JSON.stringify(r.body)?.slice(0, 300)).toEqual([200, true]);
  });
});

describe('the examples `npm start` prints', () => {
  it('answer as shown: the reads find something and the positioned connect is a 200', async () => {
    const printed = await demoExamples(quarry, `${server.base}/api`);
    const curls = printed.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('curl '));
    expect(curls.length).toBe(4);
    for (const line of curls) {
      const r = await send(curlRequest(shellWords(line, {})));
      expect([r.status, foundSomething(r.body)], `${line}\n${JSON.stringify(r.body)?.slice(0, 300)}`).toEqual([200, true]);
    }
  });
});
