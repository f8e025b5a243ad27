/**
 * What a token is: its type, its lifespan (Strapi's allowed values only: none, 7, 30 or 90
 * days), and what it may do (the ability the route-scope check and the content-API contract
 * ask: full-access every action, read-only the actions ending in `.find` or `.findOne`, custom
 * its list).
 */
export const TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export function isTokenType(value: unknown): value is TokenType {
  return TOKEN_TYPES.includes(value as TokenType);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The lifespans Strapi v4's admin accepts, in days. */
export const LIFESPAN_DAYS = [7, 30, 90] as const;
export const LIFESPANS_MS: readonly number[] = LIFESPAN_DAYS.map((days) => days * DAY_MS);

export function daysToLifespan(days: number): number {
  return days * DAY_MS;
}

export interface TokenAbility {
  can(action: string): boolean;
}

const READ_ACTION = /\.(find|findOne)$/;

export function abilityOf(type: TokenType, permissions: readonly string[]): TokenAbility {
  if (type === 'full-access') return { can: () => true };
  if (type === 'read-only') return { can: (action) => READ_ACTION.test(action) };
  const allowed = new Set(permissions);
  return { can: (action) => allowed.has(action) };
}
