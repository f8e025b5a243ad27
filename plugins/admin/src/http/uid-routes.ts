/**
 * Strapi v4's uid routes of the content manager: `POST /content-manager/uid/generate`
 * (`{ contentTypeUID, field, data }` → `{ data: slug }`) and
 * `POST /content-manager/uid/check-availability` (`{ contentTypeUID, field, value }` →
 * `{ isAvailable, suggestion }`). Whoever may read, create or update entries of the type may
 * call them; the locale of a localized type comes from `?locale=` (or `data.locale`).
 */
import { ForbiddenError, ValidationError, isPlainObject, type Model, type PluginContext, type RequestContext, type RouteDefinition } from '@platform/core';
import { adminState } from '../access';
import { uidValues, type UidScope } from '../content/uid-values';
import { CONTENT_ACTIONS } from '../permissions/actions';
import { editableContentTypes } from '../permissions/roles-setup';
import { bodyOf, type AdminRoutes } from './admin-route';

/** Strapi's pattern of a uid value */
const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;

const invalid = (key: string, message: string) => ValidationError.fromIssues([{ path: [key], message, name: 'ValidationError' }]);

function requiredString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') throw invalid(key, `${key} is a required field`);
  return value;
}

export function uidRoutes(ctx: PluginContext, routes: AdminRoutes): RouteDefinition[] {
  const values = uidValues(ctx);

  /** the content type and uid attribute the body names, checked against the administrator's permissions */
  const scopeOf = (koa: RequestContext, body: Record<string, unknown>, locale: unknown): UidScope => {
    const uid = requiredString(body, 'contentTypeUID');
    const field = requiredString(body, 'field');
    const model: Model | undefined = editableContentTypes(ctx).find((m) => m.uid === uid);
    if (!model) throw invalid('contentTypeUID', `contentTypeUID ${uid} is not a content type`);
    const { ability } = adminState(koa);
    if (![CONTENT_ACTIONS.read, CONTENT_ACTIONS.create, CONTENT_ACTIONS.update].some((action) => ability.can(action, model.uid))) throw new ForbiddenError('Forbidden', {});
    const attribute = Object.hasOwn(model.attributes, field) ? model.attributes[field] : undefined;
    if (attribute?.type !== 'uid') throw invalid('field', `${field} must be a valid \`uid\` attribute`);
    const scope: UidScope = { model, field };
    if (typeof locale === 'string' && locale !== '' && model.fields.has('locale')) scope.locale = locale;
    return scope;
  };
  const queryLocale = (koa: RequestContext) => (typeof koa.query.locale === 'string' ? koa.query.locale : undefined);

  return [
    routes.signedIn('POST', '/content-manager/uid/generate', async (koa) => {
      const body = bodyOf(koa);
      const data = body.data;
      if (!isPlainObject(data)) throw invalid('data', 'data must be an object');
      const scope = scopeOf(koa, body, queryLocale(koa) ?? data.locale);
      return { data: await values.generate(scope, data) };
    }),
    routes.signedIn('POST', '/content-manager/uid/check-availability', async (koa) => {
      const body = bodyOf(koa);
      const scope = scopeOf(koa, body, queryLocale(koa));
      const value = requiredString(body, 'value');
      if (!UID_PATTERN.test(value)) throw invalid('value', 'value must match the uid pattern ^[A-Za-z0-9-_.~]*$');
      const isAvailable = await values.isAvailable(scope, value);
      return { isAvailable, suggestion: isAvailable ? null : await values.unique(scope, value) };
    }),
  ];
}
