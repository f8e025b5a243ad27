/**
 * For specs and tests: what a call must throw, or a promise must reject with, checked to be of
 * the expected class and handed back for exact assertions.
 */
import { expect } from 'chai';
import { BootError } from '@platform/core';

type ErrorClass<T extends Error> = abstract new (...args: never[]) => T;

/** Runs `fn`, which must throw an error of `type`, and answers that error. */
export function thrownBy<T extends Error>(fn: () => unknown, type: ErrorClass<T>): T {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return error as T;
  }
  throw new Error(`expected a ${type.name}`);
}

/** Waits for `promise`, which must reject with an error of `type`, and answers that error. */
export async function rejectedWith<T extends Error>(promise: Promise<unknown>, type: ErrorClass<T>): Promise<T> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return error as T;
  }
  throw new Error(`expected a rejection with a ${type.name}`);
}

/** Runs `fn`, which must throw a BootError, and answers that error. */
export function bootError(fn: () => unknown): BootError {
  return thrownBy(fn, BootError);
}
