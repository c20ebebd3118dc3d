import { MethodNotAllowedError } from '../../errors/index.js';
import type { Quarry } from '../../quarry.js';
import type { Exchange, RequestHead } from '../types.js';
import { errorResponse, json, type BaseHeaders } from './responses.js';

export const HEALTH_PATH = '/_quarry/health';
export const HEALTH_ALLOW = 'GET, HEAD, OPTIONS';

/**
 * `GET /_quarry/health`: the Quarry's role, the sequence of the folder's last committed write and
 * its lag behind the writer (`Quarry.health`), for a load balancer to leave out a server that is
 * behind. Outside the API prefix and always public, as a health check is asked without a token.
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
    return { bodyLimit: undefined, respond: () => json(200, this.quarry.health(), base) };
  }
}
