import { describe, expect, it } from 'vitest';
import { errorOf, list, TAG, USER } from './fixtures.js';

const fieldsOf = (raw: string, uid?: string) => list(raw, uid).fields;

describe('fields', () => {
  it('selects every field when absent or *', () => {
    for (const raw of ['', 'fields', 'fields=*', 'fields[0]=*', 'fields=name,*']) {
      expect(fieldsOf(raw)).toBe('*');
    }
  });

  it('reads a list of no name (a bare fields[] reads [null]) as id and documentId only, as Strapi 5.54 does', () => {
    expect(fieldsOf('fields[]')).toEqual(['id', 'documentId']);
    expect(fieldsOf('fields[]&fields[]=name')).toEqual(['id', 'documentId', 'name']);
  });

  it('reads a comma list, always adding id and documentId first', () => {
    expect(fieldsOf('fields=name,price')).toEqual(['id', 'documentId', 'name', 'price']);
    expect(fieldsOf('fields= stars ,open')).toEqual(['id', 'documentId', 'stars', 'open']);
  });

  it('refuses an empty name, as Strapi 5.54 does (Invalid key with an empty key)', () => {
    for (const raw of ['fields=', 'fields=,', 'fields=name,', 'fields= stars , ,open', 'fields[0]=', 'fields[0]=name&fields[1]=']) {
      const error = errorOf(() => fieldsOf(raw));
      expect(error.message, raw).toBe('Invalid key ');
      expect(error.details, raw).toMatchObject({ key: '', param: 'fields' });
    }
  });

  it('reads indexed and repeated lists of one name each', () => {
    expect(fieldsOf('fields[0]=name&fields[1]=stars')).toEqual(['id', 'documentId', 'name', 'stars']);
    expect(fieldsOf('fields=name&fields=description')).toEqual(['id', 'documentId', 'name', 'description']);
    expect(errorOf(() => fieldsOf('fields[0]=name&fields[1]=stars,price')).message)
      .toBe('Invalid fields parameter. Expected a string or an array of strings');
  });

  it('removes duplicates, id and documentId included', () => {
    expect(fieldsOf('fields=name,documentId,name,id')).toEqual(['id', 'documentId', 'name']);
    expect(fieldsOf('fields=id')).toEqual(['id', 'documentId']);
  });

  it('accepts the timestamps on every type and locale on localized types', () => {
    expect(fieldsOf('fields=createdAt,updatedAt,publishedAt')).toEqual(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(fieldsOf('fields=locale,code', TAG)).toEqual(['id', 'documentId', 'locale', 'code']);
    expect(errorOf(() => fieldsOf('fields=locale')).message).toBe('Invalid key locale');
  });

  it('refuses relations, unknown, private and password fields with Invalid key', () => {
    const error = errorOf(() => fieldsOf('fields=name,chef'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid key chef');
    expect(error.details).toEqual({ key: 'chef', path: 'fields.chef', source: 'query', param: 'fields' });
    expect(errorOf(() => fieldsOf('fields[0]=nope')).message).toBe('Invalid key nope');
    expect(errorOf(() => fieldsOf('fields=password', USER)).message).toBe('Invalid key password');
    expect(errorOf(() => fieldsOf('fields=username,confirmationToken', USER)).message).toBe('Invalid key confirmationToken');
    expect(errorOf(() => fieldsOf('fields=*,password', USER)).message).toBe('Invalid key password');
  });

  it('refuses values of the wrong shape', () => {
    const message = 'Invalid fields parameter. Expected a string or an array of strings';
    const error = errorOf(() => fieldsOf('fields[name]=1'));
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ path: 'fields', source: 'query', param: 'fields' });
    expect(errorOf(() => fieldsOf('fields[0][name]=1')).message).toBe(message);
  });
});
