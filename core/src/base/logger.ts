/**
 * A small levelled logger. `LOG_LEVEL` (error|warn|info|http|debug|silent) picks what is printed;
 * the default, `http`, includes one access log line per request. Lines are readable text
 * (`createLogger`) or, in production, JSON lines written by pino (`createJsonLogger`), where
 * the structured fields of a line (a request's method, path, status...) are fields of the JSON.
 */
import pino from 'pino';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'http' | 'debug';
const ORDER: LogLevel[] = ['silent', 'error', 'warn', 'info', 'http', 'debug'];

export function isLogLevel(value: unknown): value is LogLevel {
  return ORDER.includes(value as LogLevel);
}

export type LogFormat = 'text' | 'json';

export function isLogFormat(value: unknown): value is LogFormat {
  return value === 'text' || value === 'json';
}

/** Structured fields of a line; a text logger has them in its message already. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  http(message: string, fields?: LogFields): void;
  debug(message: string): void;
  /** whether messages of `level` are printed (optional: callers skip building unused lines) */
  enabled?(level: LogLevel): boolean;
}

function isEnabled(at: LogLevel, lvl: LogLevel): boolean {
  const index = ORDER.indexOf(at);
  return ORDER.indexOf(lvl) <= index && index > 0;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const log = (lvl: LogLevel, message: string) => {
    if (isEnabled(level, lvl)) write(`[${new Date().toISOString()}] ${lvl.toUpperCase()} ${message}`);
  };
  return {
    error: (message, error) => log('error', error instanceof Error ? `${message}: ${error.stack ?? error.message}` : message),
    warn: (message) => log('warn', message),
    info: (message) => log('info', message),
    http: (message) => log('http', message),
    debug: (message) => log('debug', message),
    enabled: (lvl) => isEnabled(level, lvl),
  };
}

/** pino's numbers for our levels: `http` sits between info (30) and debug (20). */
const PINO_LEVELS = { error: 50, warn: 40, info: 30, http: 25, debug: 20 } as const;

export function createJsonLogger(level: LogLevel = 'info', destination: pino.DestinationStream = pino.destination({ fd: 2, sync: true })): Logger {
  const log = pino({ level, customLevels: { http: PINO_LEVELS.http }, base: { pid: process.pid } }, destination);
  return {
    error: (message, error) => (error === undefined ? log.error(message) : log.error({ err: error }, message)),
    warn: (message) => log.warn(message),
    info: (message) => log.info(message),
    http: (message, fields) => (fields ? log.http(fields, message) : log.http(message)),
    debug: (message) => log.debug(message),
    enabled: (lvl) => isEnabled(level, lvl),
  };
}
