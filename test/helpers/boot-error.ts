/**
 * For specs: runs `fn`, which must throw a BootError, and answers that error.
 */
import { expect } from 'chai';
import { BootError } from '@platform/core';

export function bootError(fn: () => unknown): BootError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(BootError);
    return error as BootError;
  }
  throw new Error('expected a BootError');
}
