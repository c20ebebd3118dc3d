import { MethodNotAllowedError, ValidationError } from '../../errors/index.js';
import type { Quarry, QuarryHealth } from '../../quarry.js';
import type { Exchange, RequestHead } from '../types.js';
import { errorResponse, json, type BaseHeaders } from './responses.js';

export const HEALTH_PATH = '/_quarry/health';
export const HEALTH_ALLOW = 'GET, HEAD, OPTIONS';

/**
 * `GET /_quarry/health`: the Quarry's role, the sequence of the folder's last committed write (a
 * replica: the writer's last it applied) and its lag behind the writer (`Quarry.health`), for a
 * load balancer to leave out a server that is behind: with `?maxLag=<ms>`, such a replica
 * answers 503. Outside the API prefix and always public, as a health check is asked without a token.
 */
export class HealthRoute {
  constructor(private readonly quarry: Quarry) {}

  matches(path: string): boolean {
    return path === HEALTH_PATH || path === `${HEALTH_PATH}/`;
  }

  open(head: RequestHead, base: BaseHeaders): Exchange {
    if (head.method !== 'GET' && head.method !== 'HEAD') {
      const refused = errorResponse(new MethodNotAllowedError(), base, { allow: HEALTH_ALLOW });
      return { bodyLimit: undefined, respond: () => refused };
    }
    let maxLag: number | undefined;
    try {
      maxLag = maxLagOf(head.rawQuery);
    } catch (e) {
      const refused = errorResponse(e as ValidationError, base);
      return { bodyLimit: undefined, respond: () => refused };
    }
    return {
      bodyLimit: undefined,
      respond: () => {
        const health = this.quarry.health();
        return json(maxLag !== undefined && !current(health, maxLag) ? 503 : 200, health, base);
      },
    };
  }
}

/** A writer is current; a replica while it follows, with no more lag than `maxLag` ms. */
function current(health: QuarryHealth, maxLag: number): boolean {
  return health.role === 'writer' || (health.connected && health.lag !== null && health.lag <= maxLag);
}

/** `?maxLag=<ms>`: a replica further behind (or not following) answers 503, which load balancers leave out. */
function maxLagOf(rawQuery: string): number | undefined {
  const text = new URLSearchParams(rawQuery).get('maxLag');
  if (text === null) return undefined;
  if (!/^\d+$/.test(text)) throw ValidationError.at('maxLag', 'maxLag must be a whole number of milliseconds', { param: 'maxLag' });
  return Number(text);
}
