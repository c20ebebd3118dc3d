import { ValidationError } from '../../errors/index.js';
import { parameterLimitMessage } from './limits.js';

/** Receives one decoded pair; `value` is `null` when the pair had no `=`. */
export type PairSink = (key: string, value: string | null) => void;

/**
 * Splits `a=1&b&c=` into decoded pairs.
 *
 * fast-querystring does the same split but answers `''` for both `b` and `c=`, which loses the
 * `null` that Strapi's `strictNullHandling` gives `filters[x][$null]`; so the split is ours, with
 * the same decoding rules as qs and fast-querystring: `+` is a space, then percent-decoding, and
 * a component with a malformed escape is kept literally (`100%` stays `100%`), never a 500.
 * Native `indexOf` does the scanning; the next `=` is remembered so that pairs without one
 * (`a&b&c…`) do not rescan the rest of the string each time.
 */
export function splitQueryString(raw: string, maxParameters: number, sink: PairSink): void {
  const length = raw.length;
  let nextEquals = raw.indexOf('=');
  let count = 0;
  let start = 0;
  while (start <= length) {
    let end = raw.indexOf('&', start);
    if (end === -1) end = length;
    if (nextEquals !== -1 && nextEquals < start) nextEquals = raw.indexOf('=', start);
    const equals = nextEquals !== -1 && nextEquals < end ? nextEquals : -1;
    const keyEnd = equals === -1 ? end : equals;
    // `&&` and `=x` name nothing; qs drops them too.
    if (keyEnd > start) {
      if (++count > maxParameters) throw new ValidationError(parameterLimitMessage(maxParameters), { source: 'query' });
      sink(decode(raw.slice(start, keyEnd)), equals === -1 ? null : decode(raw.slice(equals + 1, end)));
    }
    start = end + 1;
  }
}

function decode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
