import { ValidationError } from '../../errors/index.js';
import { parameterLimitMessage } from './limits.js';

/** Receives one decoded pair; `value` is `null` when the pair had no `=`. */
export type PairSink = (key: string, value: string | null) => void;

/**
 * Splits `a=1&b&c=` into decoded pairs by the rules of qs, which Strapi reads query strings
 * with: `%5B` / `%5D` become brackets in the whole string first; a pair is
 * cut at its first `]=` when it has one (so `a=b]=c` is the key `a=b]`), else at its first `=`;
 * `+` is a space, then percent-decoding, and a component with a malformed escape is kept
 * literally (`100%` stays `100%`). A pair whose key is empty (`&&`, `=x`) names nothing and is
 * not counted. fast-querystring splits the same way but answers `''` for both `b` and `c=`,
 * losing the `null` that Strapi's `strictNullHandling` gives `filters[x][$null]`.
 * Native `indexOf` does the scanning; the next `=` and `]=` are remembered so that pairs without
 * one do not rescan the rest of the string each time.
 */
export function splitQueryString(raw: string, maxParameters: number, sink: PairSink): void {
  const text = raw.includes('%5') ? raw.replace(/%5B/gi, '[').replace(/%5D/gi, ']') : raw;
  const length = text.length;
  let nextEquals = text.indexOf('=');
  let nextBracketEquals = text.indexOf(']=');
  let count = 0;
  let start = 0;
  while (start <= length) {
    let end = text.indexOf('&', start);
    if (end === -1) end = length;
    if (nextEquals !== -1 && nextEquals < start) nextEquals = text.indexOf('=', start);
    if (nextBracketEquals !== -1 && nextBracketEquals < start) nextBracketEquals = text.indexOf(']=', start);
    const equals = nextBracketEquals !== -1 && nextBracketEquals < end - 1
      ? nextBracketEquals + 1
      : nextEquals !== -1 && nextEquals < end ? nextEquals : -1;
    const keyEnd = equals === -1 ? end : equals;
    if (keyEnd > start) {
      if (++count > maxParameters) throw new ValidationError(parameterLimitMessage(maxParameters), { source: 'query' });
      sink(decode(text.slice(start, keyEnd)), equals === -1 ? null : decode(text.slice(equals + 1, end)));
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
