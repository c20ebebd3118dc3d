import { describe, expect, it } from 'vitest';
import { errorOf, list, TAG, USER } from './fixtures.js';

const fieldsOf = (raw: string, uid?: string) => list(raw, uid).fields;

describe('fields', () => {
  it('selects every field when absent, empty or *', () => {
    for (const raw of ['', 'fields', 'fields=', 'fields[]', 'fields=*', 'fields[0]=*', 'fields=,', 'fields=name,*']) {
      expect(fieldsOf(raw)).toBe('*');
    }
  });

  it('reads a comma list, always adding id and documentId first', () => {
    expect(fieldsOf('fields=name,price')).toEqual(['id', 'documentId', 'name', 'price']);
    expect(fieldsOf('fields= stars , ,open')).toEqual(['id', 'documentId', 'stars', 'open']);
  });

  it('reads indexed and repeated lists, each item possibly a comma list', () => {
    expect(fieldsOf('fields[0]=name&fields[1]=stars,price')).toEqual(['id', 'documentId', 'name', 'stars', 'price']);
    expect(fieldsOf('fields=name&fields=description')).toEqual(['id', 'documentId', 'name', 'description']);
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
