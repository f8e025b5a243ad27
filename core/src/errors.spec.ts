/**
 * The error catalogue: every error class the kernel exports, with its HTTP status, name,
 * default message and stable code. Adding an error class without a row here fails the suite.
 */
import { expect } from 'chai';
import * as errors from './errors';
import {
  ApplicationError,
  BadRequestError,
  BootError,
  ForbiddenError,
  InternalError,
  MethodNotAllowedError,
  NotFoundError,
  NotImplementedError,
  PaginationError,
  PayloadTooLargeError,
  PolicyError,
  RateLimitError,
  RequestTimeoutError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
  isApplicationError,
} from './errors';

type AppErrorClass = new (message?: string, details?: errors.ErrorDetails) => ApplicationError;

const CATALOGUE: Array<{ type: AppErrorClass; status: number; name: string; message: string; code: string; parent: AppErrorClass | typeof Error }> = [
  { type: ApplicationError, status: 400, name: 'ApplicationError', message: 'An application error occured', code: 'PLATFORM_APPLICATION_ERROR', parent: Error },
  { type: ValidationError, status: 400, name: 'ValidationError', message: 'Validation error', code: 'PLATFORM_VALIDATION_ERROR', parent: ApplicationError },
  { type: PaginationError, status: 400, name: 'PaginationError', message: 'Invalid pagination', code: 'PLATFORM_PAGINATION_ERROR', parent: ApplicationError },
  { type: UnauthorizedError, status: 401, name: 'UnauthorizedError', message: 'Unauthorized', code: 'PLATFORM_UNAUTHORIZED', parent: ApplicationError },
  { type: ForbiddenError, status: 403, name: 'ForbiddenError', message: 'Forbidden access', code: 'PLATFORM_FORBIDDEN', parent: ApplicationError },
  { type: PolicyError, status: 403, name: 'PolicyError', message: 'Policy Failed', code: 'PLATFORM_POLICY_FAILED', parent: ForbiddenError },
  { type: NotFoundError, status: 404, name: 'NotFoundError', message: 'Not Found', code: 'PLATFORM_NOT_FOUND', parent: ApplicationError },
  { type: MethodNotAllowedError, status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', code: 'PLATFORM_METHOD_NOT_ALLOWED', parent: ApplicationError },
  { type: BadRequestError, status: 400, name: 'BadRequestError', message: 'Bad Request', code: 'PLATFORM_BAD_REQUEST', parent: ApplicationError },
  { type: RequestTimeoutError, status: 408, name: 'RequestTimeoutError', message: 'Request Timeout', code: 'PLATFORM_REQUEST_TIMEOUT', parent: ApplicationError },
  { type: PayloadTooLargeError, status: 413, name: 'PayloadTooLargeError', message: 'Entity too large', code: 'PLATFORM_PAYLOAD_TOO_LARGE', parent: ApplicationError },
  { type: UnsupportedMediaTypeError, status: 415, name: 'UnsupportedMediaTypeError', message: 'Unsupported Media Type', code: 'PLATFORM_UNSUPPORTED_MEDIA_TYPE', parent: ApplicationError },
  { type: RateLimitError, status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', code: 'PLATFORM_RATE_LIMIT', parent: ApplicationError },
  { type: NotImplementedError, status: 501, name: 'NotImplementedError', message: 'This feature is not implemented yet', code: 'PLATFORM_NOT_IMPLEMENTED', parent: ApplicationError },
  { type: ServiceUnavailableError, status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable', code: 'PLATFORM_SERVICE_UNAVAILABLE', parent: ApplicationError },
];

describe('error catalogue', () => {
  it('lists every error class the kernel exports', () => {
    const values: unknown[] = Object.values(errors);
    const exported = values.filter((value): value is typeof Error => typeof value === 'function' && value.prototype instanceof Error);
    const listed = [...CATALOGUE.map((row) => row.type), BootError, InternalError];
    expect(exported.map((c) => c.name).sort()).to.deep.equal(listed.map((c) => c.name).sort());
  });

  for (const row of CATALOGUE) {
    describe(row.name, () => {
      it(`is a ${row.status} with code ${row.code} and default message "${row.message}"`, () => {
        const error = new row.type();
        expect(error).to.be.instanceOf(row.parent);
        expect(error).to.be.instanceOf(ApplicationError);
        expect(error).to.be.instanceOf(Error);
        expect(isApplicationError(error)).to.equal(true);
        expect({ status: error.status, name: error.name, message: error.message, code: error.code, expose: error.expose, details: error.details }).to.deep.equal({
          status: row.status,
          name: row.name,
          message: row.message,
          code: row.code,
          expose: true,
          details: {},
        });
        expect(error.stack).to.be.a('string');
      });

      it('keeps a given message and details', () => {
        const error = new row.type('custom message', { key: 'value' });
        expect(error.message).to.equal('custom message');
        expect(error.details).to.deep.equal({ key: 'value' });
        expect(error.status).to.equal(row.status);
      });
    });
  }

  it('ApplicationError and ValidationError keep their cause', () => {
    const cause = new Error('root');
    expect(new ApplicationError('x', {}, { cause }).cause).to.equal(cause);
    expect(new ValidationError('x', {}, { cause }).cause).to.equal(cause);
  });

  it('ValidationError.fromIssues shapes one or several issues as Strapi v4 does', () => {
    const one = ValidationError.fromIssues([{ path: ['title'], message: 'title must be defined.', name: 'ValidationError' }]);
    expect({ message: one.message, details: one.details }).to.deep.equal({
      message: 'title must be defined.',
      details: { errors: [{ path: ['title'], message: 'title must be defined.', name: 'ValidationError' }] },
    });
    const two = ValidationError.fromIssues([
      { path: ['a'], message: 'a is bad', name: 'ValidationError' },
      { path: ['b'], message: 'b is bad', name: 'ValidationError' },
    ]);
    expect(two.message).to.equal('2 errors occurred');
    expect((two.details.errors as unknown[]).length).to.equal(2);
  });

  it('BootError is not an application error: it carries a code and stops start-up', () => {
    const cause = new Error('root');
    const error = new BootError('PLUGIN_CYCLE', 'a -> b -> a', { cause });
    expect({ name: error.name, code: error.code, message: error.message, cause: error.cause }).to.deep.equal({
      name: 'BootError',
      code: 'PLUGIN_CYCLE',
      message: 'a -> b -> a',
      cause,
    });
    expect(isApplicationError(error)).to.equal(false);
    expect(isApplicationError(new Error('plain'))).to.equal(false);
  });

  it('InternalError is not an application error: a request reaching it gets the generic 500', () => {
    const error = new InternalError('REGISTRY_UNKNOWN', 'No service registered as "x"');
    expect({ name: error.name, code: error.code, message: error.message }).to.deep.equal({
      name: 'InternalError',
      code: 'REGISTRY_UNKNOWN',
      message: 'No service registered as "x"',
    });
    expect(isApplicationError(error)).to.equal(false);
    expect(new Set(errors.INTERNAL_ERROR_CODES).size).to.equal(errors.INTERNAL_ERROR_CODES.length);
  });

  it('BootError and InternalError codes are disjoint lists', () => {
    const boot: readonly string[] = errors.BOOT_ERROR_CODES;
    expect(errors.INTERNAL_ERROR_CODES.filter((code) => boot.includes(code))).to.deep.equal([]);
  });
});
