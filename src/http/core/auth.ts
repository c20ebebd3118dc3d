import { ForbiddenError, UnauthorizedError, type QuarryError } from '../../errors/index.js';
import type { AccessSettings } from '../settings.js';

/** What a request does: GET and HEAD (and GraphQL queries) read; everything else (and mutations) writes. */
export type AccessKind = 'read' | 'write';

/** The part of the token store access control needs: which token, if any, a text stands for. */
export interface TokenVerifier {
  verify(token: string): { readonly type: 'read-only' | 'full-access' } | undefined;
}

/**
 * Strapi's content-API rules for API tokens, for every interface (REST routes, GraphQL):
 * - a bearer token that is not a live token is a 401, even where no token is needed (a wrong
 *   token must fail loudly);
 * - no token where the setting asks for one is Strapi's answer for the public role without the
 *   permission: 403 Forbidden;
 * - a read-only token may read and nothing else: 403 on a write.
 * Each 403 says in `details.reason` which of its cases it is.
 */
export class AccessControl {
  constructor(private readonly settings: AccessSettings, private readonly tokens: TokenVerifier | undefined) {}

  /** Undefined when the request may go on; otherwise the error to answer it with. */
  check(headers: Readonly<Record<string, string>>, kind: AccessKind): QuarryError | undefined {
    const { authorization } = headers;
    const token = bearerToken(authorization);
    if (token === undefined) {
      const needed = kind === 'read' ? this.settings.reads : this.settings.writes;
      if (needed === 'public') return undefined;
      return authorization === undefined ? forbidden('no-token', kind) : forbidden('not-bearer', kind);
    }
    const found = this.tokens?.verify(token);
    if (found === undefined) return new UnauthorizedError();
    return kind === 'write' && found.type === 'read-only' ? forbidden('read-only-token', kind) : undefined;
  }
}

/** Why a request is forbidden: Strapi's 403 says only "Forbidden", so `details` names the case. */
export type ForbiddenReason = 'no-token' | 'not-bearer' | 'read-only-token';

function forbidden(reason: ForbiddenReason, kind: AccessKind): ForbiddenError {
  const wanted = kind === 'write' ? 'a full-access API token' : 'an API token';
  const explanation = {
    'no-token': `${kind === 'write' ? 'Writing' : 'Reading'} needs ${wanted}, sent as "Authorization: Bearer <token>"; the request has no Authorization header`,
    'not-bearer': `${kind === 'write' ? 'Writing' : 'Reading'} needs ${wanted}, sent as "Authorization: Bearer <token>"; the Authorization header is not in that form, so it carries no token`,
    'read-only-token': 'The token is read-only: writing needs a full-access API token',
  }[reason];
  return new ForbiddenError(undefined, { reason, explanation });
}

/**
 * The token of `Authorization: Bearer <token>`, read as Strapi's `getBearerToken` does: the
 * scheme in any case and exactly one value after it. Other schemes (Basic) carry no token.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const parts = authorization.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'bearer') return undefined;
  return parts[1];
}
