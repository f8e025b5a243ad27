/**
 * The credential of a request, as Strapi v4 reads it: `Authorization: <scheme> <token>` with
 * exactly two parts and the scheme `Bearer` in any case. Any other header is ignored (the
 * request runs as the public role).
 */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return null;
  return parts[1];
}
