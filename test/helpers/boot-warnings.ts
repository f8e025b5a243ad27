/**
 * Warnings every boot of an app without an auth plugin (or without a JWT secret in a test's
 * environment) logs: tests about other start-up warnings leave them out. Their own tests are
 * test/users-permissions/disabled.test.ts and test/users-permissions/secret.test.ts.
 */
const SETUP_WARNINGS = [/No enabled plugin authenticates requests/, /\bJWT_SECRET is not set\b/];

export function isAuthSetupWarning(line: string): boolean {
  return SETUP_WARNINGS.some((pattern) => pattern.test(line));
}
