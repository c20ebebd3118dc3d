import { randomBytes } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A 24-character lowercase alphanumeric id that starts with a letter, as Strapi's, so it never
 * parses as a number (numbers in relation payloads are raw row ids).
 */
export function newDocumentId(): string {
  const bytes = randomBytes(24);
  let id = LETTERS[bytes[0]! % 26]!;
  // 252 is the largest multiple of 36 below 256: rejecting above it keeps every character equally likely.
  for (let i = 1; i < 24; i++) {
    let b = bytes[i]!;
    while (b >= 252) b = randomBytes(1)[0]!;
    id += ALPHANUM[b % 36];
  }
  return id;
}

export const DOCUMENT_ID = /^[a-z][a-z0-9]{23}$/;
