/**
 * `POST /api/email` (`plugin::email.email.send`): sends the body as a message and answers `{}`,
 * as Strapi v4. The body is checked first: addresses and texts are strings, and attachments
 * carry their content inline; a path or URL for the server to read is refused, as is any key
 * Strapi's message does not have.
 */
import { isPlainObject, ValidationError, type RequestContext } from '@platform/core';
import type { EmailService } from './service';
import type { EmailOptions } from './providers/types';

const ADDRESS_FIELDS = ['to', 'cc', 'bcc'] as const;
const TEXT_FIELDS = ['from', 'replyTo', 'subject', 'text', 'html'] as const;
const ATTACHMENT_KEYS = new Set(['filename', 'content', 'contentType', 'encoding', 'cid']);
const KNOWN = new Set<string>([...ADDRESS_FIELDS, ...TEXT_FIELDS, 'attachments']);

type Issue = { path: string[]; message: string; name: 'ValidationError' };

function issue(path: string[], message: string): Issue {
  return { path, message, name: 'ValidationError' };
}

function isAddressList(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.trim() !== ''));
}

/** The body as a message, or a ValidationError listing every problem. */
export function readMessage(body: unknown): EmailOptions {
  if (!isPlainObject(body)) throw new ValidationError('The body must be an object');
  const issues: Issue[] = [];
  for (const key of Object.keys(body)) if (!KNOWN.has(key)) issues.push(issue([key], `${key} is not a field of an email`));
  if (body.to === undefined) issues.push(issue(['to'], 'to is a required field'));
  for (const field of ADDRESS_FIELDS) {
    if (body[field] !== undefined && !isAddressList(body[field])) issues.push(issue([field], `${field} must be an address or a list of addresses`));
  }
  for (const field of TEXT_FIELDS) {
    if (body[field] !== undefined && typeof body[field] !== 'string') issues.push(issue([field], `${field} must be a string`));
  }
  if (body.attachments !== undefined) {
    if (!Array.isArray(body.attachments)) issues.push(issue(['attachments'], 'attachments must be a list'));
    else
      for (const [index, attachment] of body.attachments.entries()) {
        const at = ['attachments', String(index)];
        if (!isPlainObject(attachment)) {
          issues.push(issue(at, 'an attachment must be an object'));
          continue;
        }
        for (const key of Object.keys(attachment)) if (!ATTACHMENT_KEYS.has(key)) issues.push(issue([...at, key], `${key} is not allowed: an attachment carries its content inline`));
        for (const key of ATTACHMENT_KEYS) if (attachment[key] !== undefined && typeof attachment[key] !== 'string') issues.push(issue([...at, key], `${key} must be a string`));
        if (typeof attachment.content !== 'string') issues.push(issue([...at, 'content'], 'content is a required field'));
      }
  }
  if (issues.length > 0) throw ValidationError.fromIssues(issues);
  return body as EmailOptions;
}

export function createEmailController(service: () => EmailService) {
  return {
    async send(ctx: RequestContext) {
      await service().send(readMessage(ctx.request.body));
      ctx.body = {};
    },
  };
}
