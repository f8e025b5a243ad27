import { expect } from 'chai';
import Koa from 'koa';
import { JSON_CONTENT_TYPE } from './server';

describe('JSON_CONTENT_TYPE', () => {
  it('is the Content-Type koa gives an object body', () => {
    const app = new Koa();
    const headers: Record<string, unknown> = {};
    const res = {
      hasHeader: (name: string) => name.toLowerCase() in headers,
      getHeader: (name: string) => headers[name.toLowerCase()],
      setHeader: (name: string, value: unknown) => {
        headers[name.toLowerCase()] = value;
      },
      removeHeader: (name: string) => {
        delete headers[name.toLowerCase()];
      },
      headersSent: false,
    };
    const ctx = app.createContext({ headers: {}, socket: {} } as never, res as never);
    ctx.body = { data: [] };
    expect(headers['content-type']).to.equal(JSON_CONTENT_TYPE);
  });
});
