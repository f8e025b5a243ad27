/** A mistake on the command line: printed without a stack trace. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

/**
 * A command that could not do what it was asked (a name already taken, an id that is not
 * there): printed as its message alone, exit code 1.
 */
export class CommandError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CommandError';
  }
}
