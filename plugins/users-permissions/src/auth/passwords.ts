/**
 * Password hashes, compatible with those Strapi v4 wrote (bcryptjs, 10 rounds). bcrypt reads
 * at most 72 bytes: a longer password is refused (400) instead of being cut silently, so two
 * passwords sharing their first 72 bytes never open the same account.
 */
import bcrypt from 'bcryptjs';
import { ValidationError } from '@platform/core';

export const BCRYPT_ROUNDS = 10;
export const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 6;

/**
 * A hash of no one's password (`bcrypt.hashSync('no user has this password', 10)`): comparing
 * against it costs what a real comparison costs. Written out, as hashing it would cost every
 * start-up a tenth of a second.
 */
const DUMMY_HASH = '$2b$10$IzOp63yK7MuDqlbb67Dk7e3xIzxN1nc1YyhHZQTLyX1Wm/XgzAIj6';

export function isBcryptHash(value: string): boolean {
  return /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(value);
}

function issue(path: string, message: string): ValidationError {
  return ValidationError.fromIssues([{ path: [path], message, name: 'ValidationError' }]);
}

/** The 400 for a password that is not a string, too short, or past what bcrypt reads. */
export function checkPassword(password: unknown, path = 'password'): string {
  if (typeof password !== 'string') throw issue(path, `${path} must be a \`string\` type, but the final value was: \`${JSON.stringify(password)}\`.`);
  if (password.length < MIN_PASSWORD_LENGTH) throw issue(path, `${path} must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw issue(path, `${path} must be at most ${MAX_PASSWORD_BYTES} bytes`);
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}

/**
 * Whether `password` matches `hash`. Without a hash (unknown user, a user of another provider)
 * it compares against a dummy hash anyway, so both answers take the same time.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    await bcrypt.compare(password.slice(0, MAX_PASSWORD_BYTES), DUMMY_HASH);
    return false;
  }
  if (!hash || !isBcryptHash(hash)) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
