import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SchemaError } from '../errors/index.js';
import type { ProjectSources, RawSchema, SchemaSource } from './raw.js';

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();
const subdirs = (p: string) => (isDir(p) ? readdirSync(p).sort().filter((n) => isDir(join(p, n))) : []);

/**
 * Finds the schema files under `dir`, in either layout: a Strapi app (its root or its `src/`:
 * `api/<api>/content-types/<name>/schema.json`, `components/<category>/<name>.json`,
 * `extensions/<plugin>/content-types/<name>/schema.json`), `dir` at `src/api`, or one folder
 * per type (`<name>/schema.json`).
 */
export function loadProject(dir: string): ProjectSources {
  if (!isDir(dir)) throw new SchemaError(dir, undefined, 'is not a directory of content-type schemas');
  const src = [join(dir, 'src'), dir].find((p) => isDir(join(p, 'api')) || isDir(join(p, 'components')));
  const apiRoot = src ? join(src, 'api') : dir;
  const types: SchemaSource[] = [];
  for (const api of subdirs(apiRoot)) {
    const ctDir = join(apiRoot, api, 'content-types');
    if (isDir(ctDir)) {
      for (const name of subdirs(ctDir)) {
        const file = join(ctDir, name, 'schema.json');
        if (existsSync(file)) types.push(readSchema(file, `api::${api}.${name}`, dir));
      }
      continue;
    }
    const file = join(apiRoot, api, 'schema.json');
    if (existsSync(file)) types.push(readSchema(file, `api::${api}.${api}`, dir));
  }
  const components: SchemaSource[] = [];
  if (src) {
    const extRoot = join(src, 'extensions');
    for (const plugin of subdirs(extRoot)) {
      const ctDir = join(extRoot, plugin, 'content-types');
      for (const name of subdirs(ctDir)) {
        const file = join(ctDir, name, 'schema.json');
        if (existsSync(file)) types.push(readSchema(file, `plugin::${plugin}.${name}`, dir));
      }
    }
    const compRoot = join(src, 'components');
    for (const category of subdirs(compRoot)) {
      for (const entry of readdirSync(join(compRoot, category)).sort()) {
        if (entry.endsWith('.json')) components.push(readSchema(join(compRoot, category, entry), `${category}.${entry.slice(0, -5)}`, dir));
      }
    }
  }
  if (types.length === 0) throw new SchemaError(dir, undefined, 'holds no schema.json files');
  return { types, components };
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
