/**
 * The validation issues of inputs that link entries, in the shape and words of Strapi v4's
 * entity validator (`details.errors[]`).
 */
import type { ValidationIssue } from '@platform/core';

export function relationIssue(path: readonly string[], message: string): ValidationIssue {
  return { path: [...path], message, name: 'ValidationError' };
}

/** Strapi's message when an attribute links ids that name no entry of `uid`; its path is empty. */
export function missingRelationsIssue(missing: number, uid: string): ValidationIssue {
  return relationIssue([], `${missing} relation(s) of type ${uid} associated with this entity do not exist`);
}
