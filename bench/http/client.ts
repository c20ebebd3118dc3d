/**
 * The load generator of the HTTP bench, run as a child process (bench/http/driver.ts forks it)
 * so that autocannon's event loop never shares a thread with the server it measures.
 *
 * Each message from the parent is one autocannon run; the answer carries autocannon's own
 * summary and latency percentiles recomputed from every response time at sub-millisecond
 * precision (autocannon's histogram keeps whole milliseconds, too coarse for a 2 ms target).
 */
import autocannon from 'autocannon';
import type { ClientAnswer, ClientRun, PlannedRequest, RunSummary } from './protocol.js';

process.on('message', (message: ClientRun) => {
  run(message).then(
    (summary) => process.send!({ id: message.id, summary } satisfies ClientAnswer),
    (error: unknown) => process.send!({ id: message.id, error: String((error as Error)?.stack ?? error) } satisfies ClientAnswer),
  );
});

function run(spec: ClientRun): Promise<RunSummary> {
  const { requests } = spec;
  if (requests.length === 0) throw new Error('no requests to send');
  // One counter for all connections: consecutive sends, whatever the connection, take consecutive
  // requests of the list, so concurrent writes spread over the list's documents.
  let next = 0;
  const latencies = new Latencies();
  const statuses = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.duration,
        pipelining: 1,
        timeout: 10,
        requests: [
          requests.length === 1
            ? asSent(requests[0]!)
            : {
                setupRequest: (request) => {
                  const r = requests[next++ % requests.length]!;
                  request.method = r.method;
                  request.path = r.path;
                  request.headers = { ...request.headers, ...r.headers };
                  const body = bodyOf(r);
                  if (body !== undefined) request.body = body;
                  return request;
                },
              },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const sorted = latencies.sorted();
        resolve({
          durationS: result.duration,
          completed: sorted.length,
          reqPerSecMean: result.requests.mean,
          reqPerSecTotal: sorted.length / result.duration,
          latencyMs: {
            mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
            p50: quantile(sorted, 0.5),
            p90: quantile(sorted, 0.9),
            p99: quantile(sorted, 0.99),
            max: sorted[sorted.length - 1] ?? Number.NaN,
          },
          autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statuses: Object.fromEntries(statuses),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

/** A growable array of float milliseconds: no per-sample allocation while the run is on. */
class Latencies {
  private values = new Float64Array(1 << 16);
  private length = 0;

  push(ms: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = ms;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/** Nearest-rank quantile of sorted values. */
/** A request's body as autocannon sends it: text, or the bytes a base64 body stands for. */
function bodyOf(request: PlannedRequest): string | Buffer | undefined {
  return request.bodyBase64 === undefined ? request.body : Buffer.from(request.bodyBase64, 'base64');
}

/** A planned request as autocannon takes it, its base64 body decoded. */
function asSent(request: PlannedRequest): autocannon.Request {
  const { bodyBase64: _encoded, ...sent } = request;
  const body = bodyOf(request);
  return body === undefined ? sent : { ...sent, body };
}

function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
