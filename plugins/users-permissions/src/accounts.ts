/**
 * What the auth routes do, as a service every transport calls (REST's controllers, the GraphQL
 * login and register mutations): log in, register, forgotten and changed passwords, email
 * confirmation. Answers, statuses, error names and messages are Strapi v4's; each attempt is
 * rate limited by client address and identifier first.
 */
import crypto from 'node:crypto';
import { ApplicationError, UnauthorizedError, ValidationError, type PluginContext } from '@platform/core';
import type { ContentApi, ContentApiContext, Entity, EntityService } from '@platform/query-engine';
import type { UsersPermissionsConfig } from './config';
import { USER_UID } from './content-types';
import type { EmailService } from './email';
import { emailTemplate, senderOf, type EmailTemplateName } from './email-templates';
import { errors } from './errors';
import type { JwtService } from './auth/jwt';
import { checkPassword, MAX_PASSWORD_BYTES, verifyPassword } from './auth/passwords';
import type { RateLimiter } from './rate-limit';
import { toSeconds } from './time';
import { validateBody } from './validation';

/** Who asks, as the transport knows it. */
export interface AccountRequest {
  /** the client's address, for the rate limit */
  ip: string;
  /** the content-API context (what the answer's user may show) */
  context: ContentApiContext;
  /** the authenticated user, for change-password */
  user?: { id: number } | null;
}

export interface AuthAnswer {
  jwt: string;
  user: Entity;
}

export interface AccountsService {
  login(body: unknown, request: AccountRequest): Promise<AuthAnswer>;
  /** `{ jwt, user }`, or `{ user }` alone when email confirmation is on */
  register(body: unknown, request: AccountRequest): Promise<AuthAnswer | { user: Entity }>;
  forgotPassword(body: unknown, request: AccountRequest): Promise<{ ok: true }>;
  resetPassword(body: unknown, request: AccountRequest): Promise<AuthAnswer>;
  changePassword(body: unknown, request: AccountRequest): Promise<AuthAnswer>;
  /** confirms the email of the token's user; returns where to redirect */
  confirmEmail(token: unknown, request: AccountRequest): Promise<string>;
  /** confirms the email of the token's user and signs it in (the GraphQL mutation's answer) */
  confirmEmailAndSignIn(token: unknown, request: AccountRequest): Promise<AuthAnswer>;
  sendEmailConfirmation(body: unknown, request: AccountRequest): Promise<{ email: string; sent: true }>;
  /** the user as an answer shows it to this caller */
  sanitizedUser(id: number, context: ContentApiContext): Promise<Entity>;
}

export interface AccountsDependencies {
  ctx: PluginContext;
  config: UsersPermissionsConfig;
  jwt: () => JwtService;
  limiter: RateLimiter;
  email: EmailService;
  /** the REST prefix, for the confirmation link */
  restPrefix: string;
  /**
   * the server's public URL for links in emails (`server.url`, else the address it listens on);
   * never the request's Host header, which a caller could point at a server of theirs
   */
  serverUrl: () => string;
}

interface UserRow {
  id: number;
  email: string | null;
  username: string | null;
  password: string | null;
  blocked: boolean | number | null;
  confirmed: boolean | number | null;
}

const USER_COLUMNS = ['id', 'email', 'username', 'password', 'blocked', 'confirmed'];

function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

function randomToken(): string {
  return crypto.randomBytes(64).toString('hex');
}

/** The password the body names, bounded as bcrypt reads it (never silently cut). */
function boundedPassword(password: string, path = 'password'): string {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) checkPassword(password, path);
  return password;
}

