/**
 * Reads the example commands of README.md and of `npm start`'s output as a shell and curl would,
 * so that a test can send exactly the bytes they send: `curl -g` puts what is typed into the
 * request line, non-ASCII included, which fetch would have percent-encoded.
 */

/** The commands of the first fenced bash block after `heading`, continuation lines joined, comments dropped. */
export function bashBlockAfter(markdown: string, heading: string): string[] {
  const at = markdown.indexOf(`\n${heading}\n`);
  if (at === -1) throw new Error(`README.md has no heading "${heading}"`);
  const open = markdown.indexOf('```bash\n', at);
  const close = markdown.indexOf('\n```', open + 8);
  if (open === -1 || close === -1) throw new Error(`no bash block after "${heading}"`);
  const text = markdown.slice(open + 8, close).replace(/\\\n\s*/g, '');
  return text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

/** One command line as the words a POSIX shell hands the program: quotes removed, `$NAME` and `\$` expanded. */
export function shellWords(line: string, vars: Readonly<Record<string, string>>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const add = (text: string) => {
    word = (word ?? '') + text;
  };
  const variable = (from: number): [string, number] => {
    const name = /^[A-Za-z_][A-Za-z0-9_]*|^[0-9]/.exec(line.slice(from))?.[0];
    if (name === undefined) return ['$', from];
    if (!Object.hasOwn(vars, name)) throw new Error(`$${name} is not set (in: ${line})`);
    return [vars[name]!, from + name.length];
  };
  for (let i = 0; i < line.length;) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unterminated ' in: ${line}`);
      add(line.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      add('');
      for (i++; line[i] !== '"'; ) {
        if (i >= line.length) throw new Error(`unterminated " in: ${line}`);
        if (line[i] === '\\' && '$"\\`'.includes(line[i + 1]!)) {
          add(line[i + 1]!);
          i += 2;
        } else if (line[i] === '$') {
          const [value, next] = variable(i + 1);
          add(value);
          i = next;
        } else add(line[i++]!);
      }
      i++;
    } else if (c === '$') {
      const [value, next] = variable(i + 1);
      add(value);
      i = next;
    } else if (c === '\\') {
      add(line[i + 1] ?? '');
      i += 2;
    } else add(line[i++]!);
  }
  if (word !== undefined) words.push(word);
  return words;
}

export interface CurlRequest {
  readonly method: string;
  /** The URL as curl was given it, query string added by -G included. */
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string | undefined;
}

/** curl's --data-urlencode: everything but unreserved characters as %XX of its UTF-8 bytes. */
function urlencode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The request a curl command line makes; an option this reader does not know is an error, not a guess. */
export function curlRequest(words: readonly string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  let method: string | undefined;
  let url: string | undefined;
  let get = false;
  const headers: [string, string][] = [];
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const value = () => {
      const v = words[++i];
      if (v === undefined) throw new Error(`${w} without its value`);
      return v;
    };
    if (w === '-g' || w === '-s') continue;
    if (w === '-G') get = true;
    else if (w === '-X') method = value();
    else if (w === '-H') {
      const h = value();
      const colon = h.indexOf(':');
      headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
    } else if (w === '-d') data.push(value());
    else if (w === '--data-urlencode') {
      const v = value();
      const eq = v.indexOf('=');
      data.push(eq === -1 ? urlencode(v) : `${v.slice(0, eq)}=${urlencode(v.slice(eq + 1))}`);
    } else if (w.startsWith('-')) throw new Error(`curl option ${w} is not read by this test: teach curl-lines.ts what it does`);
    else if (url === undefined) url = w;
    else throw new Error(`a second URL: ${w}`);
  }
  if (url === undefined) throw new Error(`no URL in: ${words.join(' ')}`);
  if (get && data.length > 0) {
    return { method: method ?? 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${data.join('&')}`, headers, body: undefined };
  }
  const body = data.length > 0 ? data.join('&') : undefined;
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}

/** The bytes curl sends for a request: the target as typed, UTF-8, and the connection closed after the answer. */
export function rawRequest(request: CurlRequest): Buffer {
  const target = request.url.replace(/^https?:\/\/[^/]+/, '');
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const lines = [`${request.method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...request.headers.map(([n, v]) => `${n}: ${v}`)];
  if (body !== undefined) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body ?? Buffer.alloc(0)]);
}
