/**
 * Waits until `check` holds, for what happens after an answer has gone: a change another
 * process or node sees at its next refresh, a file removed a few ticks later. Past `timeoutMs`
 * it throws `timed out waiting for <what>`.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
