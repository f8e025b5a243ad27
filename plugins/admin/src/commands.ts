/**
 * `platform admin create-user` and `platform admin reset-password`: an administrator from the
 * command line, for a deployment where nobody opens the first-visit page (Strapi's
 * `strapi admin:create-user` and `admin:reset-user-password`). The first administrator is a
 * Super Admin unless `--role` names another role by its code.
 */
import { CliUsageError, defineCommand, parseCommandArgs, ValidationError, type PluginContext } from '@platform/core';
import type { Access } from './access';
import { checkNewPassword, hashPassword, passwordProblem } from './auth/passwords';
import { errors } from './errors';
import { SUPER_ADMIN_CODE } from './permissions/actions';

export const ADMIN_HELP = `Usage: platform admin create-user --email EMAIL --password PASSWORD --firstname NAME [--lastname NAME] [--role CODE] [--app DIR]
       platform admin reset-password --email EMAIL --password PASSWORD [--app DIR]

  create-user      adds an active administrator (default role: Super Admin, code ${SUPER_ADMIN_CODE};
                   others: strapi-editor, strapi-author, or any role's code)
  reset-password   sets an administrator's password
  A password has at least 8 characters, a lower-case and an upper-case letter and a digit.
`;

export type AdminArgs =
  | { action: 'create-user'; email: string; password: string; firstname: string; lastname: string | null; role: string }
  | { action: 'reset-password'; email: string; password: string };

function usage(command: string, message: string): never {
  throw new CliUsageError(`admin ${command}: ${message} (platform admin --help)`);
}

function required(command: string, options: Record<string, string | boolean | undefined>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') usage(command, `--${name} is required`);
  return value;
}

export function parseAdminArgs(argv: string[]): AdminArgs {
  const [action, ...rest] = argv;
  if (action !== 'create-user' && action !== 'reset-password') usage(action ?? '', 'the action is create-user or reset-password');
  const spec = action === 'create-user' ? { email: 'string', password: 'string', firstname: 'string', lastname: 'string', role: 'string' } : { email: 'string', password: 'string' };
  const { options } = parseCommandArgs(rest, { command: `admin ${action}`, options: spec as Record<string, 'string'> });
  const email = required(action, options, 'email');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) usage(action, `--email must be an email address, got "${email}"`);
  const password = required(action, options, 'password');
  const problem = passwordProblem(password, '--password');
  if (problem) usage(action, problem);
  if (action === 'reset-password') return { action, email, password };
  const lastname = options.lastname;
  return {
    action,
    email,
    password,
    firstname: required(action, options, 'firstname'),
    lastname: typeof lastname === 'string' ? lastname : null,
    role: (options.role as string | undefined) ?? SUPER_ADMIN_CODE,
  };
}

export function adminCommand(access: (ctx: PluginContext) => Access) {
  return defineCommand({
    summary: 'create an administrator of the admin panel, or reset its password',
    help: ADMIN_HELP,
    parse: parseAdminArgs,
    async run(args, ctx, output) {
      const users = access(ctx).users;
      const hash = await hashPassword(checkNewPassword(args.password));
      if (args.action === 'reset-password') {
        const user = await users.userByEmail(args.email);
        if (!user) throw new ValidationError(`No administrator has the email ${args.email}`, {});
        await users.updateUser(user.id, { password: hash });
        output.out(`The password of ${user.email} is reset`);
        return;
      }
      const role = (await access(ctx).roles()).find((r) => r.code === args.role);
      if (!role) throw errors.request('ROLE_UNKNOWN', `No role has the code "${args.role}"`);
      const id = await ctx.db.transaction(async () => {
        if (await users.userByEmail(args.email)) throw errors.request('EMAIL_TAKEN', `An administrator already has the email ${args.email}`);
        return users.createUser({ email: args.email, password: hash, firstname: args.firstname, lastname: args.lastname, isActive: true, roleIds: [role.id] });
      });
      output.out(`Administrator ${args.email} (id ${id}) created with the role ${role.name}`);
    },
  });
}
