import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { applySearchScope, searchFilter } from './search';
import { article, category } from './query/spec-fixtures';
import type { Filters, ScopeContext } from '../types';

describe('_q search', () => {
  it('ORs $containsi over the public text attributes only', () => {
    expect(searchFilter(article, 'hello')).to.deep.equal({ $or: [{ title: { $containsi: 'hello' } }] });
  });

  it('also matches the id when the text is a whole number', () => {
    expect(searchFilter(category, '12')).to.deep.equal({ $or: [{ name: { $containsi: '12' } }, { id: { $eq: 12 } }] });
  });

  const context = (params: Record<string, unknown>, level: ScopeContext['level'] = 'root'): ScopeContext & { filters: Filters[] } => ({
    model: category,
    params,
    level,
    filters: [],
  });

  it('applies at the root only, and ignores an empty text', () => {
    const root = context({ _q: 'news' });
    applySearchScope(root);
    expect(root.filters).to.deep.equal([{ $or: [{ name: { $containsi: 'news' } }] }]);
    for (const ctx of [context({ _q: 'news' }, 'populate'), context({ _q: 'news' }, 'findOne'), context({ _q: '' }), context({})]) {
      applySearchScope(ctx);
      expect(ctx.filters).to.deep.equal([]);
    }
  });

  it('rejects a non-string text with a 400 naming the parameter', () => {
    expect(() => applySearchScope(context({ _q: ['a'] }))).to.throw(ValidationError, 'Invalid parameter _q');
  });
});
