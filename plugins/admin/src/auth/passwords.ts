/**
 * Administrator passwords: bcrypt hashes as Strapi v4 writes them (bcryptjs, 10 rounds), so a
 * Strapi-written `admin_users` row logs in as it is. Strapi's rules for a new password: 8
 * characters at least, a lower-case letter, an upper-case letter and a digit; at most 72 bytes,
 * what bcrypt reads (a longer one is refused rather than cut).
 */
import { ValidationError } from '@platform/core';

/** bcryptjs is loaded at the first password check, not at every start-up. */
let loaded: typeof import('bcryptjs') | null = null;
function bcrypt(): typeof import('bcryptjs') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('bcryptjs') as typeof import('bcryptjs');
  return loaded;
}

const ROUNDS = 10;
const MAX_BYTES = 72;
/** a hash of no one's password: an unknown email costs what a wrong password costs */
const DUMMY_HASH = '$2b$10$IzOp63yK7MuDqlbb67Dk7e3xIzxN1nc1YyhHZQTLyX1Wm/XgzAIj6';
const BCRYPT = /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** What is wrong with a new password, in Strapi's words, or null. */
export function passwordProblem(password: unknown, path = 'password'): string | null {
  if (typeof password !== 'string') return `${path} must be a \`string\` type`;
  if (password.length < 8) return `${path} must be at least 8 characters`;
  if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) return `${path} must be at most ${MAX_BYTES} bytes`;
  if (!/[a-z]/.test(password)) return `${path} must contain at least one lowercase character`;
  if (!/[A-Z]/.test(password)) return `${path} must contain at least one uppercase character`;
  if (!/\d/.test(password)) return `${path} must contain at least one number`;
  return null;
}

export function checkNewPassword(password: unknown, path = 'password'): string {
  const problem = passwordProblem(password, path);
  if (problem) throw ValidationError.fromIssues([{ path: [path], message: problem, name: 'ValidationError' }]);
  return password as string;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt().hash(password, ROUNDS);
}

export async function verifyPassword(password: unknown, hash: string | null | undefined): Promise<boolean> {
  if (typeof password !== 'string' || Buffer.byteLength(password, 'utf8') > MAX_BYTES || !hash || !BCRYPT.test(hash)) {
    await bcrypt().compare('no password', DUMMY_HASH);
    return false;
  }
  return bcrypt().compare(password, hash);
}
