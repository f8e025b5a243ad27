import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { parseWebhookInput } from './webhook-input';

function problems(body: unknown, mode: 'create' | 'update' = 'create'): { message: string; paths: string[] } {
  try {
    parseWebhookInput(body, mode);
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    const details = (error as ValidationError).details as { errors: Array<{ path: string[] }> };
    return { message: (error as Error).message, paths: details.errors.map((e) => e.path.join('.')) };
  }
  throw new Error('no error');
}

describe('webhooks: what a webhook is made of', () => {
  const valid = { name: 'Rebuild', url: 'https://example.com/hook?x=1', headers: { Authorization: 'Bearer x' }, events: ['entry.create', 'entry.create', 'media.delete'] };

  it("takes Strapi's fields, events without repeats", () => {
    expect(parseWebhookInput(valid, 'create')).to.deep.equal({
      name: 'Rebuild',
      url: 'https://example.com/hook?x=1',
      headers: { Authorization: 'Bearer x' },
      events: ['entry.create', 'media.delete'],
    });
    expect(parseWebhookInput({ ...valid, isEnabled: false, id: 3 }, 'update')).to.deep.include({ isEnabled: false });
  });

  it('names every missing or wrong field', () => {
    expect(problems({})).to.deep.equal({ message: '4 errors occurred', paths: ['name', 'url', 'headers', 'events'] });
    expect(problems({ ...valid, events: ['entry.created'] })).to.deep.equal({
      message: 'events has "entry.created", which is not one of entry.create, entry.update, entry.delete, entry.publish, entry.unpublish, media.create, media.update, media.delete',
      paths: ['events'],
    });
    expect(problems({ ...valid, isEnabled: true })).to.deep.equal({ message: 'isEnabled is not a field of a webhook', paths: ['isEnabled'] });
    expect(problems({ ...valid, isEnabled: 'yes' }, 'update')).to.deep.equal({ message: 'isEnabled must be a boolean', paths: ['isEnabled'] });
  });

  it('refuses urls that are not http or https', () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1:6379/_x', 'not a url', '']) {
      const found = problems({ ...valid, url });
      expect(found.paths, url).to.deep.equal(['url']);
    }
    expect(problems({ ...valid, url: 'file:///etc/passwd' }).message).to.equal('url must be an http:// or https:// URL, not file:');
  });

  it('refuses headers that cannot be sent or that the request sets itself', () => {
    expect(problems({ ...valid, headers: { 'Bad Name': 'x' } }).message).to.equal('headers has "Bad Name", which is not a header name');
    expect(problems({ ...valid, headers: { 'X-A': 'one\r\nInjected: yes' } }).message).to.equal('headers "X-A" must be one line of at most 8192 characters');
    expect(problems({ ...valid, headers: { 'X-A': '' } }).message).to.equal('headers "X-A" must be a non-empty string');
    expect(problems({ ...valid, headers: { 'Content-Length': '1' } }).message).to.equal('headers has "Content-Length", which the request sets itself');
    expect(problems({ ...valid, headers: ['x'] }).message).to.equal('headers must be an object of header names and values');
  });
});
