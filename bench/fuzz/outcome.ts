import { QuarryError } from '../../src/errors/index.js';

/** How one input ended: `ok` (a result), or the 4xx status it was refused with. */
export type Outcome = string;

/** An input that broke a promise: a 500, an error that is not a 4xx QuarryError, a hang, a polluted prototype. */
export class FuzzFailure extends Error {
  override readonly name = 'FuzzFailure';
  constructor(readonly target: string, readonly input: unknown, problem: string) {
    super(`${target}: ${problem}\ninput: ${preview(input)}`);
  }
}

/** The outcome of an error thrown in-process: only a 4xx QuarryError is a refusal. */
export function refusal(target: string, input: unknown, error: unknown): Outcome {
  if (error instanceof QuarryError && error.status >= 400 && error.status < 500) {
    checkShape(target, input, error.status, error.toJSON());
    return String(error.status);
  }
  throw new FuzzFailure(target, input, `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
}

/** Strapi's error member: `{ status, name, message, details }`, the status the one answered. */
export function checkShape(target: string, input: unknown, status: number, error: unknown): void {
  const e = error as { status?: unknown; name?: unknown; message?: unknown; details?: unknown } | null;
  const ok = typeof e === 'object' && e !== null && e.status === status && typeof e.name === 'string' && typeof e.message === 'string'
    && typeof e.details === 'object' && e.details !== null && !Array.isArray(e.details);
  if (!ok) throw new FuzzFailure(target, input, `error body not in Strapi's shape: ${preview(error)}`);
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const ARRAY_PROTOTYPE_NAMES = Object.getOwnPropertyNames(Array.prototype).sort().join(',');

/** Object.prototype and Array.prototype exactly as they were when the process started. */
export function checkPrototypes(target: string, input: unknown): void {
  const probe = {} as Record<string, unknown>;
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_NAMES
    || Object.getOwnPropertyNames(Array.prototype).sort().join(',') !== ARRAY_PROTOTYPE_NAMES
    || probe.polluted !== undefined || Object.keys(probe).length !== 0) {
    throw new FuzzFailure(target, input, 'Object.prototype or Array.prototype changed');
  }
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
}
