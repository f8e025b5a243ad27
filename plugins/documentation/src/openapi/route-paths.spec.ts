import { expect } from 'chai';
import { toOpenApiPath } from './route-paths';

describe('toOpenApiPath', () => {
  it('turns router parameters into OpenAPI ones and names them', () => {
    expect(toOpenApiPath('/api/articles/:id')).to.deep.equal({ path: '/api/articles/{id}', params: ['id'] });
    expect(toOpenApiPath('/api/a/:first/b/:second_2')).to.deep.equal({ path: '/api/a/{first}/b/{second_2}', params: ['first', 'second_2'] });
    expect(toOpenApiPath('/uploads/*path')).to.deep.equal({ path: '/uploads/{path}', params: ['path'] });
  });

  it('documents an optional group in its full form', () => {
    expect(toOpenApiPath('/api/files{/:id}')).to.deep.equal({ path: '/api/files/{id}', params: ['id'] });
  });

  it('keeps a path without parameters, and the root', () => {
    expect(toOpenApiPath('/api/openapi.json')).to.deep.equal({ path: '/api/openapi.json', params: [] });
    expect(toOpenApiPath('')).to.deep.equal({ path: '/', params: [] });
  });
});
