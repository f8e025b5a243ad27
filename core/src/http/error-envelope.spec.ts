import { expect } from 'chai';
import { ApplicationError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { toErrorBody } from './error-envelope';

describe('toErrorBody', () => {
  it('renders an application error with its status, name, message and details', () => {
    expect(toErrorBody(new NotFoundError())).to.deep.equal({
      status: 404,
      internal: false,
      body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } },
    });
  });

  it('keeps structured details', () => {
    const error = ValidationError.fromIssues([{ path: ['title'], message: 'title must be a `string` type', name: 'ValidationError' }]);
    expect(toErrorBody(error).body).to.deep.equal({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'title must be a `string` type',
        details: { errors: [{ path: ['title'], message: 'title must be a `string` type', name: 'ValidationError' }] },
      },
    });
  });

  it('keeps the status of a subclass and of an error whose status was changed', () => {
    expect(toErrorBody(new ForbiddenError('no')).body.error).to.deep.equal({ status: 403, name: 'ForbiddenError', message: 'no', details: {} });
    const custom = new ApplicationError('Gone');
    custom.status = 410;
    custom.name = 'GoneError';
    expect(toErrorBody(custom)).to.deep.include({ status: 410, internal: false });
    expect(toErrorBody(custom).body.error).to.deep.equal({ status: 410, name: 'GoneError', message: 'Gone', details: {} });
  });

  it('omits details for a body the JSON parser rejected, as Strapi v4 does', () => {
    const error = new ValidationError('Unexpected token b in JSON at position 1');
    error.name = 'SyntaxError';
    expect(toErrorBody(error).body).to.deep.equal({
      data: null,
      error: { status: 400, name: 'SyntaxError', message: 'Unexpected token b in JSON at position 1' },
    });
  });

  it('hides everything about an internal error', () => {
    for (const thrown of [new Error('secret: connection string'), new TypeError('x is undefined'), 'a string', null, { status: 400 }]) {
      expect(toErrorBody(thrown)).to.deep.equal({
        status: 500,
        internal: true,
        body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
      });
    }
  });
});
