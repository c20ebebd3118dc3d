/**
 * A paced (open-loop) HTTP client: requests are due at a fixed rate, whatever the answers do, and
 * each one's latency runs from when it was due, so that a stall counts for every request it held
 * up (no coordinated omission). wrk's closed loop sends the next request as soon as an answer
 * comes: its connections keep the server, and the client, as busy as they can be, so on a
 * machine whose cores the server fills, its tail measures the scheduler. This measures what a
 * request arriving at a steady rate waits.
 */
import { connect, type Socket } from 'node:net';

export interface PacedOptions {
  /** Requests a second, spread evenly. */
  readonly rate: number;
  readonly seconds: number;
  /** Keep-alive connections requests go out on, each one request at a time. */
  readonly connections: number;
}

export interface PacedResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Answers that were not 200. */
  readonly errors: number;
  /**
   * Requests not answered by the end (the window and a grace after it): an overloaded server's.
   * Each counts in the percentiles with the time it had waited by then, which is less than its own.
   */
  readonly unanswered: number;
}

/** How long answers may take after the last request was due. */
export const GRACE_MS = 5_000;

const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: sends a request, calls back when its whole answer has come. */
class Connection {
  private buffered = Buffer.alloc(0) as Buffer;
  private done: ((status: number) => void) | undefined;
  readonly socket: Socket;

  constructor(host: string, port: number, private readonly request: Buffer, private readonly failed: (e: Error) => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', failed);
    this.socket.on('close', () => {
      if (this.done) failed(new Error('the server closed a connection before it answered'));
    });
  }

  get idle(): boolean {
    return this.done === undefined;
  }

  send(done: (status: number) => void): void {
    this.done = done;
    this.socket.write(this.request);
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headEnd = this.buffered.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.failed(new Error(`an answer without content-length: ${head}`));
    const end = headEnd + HEAD_END.length + Number(length[1]);
    if (this.buffered.length < end) return;
    if (this.buffered.length > end) return this.failed(new Error('an answer came that was not asked for'));
    this.buffered = Buffer.alloc(0) as Buffer;
    const done = this.done!;
    this.done = undefined;
    done(Number(head.slice(9, 12)));
  }
}

export async function paced(url: string, options: PacedOptions): Promise<PacedResult> {
  const target = new URL(url);
  const request = Buffer.from(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n\r\n`, 'latin1');
  // A connection's failure ends the run at once (`fail` is the run's own once it has begun).
  let fail = (_: Error): void => {};
  const connections = Array.from({ length: options.connections }, () => new Connection(target.hostname, Number(target.port), request, (e) => fail(e)));
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total).fill(NaN);
  const interval = 1000 / options.rate;
  let errors = 0;
  let sent = 0;
  let answered = 0;
  const start = performance.now() + 50;
  // The first request that found every connection busy, while requests wait for one: those are
  // timed from when they were due; others from when they went out, so the client's own timer
  // (a millisecond's granularity) does not count as the server's.
  let waitingFrom = Infinity;
  // Connections are taken in turn, so that none idles long enough for the server to close it.
  let next = 0;
  const idleConnection = (): Connection | undefined => {
    for (let k = 0; k < connections.length; k++) {
      const c = connections[(next + k) % connections.length]!;
      if (c.idle) {
        next = (next + k + 1) % connections.length;
        return c;
      }
    }
    return undefined;
  };
  const from = new Float64Array(total).fill(NaN);
  let timer: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      fail = reject;
      const pump = (): void => {
        const now = performance.now();
        while (sent < total && start + sent * interval <= now) {
          const connection = idleConnection();
          if (!connection) {
            waitingFrom = Math.min(waitingFrom, sent);
            return;
          }
          const i = sent++;
          from[i] = i >= waitingFrom ? start + i * interval : now;
          connection.send((status) => {
            latencies[i] = performance.now() - from[i]!;
            if (status !== 200) errors++;
            if (++answered === total) resolve();
            else pump();
          });
        }
        waitingFrom = Infinity;
        clearTimeout(timer);
        if (sent < total) timer = setTimeout(pump, Math.max(0, start + sent * interval - performance.now()));
      };
      timer = setTimeout(pump, 50);
      deadline = setTimeout(resolve, 50 + options.seconds * 1000 + GRACE_MS);
    });
  } finally {
    clearTimeout(timer);
    clearTimeout(deadline);
    for (const c of connections) c.socket.destroy();
  }
  const end = performance.now();
  const unanswered = total - answered;
  if (unanswered > 0) {
    for (let i = 0; i < total; i++) {
      if (Number.isNaN(latencies[i])) latencies[i] = end - (Number.isNaN(from[i]) ? start + i * interval : from[i]!);
    }
  }
  const sorted = latencies.sort();
  const at = (q: number): number => sorted[Math.min(total - 1, Math.floor(q * total))]!;
  return { requestsPerSecond: answered / ((end - start) / 1000), p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted[total - 1]!, errors, unanswered };
}
