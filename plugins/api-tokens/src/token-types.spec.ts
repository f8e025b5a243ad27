import { expect } from 'chai';
import { abilityOf, daysToLifespan, LIFESPANS_MS } from './token-types';

describe('api-tokens: what each type may do', () => {
  const actions = [
    'api::article.article.find',
    'api::article.article.findOne',
    'api::article.article.create',
    'api::article.article.update',
    'api::article.article.delete',
    'plugin::upload.content-api.find',
    'plugin::users-permissions.user.me',
    'api::article.article.refind',
  ];

  it('full-access: every action', () => {
    const ability = abilityOf('full-access', []);
    expect(actions.every((a) => ability.can(a))).to.equal(true);
  });

  it('read-only: the actions ending in .find or .findOne only', () => {
    const ability = abilityOf('read-only', ['api::article.article.create']);
    expect(actions.filter((a) => ability.can(a))).to.deep.equal(['api::article.article.find', 'api::article.article.findOne', 'plugin::upload.content-api.find']);
  });

  it('custom: exactly its list', () => {
    const ability = abilityOf('custom', ['api::article.article.find', 'api::article.article.delete']);
    expect(actions.filter((a) => ability.can(a))).to.deep.equal(['api::article.article.find', 'api::article.article.delete']);
    expect(ability.can('api::article.article.*')).to.equal(false);
  });

  it("lifespans are Strapi's: 7, 30 and 90 days in milliseconds", () => {
    expect(LIFESPANS_MS).to.deep.equal([604800000, 2592000000, 7776000000]);
    expect(daysToLifespan(30)).to.equal(2592000000);
  });
});
