/**
 * The credential of a request, as Strapi v4 reads it: `Authorization: <scheme> <token>` with
 * exactly two parts and the scheme `Bearer` in any case. Any other header is ignored (the
 * request runs as the public role).
 */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const [scheme, token, ...more] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || token === undefined || more.length > 0) return null;
  return token;
}
