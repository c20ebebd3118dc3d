import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bodyLength, bodyText, joinPieces } from '../../src/http/adapters/answer-body.js';
import type { BodyPieces } from '../../src/http/types.js';

/** A body in pieces mixes bytes and text (a page's meta): both transports write it as the UTF-8 of the pieces in order. */
describe('a body in pieces', () => {
  const piece = fc.oneof(fc.string({ unit: 'binary' }).map((s) => Buffer.from(s)), fc.string({ unit: 'binary' }), fc.constant('crème brûlée 😀'));

  it('is as long, and joins to the same bytes, as its pieces encoded one by one', () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), (pieces: BodyPieces) => {
      const expected = Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      expect(bodyLength(pieces)).toBe(expected.length);
      // Into a larger buffer, as the uWS scratch is: only the part written is answered.
      expect(joinPieces(pieces, Buffer.alloc(expected.length + 16))).toEqual(expected);
      expect(bodyText(pieces)).toBe(expected.toString());
    }), { numRuns: 300 });
  });
});
