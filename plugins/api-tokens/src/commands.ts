/**
 * `platform api-token create|list|revoke|regenerate`: the service (./service.ts) on the command
 * line. `create` and `regenerate` print the secret alone on the last line (`--json`: one JSON
 * object `{ id, name, type, accessKey }`), since it is never shown again.
 */
import { CliUsageError, defineCommand, parseCommandArgs } from '@platform/core';
import type { ApiTokensService } from './service';
import type { ApiToken } from './token-store';
import { daysToLifespan, isTokenType, LIFESPAN_DAYS, TOKEN_TYPES, type TokenType } from './token-types';

const SERVICE = 'plugin::api-tokens.api-tokens';

export const API_TOKEN_HELP = `Usage: platform api-token create --name NAME --type TYPE [--permissions A,B] [--duration DAYS] [--description TEXT] [--json] [--app DIR]
       platform api-token list [--json] [--app DIR]
       platform api-token revoke <id> [--app DIR]
       platform api-token regenerate <id> [--json] [--app DIR]

  create       creates a token and prints its secret alone on the last line (shown only once)
    --type          read-only, full-access or custom
    --permissions   the actions of a custom token, separated by commas (api::article.article.find,...)
    --duration      the token expires after 7, 30 or 90 days (default: never)
    --json          prints { id, name, type, accessKey } instead
  list         lists the tokens (never their secrets)
  revoke       deletes a token: requests with it are no longer authenticated
  regenerate   gives a token a new secret (printed on the last line); the old one stops working
`;

export type ApiTokenArgs =
  | { action: 'create'; name: string; type: TokenType; permissions: string[] | undefined; lifespan: number | null; description: string | undefined; json: boolean }
  | { action: 'list'; json: boolean }
  | { action: 'revoke' | 'regenerate'; id: number; json: boolean };

const HELP_HINT = '(platform api-token --help)';

/** One line naming the command as typed (`api-token create`) and where its help is. */
function usage(command: string, message: string): never {
  throw new CliUsageError(`${command}: ${message} ${HELP_HINT}`);
}

function parseId(action: string, raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) usage(`api-token ${action}`, `<id> must be a token id (a positive whole number), got "${raw}"`);
  return Number(raw);
}

function parseCreate(argv: string[]): ApiTokenArgs {
  const { options } = parseCommandArgs(argv, {
    command: 'api-token create',
    options: { name: 'string', type: 'string', permissions: 'string', duration: 'string', description: 'string', json: 'boolean' },
  });
  const { name, type, permissions, duration, description } = options as Record<string, string | undefined>;
  if (name === undefined) usage('api-token create', '--name is required');
  if (type === undefined) usage('api-token create', `--type is required (${TOKEN_TYPES.join(', ')})`);
  if (!isTokenType(type)) usage('api-token create', `--type must be one of ${TOKEN_TYPES.join(', ')}, got "${type}"`);
  if (type === 'custom' && permissions === undefined) usage('api-token create', 'a custom token needs --permissions');
  if (type !== 'custom' && permissions !== undefined) usage('api-token create', `--permissions is for custom tokens; a ${type} token has its type's permissions`);
  let lifespan: number | null = null;
  if (duration !== undefined) {
    const days = /^\d+$/.test(duration) ? Number(duration) : Number.NaN;
    if (!LIFESPAN_DAYS.includes(days as (typeof LIFESPAN_DAYS)[number])) usage('api-token create', `--duration must be one of ${LIFESPAN_DAYS.join(', ')} (days), got "${duration}"`);
    lifespan = daysToLifespan(days);
  }
  const actions = permissions
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (actions !== undefined && actions.length === 0) usage('api-token create', '--permissions needs at least one action');
  return { action: 'create', name, type, permissions: actions, lifespan, description, json: options.json === true };
}

export function parseApiTokenArgs(argv: string[]): ApiTokenArgs {
  const [action, ...rest] = argv;
  switch (action) {
    case 'create':
      return parseCreate(rest);
    case 'list': {
      const { options } = parseCommandArgs(rest, { command: 'api-token list', options: { json: 'boolean' } });
      return { action, json: options.json === true };
    }
    case 'revoke':
    case 'regenerate': {
      const {
        options,
        positionals: [id],
      } = parseCommandArgs(rest, { command: `api-token ${action}`, options: action === 'regenerate' ? { json: 'boolean' } : {}, positionals: ['id'] });
      return { action, id: parseId(action, id), json: options.json === true };
    }
    case undefined:
      return usage('api-token', 'which action? create, list, revoke or regenerate');
    default:
      return usage('api-token', `unknown action "${action}" (create, list, revoke or regenerate)`);
  }
}

function describe(token: Pick<ApiToken, 'id' | 'name' | 'type' | 'expiresAt'>): string {
  return `API token ${token.id} "${token.name}" (${token.type}, ${token.expiresAt ? `expires ${token.expiresAt}` : 'never expires'})`;
}

function table(tokens: ApiToken[]): string[] {
  const rows = tokens.map((t) => [String(t.id), t.name, t.type + (t.type === 'custom' ? ` (${t.permissions.length})` : ''), t.expiresAt ?? 'never', t.lastUsedAt ?? 'never', t.createdAt ?? '']);
  const header = ['id', 'name', 'type', 'expires', 'last used', 'created'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

export const apiTokenCommand = defineCommand<ApiTokenArgs>({
  summary: 'create, list, revoke or regenerate API tokens',
  help: API_TOKEN_HELP,
  parse: parseApiTokenArgs,
  async run(args, ctx, output) {
    const service = ctx.service<ApiTokensService>(SERVICE);
    switch (args.action) {
      case 'create': {
        const { action: _action, json, ...input } = args;
        const token = await service.create(input);
        if (json) output.out(JSON.stringify({ id: token.id, name: token.name, type: token.type, accessKey: token.accessKey }));
        else {
          output.out(`Created ${describe(token)}. Its secret is shown only now:`);
          output.out(token.accessKey);
        }
        return;
      }
      case 'list': {
        const tokens = await service.list();
        if (args.json) output.out(JSON.stringify(tokens));
        else if (tokens.length === 0) output.out('No API tokens.');
        else for (const line of table(tokens)) output.out(line);
        return;
      }
      case 'revoke': {
        const token = await service.revoke(args.id);
        output.out(`Revoked ${describe(token)}.`);
        return;
      }
      case 'regenerate': {
        const token = await service.findOne(args.id);
        const { accessKey } = await service.regenerate(args.id);
        if (args.json) output.out(JSON.stringify({ id: args.id, name: token?.name, type: token?.type, accessKey }));
        else {
          // regenerate refused an unknown id above: the token was there
          output.out(`New secret for ${token ? describe(token) : `API token ${args.id}`}; the old one no longer works:`);
          output.out(accessKey);
        }
      }
    }
  },
});
