/**
 * A small levelled logger. `LOG_LEVEL` (error|warn|info|http|debug|silent) picks what is printed;
 * the default, `http`, includes one access log line per request.
 */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'http' | 'debug';
const ORDER: LogLevel[] = ['silent', 'error', 'warn', 'info', 'http', 'debug'];

export function isLogLevel(value: unknown): value is LogLevel {
  return ORDER.includes(value as LogLevel);
}

export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  http(message: string): void;
  debug(message: string): void;
  /** whether messages of `level` are printed (optional: callers skip building unused lines) */
  enabled?(level: LogLevel): boolean;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (line) => process.stderr.write(line + '\n')): Logger {
  const at = ORDER.indexOf(level);
  const log = (lvl: LogLevel, message: string) => {
    if (ORDER.indexOf(lvl) <= at && at > 0) write(`[${new Date().toISOString()}] ${lvl.toUpperCase()} ${message}`);
  };
  return {
    error: (message, error) => log('error', error instanceof Error ? `${message}: ${error.stack ?? error.message}` : message),
    warn: (message) => log('warn', message),
    info: (message) => log('info', message),
    http: (message) => log('http', message),
    debug: (message) => log('debug', message),
    enabled: (lvl) => ORDER.indexOf(lvl) <= at && at > 0,
  };
}
