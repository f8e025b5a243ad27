/**
 * Signatures for receivers that verify the sender (more than Strapi has), in the Standard
 * Webhooks form, so any of that spec's libraries verifies them: `webhook-signature: v1,<base64 of
 * HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`, where the key is the base64
 * after `whsec_` in the webhook's secret and the timestamp is in seconds. A receiver refuses
 * old timestamps, so a captured request cannot be replayed later.
 */
import crypto from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** a new secret: 24 random bytes, shown to the user once */
export function generateSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(24).toString('base64');
}

export function isSecret(value: unknown): value is string {
  return typeof value === 'string' && /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(value);
}

/** the `webhook-signature` value of one request */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
