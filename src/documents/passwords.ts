import { randomBytes, scrypt, scryptSync } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Password fields are stored as `scrypt$<salt>$<hash>` (base64) and never returned: they are
 * private. A hash costs tens of milliseconds of CPU by design, so writes work it out on the thread
 * pool before their transaction opens (`hashPassword`), not while holding the write lock.
 */
const KEY_LENGTH = 32;
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keyLength: number) => Promise<Buffer>;

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  return stored(salt, await scryptAsync(plain, salt, KEY_LENGTH));
}

/** On the calling thread: for a write made inside a transaction its caller holds open, which cannot wait. */
export function hashPasswordSync(plain: string): string {
  const salt = randomBytes(16);
  return stored(salt, scryptSync(plain, salt, KEY_LENGTH));
}

function stored(salt: Buffer, hash: Buffer): string {
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}
