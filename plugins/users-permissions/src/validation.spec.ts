import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { thrownBy } from '../../../test/helpers/boot-error';
import { validateBody } from './validation';

const failure = (fn: () => unknown) => thrownBy(fn, ValidationError);

describe('users-permissions body validation', () => {
  it('answers the values as strings (numbers read as text)', () => {
    expect(validateBody({ identifier: 12, password: 'x' }, [{ name: 'identifier' }, { name: 'password' }])).to.deep.equal({ identifier: '12', password: 'x' });
  });

  it("reports each failing key as Strapi's yup does, in rule order", () => {
    const error = failure(() => validateBody({ email: 'nope', username: { a: 1 } }, [{ name: 'email', email: true }, { name: 'username' }, { name: 'password' }]));
    expect(error.message).to.equal('3 errors occurred');
    expect(error.details).to.deep.equal({
      errors: [
        { path: ['email'], message: 'email must be a valid email', name: 'ValidationError' },
        { path: ['username'], message: 'username must be a `string` type, but the final value was: `{"a":1}`.', name: 'ValidationError' },
        { path: ['password'], message: 'password is a required field', name: 'ValidationError' },
      ],
    });
  });

  it('noUnknown refuses keys no rule names; optional keys may be absent', () => {
    expect(failure(() => validateBody({ email: 'a@b.co', x: 1, y: 2 }, [{ name: 'email' }], { noUnknown: true })).message).to.equal('this field has unspecified keys: x, y');
    expect(validateBody({}, [{ name: 'email', optional: true }])).to.deep.equal({});
  });
});
