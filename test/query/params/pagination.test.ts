import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS_SETTINGS } from '../../../src/query/params/index.js';
import { errorOf, list } from './fixtures.js';

const pageOf = (raw: string, settings?: Parameters<typeof list>[2]) => list(raw, undefined, settings).pagination;

describe('pagination', () => {
  it('defaults to the first page of 25, counted', () => {
    expect(DEFAULT_LIST_PARAMS_SETTINGS).toMatchObject({ defaultPageSize: 25, maxPageSize: 100, withCount: true });
    const expected = { mode: 'page', page: 1, pageSize: 25, start: 0, limit: 25, withCount: true };
    expect(pageOf('')).toEqual(expected);
    expect(pageOf('pagination')).toEqual(expected);
    expect(pageOf('pagination[page]')).toEqual(expected);
  });

  it('reads page and pageSize', () => {
    expect(pageOf('pagination[page]=3&pagination[pageSize]=10')).toEqual({
      mode: 'page', page: 3, pageSize: 10, start: 20, limit: 10, withCount: true,
    });
    expect(pageOf('pagination[page]=2')).toMatchObject({ page: 2, pageSize: 25, start: 25 });
    expect(pageOf('pagination[pageSize]=5')).toMatchObject({ mode: 'page', page: 1, pageSize: 5, start: 0 });
  });

  it('reads start and limit, reporting the page they fall on', () => {
    expect(pageOf('pagination[start]=20&pagination[limit]=10')).toEqual({
      mode: 'offset', page: 3, pageSize: 10, start: 20, limit: 10, withCount: true,
    });
    expect(pageOf('pagination[start]=5')).toMatchObject({ mode: 'offset', start: 5, limit: 25 });
    expect(pageOf('pagination[limit]=7')).toMatchObject({ mode: 'offset', start: 0, limit: 7 });
  });

  it('caps sizes above the maximum silently, and reports the size applied', () => {
    expect(pageOf('pagination[pageSize]=101')).toMatchObject({ pageSize: 100, limit: 100 });
    expect(pageOf('pagination[pageSize]=100')).toMatchObject({ pageSize: 100 });
    expect(pageOf('pagination[limit]=5000')).toMatchObject({ limit: 100 });
    expect(pageOf('pagination[page]=2&pagination[pageSize]=500')).toMatchObject({ start: 100, pageSize: 100 });
  });

  it('clamps low values as Strapi does', () => {
    expect(pageOf('pagination[pageSize]=0')).toMatchObject({ pageSize: 1 });
    expect(pageOf('pagination[pageSize]=-5')).toMatchObject({ pageSize: 1 });
    expect(pageOf('pagination[page]=0')).toMatchObject({ page: 1, start: 0 });
    expect(pageOf('pagination[page]=-2')).toMatchObject({ page: 1, start: 0 });
    expect(pageOf('pagination[start]=-3')).toMatchObject({ start: 0 });
    expect(pageOf('pagination[limit]=0')).toMatchObject({ limit: 1 });
    expect(pageOf('pagination[limit]=-7')).toMatchObject({ limit: 1 });
  });

  it('reads limit=-1 as the maximum', () => {
    expect(pageOf('pagination[limit]=-1')).toMatchObject({ mode: 'offset', limit: 100 });
  });

  it('takes other defaults and maximum from settings', () => {
    const settings = { defaultPageSize: 10, maxPageSize: 50, withCount: false };
    expect(pageOf('', settings)).toEqual({ mode: 'page', page: 1, pageSize: 10, start: 0, limit: 10, withCount: false });
    expect(pageOf('pagination[pageSize]=60', settings)).toMatchObject({ pageSize: 50 });
  });

  it('refuses page and offset pagination together', () => {
    const error = errorOf(() => pageOf('pagination[page]=1&pagination[limit]=10'));
    expect(error.status).toBe(400);
    expect(error.name).toBe('PaginationError');
    expect(error.message).toBe('Cannot use both page & offset pagination in the same query');
    expect(errorOf(() => pageOf('pagination[pageSize]=1&pagination[start]=0')).name).toBe('PaginationError');
  });

  it('refuses anything but an integer', () => {
    for (const [raw, received] of [
      ['pagination[page]=abc', 'abc'],
      ['pagination[page]=1.5', '1.5'],
      ['pagination[pageSize]=', ''],
      ['pagination[start]=1e3', '1e3'],
      ['pagination[limit]=0x10', '0x10'],
      ['pagination[page]=99999999999999999', '99999999999999999'],
      ['pagination[page][]=1&pagination[page][]=2', '1,2'],
      ['pagination[page][a]=1', '{"a":"1"}'],
    ] as const) {
      const error = errorOf(() => pageOf(raw));
      expect(error.status).toBe(400);
      expect(error.name).toBe('PaginationError');
      expect(error.message).toMatch(/^Invalid '(page|pageSize|start|limit)' parameter\. Expected an integer, received: /);
      expect(error.message.endsWith(`received: ${received}`)).toBe(true);
      expect(error.details).toMatchObject({ source: 'query', param: 'pagination' });
    }
    expect(pageOf('pagination[page]= 2 ')).toMatchObject({ page: 2 });
  });

  it('refuses a page that starts past the largest offset', () => {
    const error = errorOf(() => pageOf('pagination[page]=9000000000000000&pagination[pageSize]=100'));
    expect(error.name).toBe('PaginationError');
    expect(error.message).toBe("Invalid 'page' parameter. Page 9000000000000000 starts past the largest offset");
  });

  it('reads withCount truthiness as Strapi does', () => {
    for (const yes of ['true', 't', '1']) expect(pageOf(`pagination[withCount]=${yes}`).withCount).toBe(true);
    for (const no of ['false', 'f', '0']) expect(pageOf(`pagination[withCount]=${no}`).withCount).toBe(false);
    expect(pageOf('pagination[withCount]=false&pagination[page]=2')).toMatchObject({ page: 2, withCount: false });
  });

  it('refuses any other withCount with Strapi message', () => {
    for (const raw of ['pagination[withCount]=yes', 'pagination[withCount]=', 'pagination[withCount]', 'pagination[withCount]=TRUE']) {
      const error = errorOf(() => pageOf(raw));
      expect(error.status).toBe(400);
      expect(error.name).toBe('ValidationError');
      expect(error.message).toBe('Invalid withCount parameter. Expected "t","1","true","false","0","f"');
      expect(error.details).toEqual({ path: 'pagination.withCount', source: 'query', param: 'pagination' });
    }
  });

  it('refuses unknown pagination keys and a pagination that is not an object', () => {
    const error = errorOf(() => pageOf('pagination[pagesize]=10'));
    expect(error.message).toBe('Invalid key pagesize');
    expect(error.details).toEqual({ key: 'pagesize', path: 'pagination.pagesize', source: 'query', param: 'pagination' });
    const shape = errorOf(() => pageOf('pagination=5'));
    expect(shape.name).toBe('PaginationError');
    expect(shape.message).toBe('Invalid pagination parameter. Expected an object');
  });
});
