/**
 * One hierarchy of typed errors. Every error the platform raises on purpose is an
 * ApplicationError: it carries its HTTP status, a stable code, whether its message may reach
 * a client, and structured details. Exactly two mappers turn them into wire shapes: the REST
 * envelope (http/error-envelope.ts) and, later, the GraphQL transport's `errors[].extensions`.
 */
export type ErrorDetails = Record<string, unknown>;

export interface ValidationIssue {
  path: string[];
  message: string;
  name: string;
}

export class ApplicationError extends Error {
  status = 400;
  code = 'PLATFORM_APPLICATION_ERROR';
  /** Whether the message is safe to show to a client. */
  expose = true;
  details: ErrorDetails;

  constructor(message = 'An application error occured', details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApplicationError';
    this.details = details;
  }
}

export class ValidationError extends ApplicationError {
  constructor(message = 'Validation error', details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, details, options);
    this.name = 'ValidationError';
    this.code = 'PLATFORM_VALIDATION_ERROR';
  }

  /** A validation failure on one or more attributes, shaped as Strapi v4's yup errors. */
  static fromIssues(issues: ValidationIssue[]): ValidationError {
    const [only] = issues;
    const message = issues.length === 1 && only ? only.message : `${issues.length} errors occurred`;
    return new ValidationError(message, { errors: issues });
  }
}

export class PaginationError extends ApplicationError {
  constructor(message = 'Invalid pagination', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'PaginationError';
    this.code = 'PLATFORM_PAGINATION_ERROR';
  }
}

export class UnauthorizedError extends ApplicationError {
  constructor(message = 'Unauthorized', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'UnauthorizedError';
    this.code = 'PLATFORM_UNAUTHORIZED';
    this.status = 401;
  }
}

export class ForbiddenError extends ApplicationError {
  constructor(message = 'Forbidden access', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'ForbiddenError';
    this.code = 'PLATFORM_FORBIDDEN';
    this.status = 403;
  }
}

export class PolicyError extends ForbiddenError {
  constructor(message = 'Policy Failed', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'PolicyError';
    this.code = 'PLATFORM_POLICY_FAILED';
  }
}

export class NotFoundError extends ApplicationError {
  constructor(message = 'Not Found', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'NotFoundError';
    this.code = 'PLATFORM_NOT_FOUND';
    this.status = 404;
  }
}

export class MethodNotAllowedError extends ApplicationError {
  constructor(message = 'Method Not Allowed', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'MethodNotAllowedError';
    this.code = 'PLATFORM_METHOD_NOT_ALLOWED';
    this.status = 405;
  }
}

/** A request the server cannot read (a body whose Content-Encoding does not decode, a broken header). */
export class BadRequestError extends ApplicationError {
  constructor(message = 'Bad Request', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'BadRequestError';
    this.code = 'PLATFORM_BAD_REQUEST';
  }
}

/** The client took longer to send its request than the server waits (config/server.ts `requestTimeout`). */
export class RequestTimeoutError extends ApplicationError {
  constructor(message = 'Request Timeout', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'RequestTimeoutError';
    this.code = 'PLATFORM_REQUEST_TIMEOUT';
    this.status = 408;
  }
}

export class PayloadTooLargeError extends ApplicationError {
  constructor(message = 'Entity too large', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'PayloadTooLargeError';
    this.code = 'PLATFORM_PAYLOAD_TOO_LARGE';
    this.status = 413;
  }
}

/** A body in a Content-Encoding the server does not decode. */
export class UnsupportedMediaTypeError extends ApplicationError {
  constructor(message = 'Unsupported Media Type', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'UnsupportedMediaTypeError';
    this.code = 'PLATFORM_UNSUPPORTED_MEDIA_TYPE';
    this.status = 415;
  }
}

export class RateLimitError extends ApplicationError {
  constructor(message = 'Too many requests, please try again later.', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'RateLimitError';
    this.code = 'PLATFORM_RATE_LIMIT';
    this.status = 429;
  }
}

export class NotImplementedError extends ApplicationError {
  constructor(message = 'This feature is not implemented yet', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'NotImplementedError';
    this.code = 'PLATFORM_NOT_IMPLEMENTED';
    this.status = 501;
  }
}

