/** Messages between the HTTP bench (parent) and its load-generator child (client.ts). */

export interface PlannedRequest {
  readonly method: 'GET' | 'PUT' | 'POST';
  /** Path and query string. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** A binary body (a multipart upload), base64 so that it crosses to the child intact. */
  readonly bodyBase64?: string;
}

/** One autocannon run: connections × duration against `url`, cycling through `requests`. */
export interface ClientRun {
  readonly id: number;
  readonly url: string;
  readonly connections: number;
  /** Seconds. */
  readonly duration: number;
  readonly requests: readonly PlannedRequest[];
}

export interface RunSummary {
  /** Seconds actually run (autocannon's measure). */
  readonly durationS: number;
  /** Responses received. */
  readonly completed: number;
  /** autocannon's mean of its per-second samples. */
  readonly reqPerSecMean: number;
  /** `completed / durationS`. */
  readonly reqPerSecTotal: number;
  /** Every response's time, sub-millisecond precision. */
  readonly latencyMs: { readonly mean: number; readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number };
  /** autocannon's own percentiles (whole milliseconds, 2xx only), for reference. */
  readonly autocannonLatencyMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  /** Responses by status code. */
  readonly statuses: Readonly<Record<string, number>>;
}

export type ClientAnswer =
  | { readonly id: number; readonly summary: RunSummary; readonly error?: undefined }
  | { readonly id: number; readonly error: string; readonly summary?: undefined };
