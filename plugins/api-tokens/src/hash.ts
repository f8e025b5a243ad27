/**
 * Strapi v4's token scheme, so tokens of an existing database keep working: the secret is 128
 * random bytes as hex (256 characters), shown once; the table keeps only
 * HMAC-SHA512(key = salt, message = secret) as hex.
 */
import crypto from 'node:crypto';

export function newSecret(): string {
  return crypto.randomBytes(128).toString('hex');
}

export function hashSecret(salt: string, secret: string): string {
  return crypto.createHmac('sha512', salt).update(secret).digest('hex');
}

/**
 * The token of an `Authorization` header as Strapi reads it: split on whitespace, exactly two
 * parts, the first `Bearer` in any case; anything else is no bearer (the request goes on as
 * if it had none).
 */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token, ...more] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && token !== undefined && more.length === 0 ? token : null;
}
