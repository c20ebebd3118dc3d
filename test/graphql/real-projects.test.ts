import {
  getNamedType, isLeafType, isObjectType, isUnionType, type GraphQLObjectType, type GraphQLSchema, type GraphQLUnionType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { expectedShape, fileData, FILE_KINDS, sampleData, type SampleFiles } from '../../fixtures/models/sample-entries.js';
import { enumValueName } from '../../src/graphql/attribute-scalars.js';
import { graphqlSchemaOf } from '../../src/graphql/index.js';
import { componentTypeName, namesOf } from '../../src/graphql/names.js';
import type { SchemaRegistry } from '../../src/schema/registry.js';
import type { Model } from '../../src/schema/types.js';
import { startTestServer, type TestServer } from '../http/support.js';
import { gql } from './support.js';

/**
 * Each real project under ../shared/real-projects over GraphQL: an entry of every content-type
 * with its mutations, every attribute given (components nested to the bottom, every component of
 * every dynamic zone, media, relations), read back whole with a selection of every field.
 */
for (const name of ['launchpad', 'foodadvisor'] as const) {
  describe(`${name} over GraphQL`, () => {
    let server: TestServer;
    let files: SampleFiles;
    /** File documentIds by id: GraphQL shows files by documentId, media values are ids. */
    const fileDocuments = new Map<number, string>();

    beforeAll(async () => {
      server = await startTestServer('node', {}, undefined, realProject(name));
      const made: Record<string, number[]> = {};
      for (const kind of Object.keys(FILE_KINDS) as (keyof SampleFiles)[]) {
        made[kind] = [];
        for (let i = 0; i < 3; i++) {
          const file = (await server.quarry.documents('plugin::upload.file').create({ data: fileData(kind, i) })) as { id: number; documentId: string };
          made[kind].push(file.id);
          fileDocuments.set(file.id, file.documentId);
        }
      }
      files = made as unknown as SampleFiles;
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('writes an entry of every content-type with its mutations and reads every field of it back', async () => {
      const registry = server.quarry.registry;
      const schema = graphqlSchemaOf(server.quarry);
      const types = registry.types.filter((t) => t.uid.startsWith('api::'));
      const documents = new Map<string, string[]>();
      let n = 0;
      // Twice: the second round's relations point at the first round's entries.
      for (const withRelations of [false, true]) {
        for (const ct of types) {
          const data = sampleData({ registry, files, documents, n: n++ }, ct, withRelations);
          const names = namesOf(ct);
          const selection = selectionOf(schema, schema.getType(names.type) as GraphQLObjectType);
          const mutation = ct.kind === 'singleType'
            ? `mutation ($data: ${names.input}!) { ${names.update}(data: $data) ${selection} }`
            : `mutation ($data: ${names.input}!) { ${names.create}(data: $data) ${selection} }`;
          const answer = await gql(server.base, mutation, { data: inputOf(registry, ct, data) });
          expect(answer.body.errors, `${ct.uid}: ${JSON.stringify(answer.body.errors)}`).toBeUndefined();
          const entry = unaliased(answer.body.data[ct.kind === 'singleType' ? names.update : names.create]) as Record<string, unknown>;
          expect(entry, ct.uid).toMatchObject(shownAs(registry, ct, expectedShape(registry, ct, data), fileDocuments));
          if (!withRelations) documents.set(ct.uid, [entry.documentId as string]);
          const read = ct.kind === 'singleType'
            ? await gql(server.base, `{ ${names.single} ${selection} }`)
            : await gql(server.base, `query ($id: ID!) { ${names.single}(documentId: $id) ${selection} }`, { id: entry.documentId });
          expect(read.body.errors, ct.uid).toBeUndefined();
          expect(unaliased(read.body.data[names.single]), ct.uid).toEqual(entry);
        }
      }
    });
  });
}

/**
 * Every field of an object type: leaves; components and dynamic zones whole, members by fragment;
 * entries and files by documentId (their own fields are other entries' to show).
 */
function selectionOf(schema: GraphQLSchema, type: GraphQLObjectType | GraphQLUnionType, member = ''): string {
  if (isUnionType(type)) {
    return `{ __typename ${schema.getPossibleTypes(type).filter((m) => m.name !== 'Error').map((m) => `... on ${m.name} ${selectionOf(schema, m, m.name)}`).join(' ')} }`;
  }
  const fields: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const named = getNamedType(field.type);
    // Members of a union may share a field name with different types: each member's fields get their own keys.
    const key = member === '' ? field.name : `${field.name}${MEMBER}${member}: ${field.name}`;
    if (field.name.endsWith('_connection')) continue;
    if (isLeafType(named)) fields.push(key);
    else if (isUnionType(named) || named.name.startsWith('Component')) fields.push(`${key} ${selectionOf(schema, named as GraphQLObjectType)}`);
    else if (isObjectType(named) && 'documentId' in named.getFields()) fields.push(`${key} { documentId }`);
  }
  return `{ ${fields.join(' ')} }`;
}

const MEMBER = '__of__';

/** An answer with the keys `selectionOf` gave union members' fields back to their fields' names. */
function unaliased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unaliased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.split(MEMBER)[0], unaliased(v)]));
}

/**
 * Data as GraphQL input takes it: enumeration values of typed fields by their GraphQL names; a
 * dynamic zone's items name their component by type name, and being JSON keep stored values.
 */
function inputOf(registry: SchemaRegistry, model: Model, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const attr = model.attributes.get(key);
    if (attr?.kind === 'scalar' && attr.type === 'enumeration' && typeof value === 'string') out[key] = enumValueName(value);
    else if (attr?.kind === 'component') {
      const component = registry.component(attr.component);
      out[key] = Array.isArray(value) ? value.map((v) => inputOf(registry, component, v)) : inputOf(registry, component, value as Record<string, unknown>);
    } else if (attr?.kind === 'dynamiczone') {
      out[key] = (value as Record<string, unknown>[]).map(({ __component, ...fields }) => ({ __typename: componentTypeName(registry.component(__component as string)), ...fields }));
    } else out[key] = value;
  }
  return out;
}

/**
 * What REST's expected shape (sample-entries.ts) looks like over GraphQL: enumeration values by
 * their GraphQL names, dynamic-zone items by `__typename`, files by documentId.
 */
function shownAs(registry: SchemaRegistry, model: Model, shape: Readonly<Record<string, unknown>>, fileDocuments: ReadonlyMap<number, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const file = (v: { id: number }) => ({ documentId: fileDocuments.get(v.id) });
  for (const [key, value] of Object.entries(shape)) {
    const attr = model.attributes.get(key);
    if (attr?.kind === 'scalar' && attr.type === 'enumeration' && typeof value === 'string') out[key] = enumValueName(value);
    else if (attr?.kind === 'component') {
      const component = registry.component(attr.component);
      const one = (v: unknown) => shownAs(registry, component, v as Record<string, unknown>, fileDocuments);
      out[key] = Array.isArray(value) ? value.map(one) : one(value);
    } else if (attr?.kind === 'dynamiczone') {
      out[key] = (value as Record<string, unknown>[]).map(({ __component, ...fields }) => {
        const component = registry.component(__component as string);
        return { __typename: componentTypeName(component), ...shownAs(registry, component, fields, fileDocuments) };
      });
    } else if (attr?.kind === 'relation' && attr.media) out[key] = Array.isArray(value) ? value.map(file) : file(value as { id: number });
    else out[key] = value;
  }
  return out;
}
