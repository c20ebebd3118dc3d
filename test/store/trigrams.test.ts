import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eachTrigramKey, trigramKey, trigramOfKey, trigramsOf, type TrigramKey } from '../../src/store/index-keys.js';

/** Every run of three code points, joined from the text's code points one by one. */
const reference = (text: string): string[] => {
  const cps = Array.from(text);
  return [...new Set(cps.slice(0, Math.max(0, cps.length - 2)).map((_, i) => cps.slice(i, i + 3).join('')))];
};

describe('trigrams of a text', () => {
  it('are its distinct runs of three code points, whether it holds surrogate pairs or not', () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }));
    fc.assert(fc.property(text, (t) => {
      expect([...trigramsOf(t)].sort()).toEqual(reference(t).sort());
    }), { numRuns: 500 });
    expect([...trigramsOf('a😀bc')]).toEqual(['a😀b', '😀bc']);
    expect([...trigramsOf('abab')]).toEqual(['aba', 'bab']);
  });

  it('are gathered as keys that name them back, each key one trigram, small integers where the units fit', () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }));
    fc.assert(fc.property(text, (t) => {
      const keys: TrigramKey[] = [];
      eachTrigramKey(7, t, (code, key) => {
        expect(code).toBe(7);
        keys.push(key);
      });
      expect([...new Set(keys.map(trigramOfKey))].sort()).toEqual(reference(t).sort());
      for (const key of keys) expect(trigramKey(trigramOfKey(key))).toBe(key);
    }), { numRuns: 500 });
    const keys: TrigramKey[] = [];
    eachTrigramKey(0, 'éaxé€', (_, key) => keys.push(key));
    expect(keys.map((k) => typeof k)).toEqual(['number', 'number', 'string']);
    expect(keys.map(trigramOfKey)).toEqual(['éax', 'axé', 'xé€']);
  });
});
