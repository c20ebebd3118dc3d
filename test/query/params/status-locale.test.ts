import { describe, expect, it } from 'vitest';
import { ARTICLE, CHEF, errorOf, list, TAG } from './fixtures.js';

describe('status', () => {
  it('is published unless draft is asked for', () => {
    expect(list('', ARTICLE).status).toBe('published');
    expect(list('status', ARTICLE).status).toBe('published');
    expect(list('status=published', ARTICLE).status).toBe('published');
    expect(list('status=draft', ARTICLE).status).toBe('draft');
  });

  it('is kept on types without draft & publish, for the populated types that have it', () => {
    expect(list('status=draft&populate=articles').status).toBe('draft');
    expect(list('status=draft', CHEF).status).toBe('draft');
  });

  it('refuses any other value, on every type', () => {
    for (const [raw, uid] of [['status=Draft', ARTICLE], ['status=', ARTICLE], ['status=archived', CHEF], ['status[0]=draft', ARTICLE]] as const) {
      const error = errorOf(() => list(raw, uid));
      expect(error.status).toBe(400);
      expect(error.name).toBe('ValidationError');
      expect(error.message).toBe('Invalid status parameter. Expected "draft" or "published"');
      expect(error.details).toEqual({ path: 'status', source: 'query', param: 'status' });
    }
  });
});

describe('locale', () => {
  it('is the default locale when absent or empty', () => {
    expect(list('', TAG).locale).toEqual({ kind: 'default' });
    expect(list('locale', TAG).locale).toEqual({ kind: 'default' });
    expect(list('locale=', TAG).locale).toEqual({ kind: 'default' });
  });

  it('reads a code and * for all locales', () => {
    expect(list('locale=fr', TAG).locale).toEqual({ kind: 'code', code: 'fr' });
    expect(list('locale=*', TAG).locale).toEqual({ kind: 'all' });
  });

  it('refuses a locale that is not a string, with Strapi message', () => {
    const error = errorOf(() => list('locale[0]=en&locale[1]=fr', TAG));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid locale param en,fr provided. Document locales must be strings.');
    expect(error.details).toEqual({ path: 'locale', source: 'query', param: 'locale' });
    expect(errorOf(() => list('locale[code]=en', TAG)).message).toBe(
      'Invalid locale param {"code":"en"} provided. Document locales must be strings.',
    );
  });

  it('is ignored on types that are not localized, whatever its shape', () => {
    expect(list('locale=fr').locale).toBeUndefined();
    expect(list('locale[0]=en&locale[1]=fr').locale).toBeUndefined();
  });
});
