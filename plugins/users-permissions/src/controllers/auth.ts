/**
 * `plugin::users-permissions.auth`: the REST face of the accounts service (`/api/auth/...`).
 */
import type { PluginContext, RequestContext } from '@platform/core';
import { restContext } from '@platform/query-engine';
import type { AccountRequest, AccountsService } from '../accounts';

function accountRequest(ctx: RequestContext): AccountRequest {
  const user = ctx.state.user as { id?: unknown } | undefined;
  return {
    ip: ctx.ip,
    context: restContext(ctx),
    user: typeof user?.id === 'number' ? { id: user.id } : null,
  };
}

export function createAuthController(plugin: PluginContext) {
  const accounts = () => plugin.service<AccountsService>('plugin::users-permissions.accounts');
  return {
    callback: (ctx: RequestContext) => accounts().login(ctx.request.body, accountRequest(ctx)),
    register: (ctx: RequestContext) => accounts().register(ctx.request.body, accountRequest(ctx)),
    forgotPassword: (ctx: RequestContext) => accounts().forgotPassword(ctx.request.body, accountRequest(ctx)),
    resetPassword: (ctx: RequestContext) => accounts().resetPassword(ctx.request.body, accountRequest(ctx)),
    changePassword: (ctx: RequestContext) => accounts().changePassword(ctx.request.body, accountRequest(ctx)),
    sendEmailConfirmation: (ctx: RequestContext) => accounts().sendEmailConfirmation(ctx.request.body, accountRequest(ctx)),
    async emailConfirmation(ctx: RequestContext) {
      const target = await accounts().confirmEmail(ctx.query.confirmation, accountRequest(ctx));
      ctx.redirect(target);
    },
  };
}