/** The server is starting or shutting down (the health endpoint says so to load balancers). */
export class ServiceUnavailableError extends ApplicationError {
  constructor(message = 'Service Unavailable', details: ErrorDetails = {}) {
    super(message, details);
    this.name = 'ServiceUnavailableError';
    this.code = 'PLATFORM_SERVICE_UNAVAILABLE';
    this.status = 503;
  }
}

/**
 * Every code a BootError may carry, grouped by the step that raises it. A new code is added
 * here (and gets a row in errors.spec.ts), so the list stays complete and typos do not compile.
 */
export const BOOT_ERROR_CODES = [
  // configuration files and environment
  'CONFIG_ENV',
  'CONFIG_FILE',
  'CONFIG_INVALID',
  'CONFIG_DATABASE',
  'CONFIG_DATABASE_CLIENT',
  'CONFIG_PLUGINS',
  'CONFIG_MIDDLEWARES',
  'FILE_INVALID_JSON',
  // plugins
  'PLUGIN_LOAD',
  'PLUGIN_DUPLICATE',
  'PLUGIN_MISSING_DEPENDENCY',
  'PLUGIN_CYCLE',
  'PLUGIN_STEP',
  'PLUGIN_UNKNOWN',
  'PLUGIN_UNDECLARED',
  'PLUGIN_COMMAND',
  'PLUGIN_STATE',
  // secrets plugins ask for (kernel/secrets.ts)
  'SECRET_INVALID',
  'SECRET_MISSING',
  'SECRET_WRITE',
  // registries of services, controllers, policies, middlewares
  'REGISTRY_DUPLICATE',
  'REGISTRY_FROZEN',
  // schemas
  'SCHEMA_INVALID',
  // the app's api files and routes
  'APP_FILE',
  'APP_STEP',
  'APP_EMPTY',
  'ROUTES_FILE',
  'ROUTES_FROZEN',
  'ROUTE_HANDLER',
  'ROUTE_POLICY',
  'ROUTE_MIDDLEWARE',
  // database
  'DB_CONNECT',
  'DB_SYNC',
  'DB_NOT_READY',
  'DB_HIDDEN_ROWS',
  'MODELS_NOT_READY',
  'MIGRATION_FAILED',
  // the platform's own lifecycle (start twice, callback before start, ...)
  'PLATFORM_STATE',
  // the HTTP server cannot open its port (in use, privileged, unknown address)
  'PORT_IN_USE',
] as const;

/** The kernel's codes, or a plugin's own (`<plugin>.<CODE>`, declared with definePluginErrors). */
export type BootErrorCode = (typeof BOOT_ERROR_CODES)[number] | `${string}.${string}`;

/**
 * A problem found while the platform starts (bad config, bad schema, plugin graph). It stops
 * start-up; its message names the file, key, attribute or plugins concerned.
 */
export class BootError extends Error {
  code: BootErrorCode;
  constructor(code: BootErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BootError';
    this.code = code;
  }
}

/** Every code an InternalError may carry. */
export const INTERNAL_ERROR_CODES = [
  'REGISTRY_UNKNOWN',
  'MODEL_UNKNOWN',
  'DDL_UNSUPPORTED',
  // a tap of a hook threw something that is not an ApplicationError (wrapped with both names)
  'HOOK_TAP',
] as const;

/** The kernel's codes, or a plugin's own (`<plugin>.<CODE>`, declared with definePluginErrors). */
export type InternalErrorCode = (typeof INTERNAL_ERROR_CODES)[number] | `${string}.${string}`;

/**
 * A programming error found while running (a lookup of a service or model that does not
 * exist, a schema change the DDL builder cannot express). It is not an ApplicationError: a
 * request that reaches it gets the generic 500 envelope and its message only goes to the log.
 */
export class InternalError extends Error {
  code: InternalErrorCode;
  constructor(code: InternalErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InternalError';
    this.code = code;
  }
}

export function isApplicationError(error: unknown): error is ApplicationError {
  return error instanceof ApplicationError;
}
