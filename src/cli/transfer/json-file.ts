import type { ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Encoder } from './files.js';

/**
 * JSON exports are one JSON document laid out one record per line:
 *
 *   {"format":"quarry-export",...,"records":[
 *   {...record...},
 *   {...record...}
 *   ]}
 *
 * so any JSON tool reads the whole file, and Quarry streams it line by line. JSON.stringify
 * never writes a raw newline inside a value, which keeps each record on its own line.
 */
const OPEN = '"records":[';
const CLOSE = ']}';

export class JsonWriter implements Encoder {
  readonly trailer = `\n${CLOSE}\n`;
  private count = 0;

  encode(value: unknown): string {
    const text = JSON.stringify(value);
    const n = this.count++;
    if (n === 0) return `${text.slice(0, -1)},${OPEN}\n`;
    return n === 1 ? text : `,\n${text}`;
  }
}

/** A JSON export's values, a line's at a time (a whole document's at once when it is not laid out by line). */
export async function* jsonReader(path: string, stream: ReadStream): AsyncGenerator<readonly unknown[]> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (lineNo === 1 && !line.endsWith(OPEN)) {
      // Not laid out by Quarry (say, pretty-printed by hand): read it whole instead.
      lines.close();
      stream.destroy();
      yield* await wholeDocument(path);
      return;
    }
    if (lineNo === 1) yield [parse(`${line}${CLOSE}`, path, lineNo)];
    else if (line === CLOSE) return;
    else if (line.trim() !== '') yield [parse(line.endsWith(',') ? line.slice(0, -1) : line, path, lineNo)];
  }
}

/** A document read whole: its header, then its records as they are (not copied behind it). */
async function wholeDocument(path: string): Promise<readonly (readonly unknown[])[]> {
  const doc = parse(await readFile(path, 'utf8'), path);
  if (typeof doc !== 'object' || doc === null || !Array.isArray((doc as { records?: unknown }).records)) {
    throw new Error(`${path}: not a Quarry export (expected an object with a "records" list)`);
  }
  const { records, ...header } = doc as { records: unknown[] };
  return [[header], records];
}

function parse(text: string, path: string, lineNo?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const where = lineNo === undefined ? path : `${path} line ${lineNo}`;
    throw new Error(`${where}: not valid JSON (${(e as Error).message})`);
  }
}
