import { expect } from 'vitest';
import { QuarryError } from '../../../src/errors/index.js';
import { type ListParams, type ListParamsSettings, parseListParams } from '../../../src/query/params/index.js';
import { readQueryString } from '../../../src/query/querystring/index.js';
import { SchemaRegistry } from '../../../src/schema/registry.js';
import type { ContentType } from '../../../src/schema/types.js';

export const registry = SchemaRegistry.fromDir('data/schemas');

export const RESTAURANT = 'api::restaurant.restaurant';
export const CHEF = 'api::chef.chef';
export const ARTICLE = 'api::article.article';
export const CATEGORY = 'api::category.category';
export const TAG = 'api::tag.tag';
export const USER = 'plugin::users-permissions.user';

/** A type with a private relation and a private scalar, which the demo schemas lack. */
export const privateRegistry = SchemaRegistry.fromSources([
  {
    uid: 'api::shop.shop',
    file: 'shop.json',
    schema: {
      info: { singularName: 'shop', pluralName: 'shops' },
      attributes: {
        name: { type: 'string' },
        secret: { type: 'string', private: true },
        owner: { type: 'relation', relation: 'manyToOne', target: 'api::shop.shop', private: true },
        parent: { type: 'relation', relation: 'manyToOne', target: 'api::shop.shop' },
      },
    },
  },
]);

export function type(uid: string, from: SchemaRegistry = registry): ContentType {
  return from.require(uid);
}

/** Parses a raw query string for a list of `uid`, as the REST layer will. */
export function list(raw: string, uid = RESTAURANT, settings?: Partial<ListParamsSettings>): ListParams {
  return parseListParams(registry, type(uid), readQueryString(raw), settings);
}

export function errorOf(run: () => unknown): QuarryError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QuarryError);
    return error as QuarryError;
  }
  throw new Error('expected a QuarryError');
}

/** Drops prototypes so results compare with plain literals. */
export const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
