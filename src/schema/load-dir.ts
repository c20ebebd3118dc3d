import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SchemaError } from '../errors/index.js';
import type { RawSchema, SchemaSource } from './raw.js';

/**
 * Finds content-type files under `dir`, in either layout:
 * a Strapi project (`src/api/<api>/content-types/<name>/schema.json`, also with `dir` at `src/api`)
 * or one folder per type (`<name>/schema.json`).
 */
export function loadSchemaDir(dir: string): SchemaSource[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new SchemaError(dir, undefined, 'is not a directory of content-type schemas');
  }
  const apiRoot = [join(dir, 'src', 'api'), join(dir, 'api')].find((p) => existsSync(p)) ?? dir;
  const sources: SchemaSource[] = [];
  for (const apiName of readdirSync(apiRoot).sort()) {
    const apiDir = join(apiRoot, apiName);
    if (!statSync(apiDir).isDirectory()) continue;
    const ctDir = join(apiDir, 'content-types');
    if (existsSync(ctDir)) {
      for (const ctName of readdirSync(ctDir).sort()) {
        const file = join(ctDir, ctName, 'schema.json');
        if (existsSync(file)) sources.push(readSchema(file, `api::${apiName}.${ctName}`, dir));
      }
      continue;
    }
    const file = join(apiDir, 'schema.json');
    if (existsSync(file)) sources.push(readSchema(file, `api::${apiName}.${apiName}`, dir));
  }
  if (sources.length === 0) throw new SchemaError(dir, undefined, 'holds no schema.json files');
  return sources;
}

function readSchema(file: string, uid: string, root: string): SchemaSource {
  const shown = relative(root, file) || file;
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SchemaError(shown, undefined, `is not valid JSON (${(e as Error).message})`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new SchemaError(shown, undefined, 'must hold a JSON object');
  }
  return { uid, file: shown, schema: schema as RawSchema };
}
