/**
 * definePluginErrors: a plugin's error table and the helpers that raise its codes, stamped
 * `<plugin>.<CODE>`, as a BootError, an InternalError or an ApplicationError with the declared
 * status and name; a malformed table is refused when the plugin module loads.
 */
import { expect } from 'chai';
import { ApplicationError, BootError, InternalError } from './errors';
import { definePluginErrors, type PluginErrorTable } from './plugin-errors';
import { toErrorBody } from './http/error-envelope';

describe('definePluginErrors', () => {
  const errors = definePluginErrors('sample-plugin', {
    BAD_CONFIG: { kind: 'boot' },
    LOST_ROW: { kind: 'internal' },
    LOCALE_MISSING: { kind: 'request', status: 422, name: 'LocaleError' },
  });
  const cause = new Error('root');

  it('keeps the plugin name and the table, and is frozen', () => {
    expect(errors.plugin).to.equal('sample-plugin');
    expect(errors.table).to.deep.equal({
      BAD_CONFIG: { kind: 'boot' },
      LOST_ROW: { kind: 'internal' },
      LOCALE_MISSING: { kind: 'request', status: 422, name: 'LocaleError' },
    });
    expect(Object.isFrozen(errors)).to.equal(true);
  });

  it('boot: a BootError with the stamped code, the message and the cause', () => {
    const error = errors.boot('BAD_CONFIG', '"size" must be a number', { cause });
    expect(error).to.be.instanceOf(BootError);
    expect(error).to.not.be.instanceOf(ApplicationError);
    expect({ name: error.name, code: error.code, message: error.message, cause: error.cause }).to.deep.equal({
      name: 'BootError',
      code: 'sample-plugin.BAD_CONFIG',
      message: '"size" must be a number',
      cause,
    });
    expect(errors.boot('BAD_CONFIG', 'no cause').cause).to.equal(undefined);
  });

  it('internal: an InternalError with the stamped code, the message and the cause, answered as the generic 500', () => {
    const error = errors.internal('LOST_ROW', 'row 3 vanished', { cause });
    expect(error).to.be.instanceOf(InternalError);
    expect(error).to.not.be.instanceOf(ApplicationError);
    expect({ name: error.name, code: error.code, message: error.message, cause: error.cause }).to.deep.equal({
      name: 'InternalError',
      code: 'sample-plugin.LOST_ROW',
      message: 'row 3 vanished',
      cause,
    });
    expect(toErrorBody(error)).to.deep.equal({
      status: 500,
      internal: true,
      body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
    });
  });

  it('request: an ApplicationError with the declared status and name, the stamped code, the details and the cause', () => {
    const error = errors.request('LOCALE_MISSING', 'Locale "de" is not enabled', { locale: 'de' }, { cause });
    expect(error).to.be.instanceOf(ApplicationError);
    expect({ status: error.status, name: error.name, code: error.code, message: error.message, details: error.details, expose: error.expose, cause: error.cause }).to.deep.equal({
      status: 422,
      name: 'LocaleError',
      code: 'sample-plugin.LOCALE_MISSING',
      message: 'Locale "de" is not enabled',
      details: { locale: 'de' },
      expose: true,
      cause,
    });
    expect(toErrorBody(error)).to.deep.equal({
      status: 422,
      internal: false,
      body: { data: null, error: { status: 422, name: 'LocaleError', message: 'Locale "de" is not enabled', details: { locale: 'de' } } },
    });
  });

  it('request: details default to {} and the cause to none', () => {
    const error = errors.request('LOCALE_MISSING', 'm');
    expect({ details: error.details, cause: error.cause }).to.deep.equal({ details: {}, cause: undefined });
  });

  it('hands back a frozen copy of its table', () => {
    const table = { LATE: { kind: 'boot' } } as const;
    const frozen = definePluginErrors('late', table).table;
    expect(frozen).to.deep.equal(table);
    expect(frozen).to.not.equal(table);
    expect(Object.isFrozen(frozen)).to.equal(true);
  });

  it('an empty table is allowed', () => {
    expect(definePluginErrors('quiet', {}).table).to.deep.equal({});
  });

  describe('refuses a malformed table with a TypeError', () => {
    const cases: Array<{ title: string; plugin: string; table: PluginErrorTable; message: string }> = [
      { title: 'a plugin name that is not kebab-case', plugin: 'Sample_Plugin', table: {}, message: 'definePluginErrors: "Sample_Plugin" is not a kebab-case plugin name' },
      { title: 'an empty plugin name', plugin: '', table: {}, message: 'definePluginErrors: "" is not a kebab-case plugin name' },
      { title: 'a scoped package name', plugin: '@acme/seo', table: {}, message: 'definePluginErrors: "@acme/seo" is not a kebab-case plugin name' },
      { title: 'a lowercase code', plugin: 'p', table: { bad_config: { kind: 'boot' } }, message: 'definePluginErrors(p): "bad_config" is not an UPPER_SNAKE code' },
      { title: 'a code with a dot', plugin: 'p', table: { 'P.BAD': { kind: 'internal' } }, message: 'definePluginErrors(p): "P.BAD" is not an UPPER_SNAKE code' },
      { title: 'a code starting with a digit', plugin: 'p', table: { '1BAD': { kind: 'boot' } }, message: 'definePluginErrors(p): "1BAD" is not an UPPER_SNAKE code' },
      { title: 'a code ending with an underscore', plugin: 'p', table: { BAD_: { kind: 'boot' } }, message: 'definePluginErrors(p): "BAD_" is not an UPPER_SNAKE code' },
      { title: 'a code with a double underscore', plugin: 'p', table: { A__B: { kind: 'boot' } }, message: 'definePluginErrors(p): "A__B" is not an UPPER_SNAKE code' },
      { title: 'an unknown kind', plugin: 'p', table: { LOUD: { kind: 'fatal' } as never }, message: 'definePluginErrors(p): "LOUD" has kind "fatal"; use "boot", "internal" or "request"' },
      {
        title: 'a request code with a 2xx status',
        plugin: 'p',
        table: { GONE: { kind: 'request', status: 200, name: 'GoneError' } },
        message: 'definePluginErrors(p): "GONE" needs an HTTP error status (4xx or 5xx) and a name',
      },
      {
        title: 'a request code with a status above 599',
        plugin: 'p',
        table: { GONE: { kind: 'request', status: 600, name: 'GoneError' } },
        message: 'definePluginErrors(p): "GONE" needs an HTTP error status (4xx or 5xx) and a name',
      },
      {
        title: 'a request code with a fractional status',
        plugin: 'p',
        table: { GONE: { kind: 'request', status: 410.5, name: 'GoneError' } },
        message: 'definePluginErrors(p): "GONE" needs an HTTP error status (4xx or 5xx) and a name',
      },
      {
        title: 'a request code without a status',
        plugin: 'p',
        table: { GONE: { kind: 'request', name: 'GoneError' } as never },
        message: 'definePluginErrors(p): "GONE" needs an HTTP error status (4xx or 5xx) and a name',
      },
      {
        title: 'a request code without a name',
        plugin: 'p',
        table: { GONE: { kind: 'request', status: 410, name: '' } },
        message: 'definePluginErrors(p): "GONE" needs an HTTP error status (4xx or 5xx) and a name',
      },
    ];
    for (const { title, plugin, table, message } of cases) {
      it(title, () => {
        expect(() => definePluginErrors(plugin, table))
          .to.throw(TypeError)
          .with.property('message', message);
      });
    }

    it('accepts the bounds of the error statuses, 400 and 599', () => {
      const bounds = definePluginErrors('p', { LOW: { kind: 'request', status: 400, name: 'Low' }, HIGH: { kind: 'request', status: 599, name: 'High' } });
      expect([bounds.request('LOW', 'l').status, bounds.request('HIGH', 'h').status]).to.deep.equal([400, 599]);
    });
  });
});