export function createAccounts(deps: AccountsDependencies): AccountsService {
  const { ctx, config, limiter } = deps;
  const settings = config.advanced;
  const entityService = () => ctx.service<EntityService>('plugin::query-engine.entity-service');
  const contentApi = () => ctx.service<ContentApi>('plugin::query-engine.content-api');
  const users = () => ctx.db.connection('up_users');

  async function sanitizedUser(id: number, context: ContentApiContext): Promise<Entity> {
    const entity = await entityService().findOne(USER_UID, id);
    if (!entity) throw new ApplicationError('User not found');
    return contentApi().sanitizeOutput(ctx.models.get(USER_UID), entity, context);
  }

  async function answer(id: number, context: ContentApiContext): Promise<AuthAnswer> {
    const row = (await users().where('id', id).first('password_changed_at')) as { password_changed_at?: unknown } | undefined;
    return { jwt: deps.jwt().issue({ id }, toSeconds(row?.password_changed_at)), user: await sanitizedUser(id, context) };
  }

  async function defaultRoleId(): Promise<number> {
    const role = await ctx.db.connection('up_roles').where({ type: settings.defaultRole }).first('id');
    if (!role) throw errors.request('DEFAULT_ROLE_MISSING', 'Impossible to find the default role');
    return Number(role.id);
  }

  /** What a template may show of a user (`<%= USER.username %>`): never a password or a token. */
  async function templateUser(id: number): Promise<Record<string, unknown>> {
    const row = (await users().where('id', id).first(['id', 'username', 'email', 'provider', 'confirmed', 'blocked'])) as Record<string, unknown> | undefined;
    return { ...row, confirmed: isTrue(row?.confirmed), blocked: isTrue(row?.blocked) };
  }

  /** Sends the stored template `name` (Strapi's default when none is stored) to the user, filled with `data`. */
  async function sendTemplate(name: EmailTemplateName, to: string, user: Record<string, unknown>, data: Record<string, unknown>): Promise<void> {
    const template = await emailTemplate(ctx, name);
    const server = deps.serverUrl();
    const values = { SERVER_URL: server, ADMIN_URL: `${server}/admin`, USER: user, ...data };
    const text = deps.email.render(template.message, values);
    const message = { to, subject: deps.email.render(template.object, { USER: user }), text, html: text };
    const from = senderOf(template);
    await deps.email.send({ ...message, ...(from ? { from } : {}), ...(template.response_email ? { replyTo: template.response_email } : {}) });
  }

  async function sendConfirmation(user: { id: number; email: string }): Promise<void> {
    const token = randomToken();
    await entityService().update(USER_UID, user.id, { data: { confirmationToken: token } });
    const url = `${deps.serverUrl()}${deps.restPrefix}/auth/email-confirmation`;
    await sendTemplate('email_confirmation', user.email, await templateUser(user.id), { URL: url, CODE: token });
  }

  /** Confirms the email of the token's user (the token is used up); its id. */
  async function confirm(token: unknown): Promise<number> {
    if (typeof token !== 'string' || token === '') throw new ValidationError('Invalid token');
    const row = (await users().where('confirmation_token', token).first(USER_COLUMNS)) as UserRow | undefined;
    if (!row) throw new ValidationError('Invalid token');
    await entityService().update(USER_UID, Number(row.id), { data: { confirmed: true, confirmationToken: null } });
    return Number(row.id);
  }

  return {
    sanitizedUser,

    async login(body, request) {
      const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      await limiter.consume({ action: 'auth.callback', ip: request.ip, identifier: input.identifier });
      const { identifier, password } = validateBody(body, [{ name: 'identifier' }, { name: 'password' }]) as { identifier: string; password: string };
      boundedPassword(password);
      const row = (await users()
        .where('provider', 'local')
        .andWhere((q) => q.where('email', identifier.toLowerCase()).orWhere('username', identifier))
        .orderBy('id')
        .first(USER_COLUMNS)) as UserRow | undefined;
      // The password is compared even without a user: both failures take the same time.
      const valid = await verifyPassword(password, row?.password);
      if (!row || !valid) throw new ValidationError('Invalid identifier or password');
      if (settings.emailConfirmation && !isTrue(row.confirmed)) throw new ApplicationError('Your account email is not confirmed');
      if (isTrue(row.blocked)) throw new ApplicationError('Your account has been blocked by an administrator');
      return answer(Number(row.id), request.context);
    },

    async register(body, request) {
      const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      await limiter.consume({ action: 'auth.register', ip: request.ip, identifier: input.email });
      if (!settings.allowRegister) throw new ApplicationError('Register action is currently disabled');
      const allowed = ['username', 'password', 'email', ...(config.register.allowedFields ?? [])];
      const params: Record<string, unknown> = {};
      for (const key of allowed) if (key in input) params[key] = input[key];
      const { email, username, password } = validateBody(params, [{ name: 'email', email: true }, { name: 'username' }, { name: 'password' }]) as { email: string; username: string; password: string };
      checkPassword(password);
      const roleId = await defaultRoleId();
      const lower = email.toLowerCase();
      const conflicts = (q: ReturnType<typeof users>) => q.where((w) => w.where('email', lower).orWhere('username', lower).orWhere('username', username).orWhere('email', username));
      const [sameProvider] = await conflicts(users()).andWhere('provider', 'local').count({ n: '*' });
      if (Number(sameProvider?.n ?? 0) > 0) throw new ApplicationError('Email or Username are already taken');
      if (settings.uniqueEmail) {
        const [any] = await conflicts(users()).count({ n: '*' });
        if (Number(any?.n ?? 0) > 0) throw new ApplicationError('Email or Username are already taken');
      }
      const created = await entityService().create(USER_UID, {
        data: { ...params, email: lower, username, password, provider: 'local', role: roleId, confirmed: !settings.emailConfirmation, blocked: false },
      });
      const id = Number(created.id);
      if (settings.emailConfirmation) {
        await sendConfirmation({ id, email: lower });
        return { user: await sanitizedUser(id, request.context) };
      }
      return answer(id, request.context);
    },

    async forgotPassword(body, request) {
      const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      await limiter.consume({ action: 'auth.forgotPassword', ip: request.ip, identifier: input.email });
      const { email } = validateBody(body, [{ name: 'email', email: true }], { noUnknown: true }) as { email: string };
      const row = (await users().where('email', email.toLowerCase()).orderBy('id').first(USER_COLUMNS)) as UserRow | undefined;
      // The same answer for an unknown or blocked address: no oracle on who has an account.
      if (!row || isTrue(row.blocked)) return { ok: true };
      const token = randomToken();
      await entityService().update(USER_UID, Number(row.id), { data: { resetPasswordToken: token } });
      const page = settings.emailResetPassword ?? `${deps.serverUrl()}/reset-password`;
      await sendTemplate('reset_password', row.email ?? email, await templateUser(Number(row.id)), { URL: page, TOKEN: token });
      return { ok: true };
    },

    async resetPassword(body, request) {
      await limiter.consume({ action: 'auth.resetPassword', ip: request.ip });
      const { password, passwordConfirmation, code } = validateBody(body, [{ name: 'password' }, { name: 'passwordConfirmation' }, { name: 'code' }], { noUnknown: true }) as Record<string, string>;
      if (password !== passwordConfirmation) throw new ValidationError('Passwords do not match');
      checkPassword(password);
      const row = (await users().where('reset_password_token', code).first(USER_COLUMNS)) as UserRow | undefined;
      if (!row) throw new ValidationError('Incorrect code provided');
      await entityService().update(USER_UID, Number(row.id), { data: { resetPasswordToken: null, password } });
      return answer(Number(row.id), request.context);
    },

    async changePassword(body, request) {
      if (!request.user) throw new ApplicationError('You must be authenticated to reset your password');
      await limiter.consume({ action: 'auth.changePassword', ip: request.ip, identifier: String(request.user.id) });
      const values = validateBody(body, [{ name: 'currentPassword' }, { name: 'password' }, { name: 'passwordConfirmation' }], { noUnknown: true }) as {
        currentPassword: string;
        password: string;
        passwordConfirmation: string;
      };
      if (values.password !== values.passwordConfirmation) {
        throw ValidationError.fromIssues([{ path: ['passwordConfirmation'], message: 'Passwords do not match', name: 'ValidationError' }]);
      }
      boundedPassword(values.currentPassword, 'currentPassword');
      const row = (await users().where('id', request.user.id).first(USER_COLUMNS)) as UserRow | undefined;
      if (!row) throw new UnauthorizedError('Unauthorized', {});
      if (!(await verifyPassword(values.currentPassword, row.password))) throw new ValidationError('The provided current password is invalid');
      if (values.currentPassword === values.password) throw new ValidationError('Your new password must be different than your current password');
      await entityService().update(USER_UID, Number(row.id), { data: { password: values.password } });
      return answer(Number(row.id), request.context);
    },

    async confirmEmail(token) {
      await confirm(token);
      return settings.emailConfirmationRedirection ?? '/';
    },

    async confirmEmailAndSignIn(token, request) {
      return answer(await confirm(token), request.context);
    },

    async sendEmailConfirmation(body, request) {
      const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      await limiter.consume({ action: 'auth.sendEmailConfirmation', ip: request.ip, identifier: input.email });
      const { email } = validateBody(body, [{ name: 'email', email: true }]) as { email: string };
      const lower = email.toLowerCase();
      const row = (await users().where('email', lower).orderBy('id').first(USER_COLUMNS)) as UserRow | undefined;
      if (!row) return { email: lower, sent: true };
      if (isTrue(row.confirmed)) throw new ApplicationError('Already confirmed');
      if (isTrue(row.blocked)) throw new ApplicationError('User blocked');
      await sendConfirmation({ id: Number(row.id), email: lower });
      return { email: lower, sent: true };
    },
  };
}
