import qs from 'qs';
import { call } from '../../../http/support.js';
import type { ReadParams } from '../../read-params.js';
import { Refused, type DoorContext, type ReadAnswer, type ReadDoor } from './door.js';

/**
 * A read as a Strapi client sends it: qs's bracket syntax with values percent-encoded and keys as
 * they are (Strapi's docs build URLs so), `null` as a key without `=` (Strapi parses with
 * `strictNullHandling`).
 */
export const restQuery = (params: ReadParams): string => qs.stringify(params, { encodeValuesOnly: true, strictNullHandling: true });

/** What no query string can state: qs writes nothing for an empty list, so `$in: []` would vanish. */
export function cannotQueryString(params: ReadParams): string | undefined {
  const holdsEmptyList = (value: unknown): boolean =>
    Array.isArray(value) ? value.length === 0 || value.some(holdsEmptyList)
      : typeof value === 'object' && value !== null && Object.values(value).some(holdsEmptyList);
  return holdsEmptyList(params) ? 'an empty list: a query string has no way to write one' : undefined;
}

/** `GET /api/<plural>?…` over real HTTP. */
export function restDoor(ctx: DoorContext): ReadDoor {
  return {
    name: 'REST over HTTP',
    omits: [],
    cannot: (_type, params) => cannotQueryString(params),
    async read(type, params): Promise<ReadAnswer> {
      const r = await call(ctx.base, 'GET', `/api/${type}?${restQuery(params)}`);
      const error = r.body?.error;
      if (r.status !== 200 && error?.status === r.status) throw new Refused({ status: r.status, name: error.name, message: error.message, path: error.details?.path });
      if (r.status !== 200) throw new Error(`REST answered ${r.status}: ${r.text}`);
      return { entries: r.body.data, pagination: r.body.meta.pagination };
    },
  };
}
