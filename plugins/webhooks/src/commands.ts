/**
 * `platform webhooks list|create|trigger|deliveries`: the webhooks service (./service.ts) on the
 * command line. A webhook created here reaches a running server at its next read of the stored
 * webhooks (`refreshInterval`). `create --sign` prints the signing secret alone on the last line,
 * since it is never shown again.
 */
import { CliUsageError, CommandError, defineCommand, parseCommandArgs } from '@platform/core';
import { SERVICE_UID } from './admin-controller';
import type { DeliveryRecord } from './outbox';
import type { Webhook } from './registry';
import type { WebhooksService } from './service';
import { generateSecret } from './signing';
import { DELIVERED, FAILED, PENDING, type DeliveryState } from './tables';
import { parseWebhookInput, type WebhookInput } from './webhook-input';
import { WEBHOOK_EVENTS } from './events';

export const WEBHOOKS_HELP = `Usage: platform webhooks list [--json] [--app DIR]
       platform webhooks create --name NAME --url URL --events E1,E2 [--headers JSON] [--sign] [--json] [--app DIR]
       platform webhooks trigger <id|name> [--json] [--app DIR]
       platform webhooks deliveries [--webhook <id|name>] [--state pending|delivered|failed] [--limit N] [--json] [--app DIR]

  list         lists the webhooks: stored ones (the admin's) and those declared in config/plugins
  create       stores a webhook; running servers deliver to it from their next read (a few seconds)
    --events        among ${WEBHOOK_EVENTS.join(', ')}, separated by commas
    --headers       headers sent with every request, as a JSON object ({"Authorization":"Bearer x"})
    --sign          signs every request (Standard Webhooks); prints the secret alone on the last line
  trigger      sends the test event "trigger-test" now and prints the answer's status
  deliveries   the latest deliveries (default 20, at most 1000), newest first, with status codes and times
`;

export type WebhooksArgs =
  | { action: 'list'; json: boolean }
  | { action: 'create'; input: WebhookInput; sign: boolean; json: boolean }
  | { action: 'trigger'; webhook: string; json: boolean }
  | { action: 'deliveries'; webhook: string | undefined; state: DeliveryState | undefined; limit: number; json: boolean };

function usage(command: string, message: string): never {
  throw new CliUsageError(`${command}: ${message} (platform webhooks --help)`);
}

function parseCreate(argv: string[]): WebhooksArgs {
  const { options } = parseCommandArgs(argv, { command: 'webhooks create', options: { name: 'string', url: 'string', events: 'string', headers: 'string', sign: 'boolean', json: 'boolean' } });
  const { name, url, events, headers } = options as Record<string, string | undefined>;
  if (name === undefined) usage('webhooks create', '--name is required');
  if (url === undefined) usage('webhooks create', '--url is required');
  if (events === undefined) usage('webhooks create', `--events is required (${WEBHOOK_EVENTS.join(', ')})`);
  let parsedHeaders: unknown = {};
  if (headers !== undefined) {
    try {
      parsedHeaders = JSON.parse(headers);
    } catch {
      usage('webhooks create', '--headers must be a JSON object such as {"Authorization":"Bearer x"}');
    }
  }
  const body = { name, url, events: events.split(',').map((e) => e.trim()), headers: parsedHeaders };
  let input: WebhookInput;
  try {
    input = parseWebhookInput(body, 'create');
  } catch (error) {
    usage('webhooks create', (error as Error).message);
  }
  return { action: 'create', input, sign: options.sign === true, json: options.json === true };
}

function parseDeliveries(argv: string[]): WebhooksArgs {
  const { options } = parseCommandArgs(argv, { command: 'webhooks deliveries', options: { webhook: 'string', state: 'string', limit: 'string', json: 'boolean' } });
  const state = options.state as string | undefined;
  if (state !== undefined && state !== PENDING && state !== DELIVERED && state !== FAILED) usage('webhooks deliveries', `--state must be pending, delivered or failed, got "${state}"`);
  const limit = options.limit === undefined ? 20 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) usage('webhooks deliveries', `--limit must be a whole number from 1 to 1000, got "${String(options.limit)}"`);
  return { action: 'deliveries', webhook: options.webhook as string | undefined, state, limit, json: options.json === true };
}

export function parseWebhooksArgs(argv: string[]): WebhooksArgs {
  const [action, ...rest] = argv;
  switch (action) {
    case 'list': {
      const { options } = parseCommandArgs(rest, { command: 'webhooks list', options: { json: 'boolean' } });
      return { action, json: options.json === true };
    }
    case 'create':
      return parseCreate(rest);
    case 'trigger': {
      const {
        options,
        positionals: [webhook],
      } = parseCommandArgs(rest, { command: 'webhooks trigger', options: { json: 'boolean' }, positionals: ['id|name'] });
      return { action, webhook, json: options.json === true };
    }
    case 'deliveries':
      return parseDeliveries(rest);
    case undefined:
      return usage('webhooks', 'which action? list, create, trigger or deliveries');
    default:
      return usage('webhooks', `unknown action "${action}" (list, create, trigger or deliveries)`);
  }
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

const time = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

function describe(webhook: Webhook): Record<string, unknown> {
  return { id: webhook.id, name: webhook.name, url: webhook.url, events: webhook.events, headers: webhook.headers, enabled: webhook.enabled, signed: webhook.secret !== null, source: webhook.source };
}

function find(service: WebhooksService, idOrName: string): Webhook {
  const webhook = service.find(idOrName);
  if (!webhook) throw new CommandError(`webhooks: no webhook has the id or name "${idOrName}"`);
  return webhook;
}

function deliveryRows(deliveries: DeliveryRecord[]): string[] {
  const rows = deliveries.map((d) => [
    String(d.id),
    d.webhook,
    d.event,
    d.entryKey,
    d.state,
    String(d.attempts),
    d.lastStatus === null ? '' : String(d.lastStatus),
    time(d.createdAt),
    time(d.finishedAt ?? d.lastAttemptAt),
    (d.lastError ?? '').replace(/\s+/g, ' ').slice(0, 60),
  ]);
  return table(['id', 'webhook', 'event', 'entry', 'state', 'attempts', 'status', 'created', 'last attempt', 'last answer'], rows);
}

export const webhooksCommand = defineCommand<WebhooksArgs>({
  summary: 'list, create or trigger webhooks, and read their deliveries',
  help: WEBHOOKS_HELP,
  parse: parseWebhooksArgs,
  async run(args, ctx, output) {
    const service = ctx.service<WebhooksService>(SERVICE_UID);
    switch (args.action) {
      case 'list': {
        const webhooks = service.all().map(describe);
        if (args.json) output.out(JSON.stringify(webhooks));
        else if (webhooks.length === 0) output.out('No webhooks.');
        else {
          const rows = service.all().map((w) => [w.id === null ? '-' : String(w.id), w.name, w.url, w.events.join(','), w.enabled ? 'yes' : 'no', w.secret ? 'yes' : 'no', w.source]);
          for (const line of table(['id', 'name', 'url', 'events', 'enabled', 'signed', 'source'], rows)) output.out(line);
        }
        return;
      }
      case 'create': {
        const webhook = await service.create(args.input);
        const secret = args.sign ? generateSecret() : null;
        if (secret) await service.setSecret(webhook.id, secret);
        if (args.json) output.out(JSON.stringify({ ...webhook, ...(secret ? { secret } : {}) }));
        else {
          output.out(`Created webhook ${webhook.id} "${webhook.name}" (${webhook.events.join(', ')}) to ${webhook.url}.`);
          if (secret) {
            output.out('Its signing secret is shown only now:');
            output.out(secret);
          }
        }
        return;
      }
      case 'trigger': {
        const webhook = find(service, args.webhook);
        const result = await service.trigger(webhook);
        if (args.json) output.out(JSON.stringify(result));
        else output.out(`trigger-test to ${webhook.url}: ${result.statusCode}${result.message ? ` ${result.message}` : ''}`);
        if (result.statusCode < 200 || result.statusCode >= 300) throw new CommandError(`webhooks trigger: the receiver answered ${result.statusCode}`);
        return;
      }
      case 'deliveries': {
        const webhook = args.webhook === undefined ? undefined : find(service, args.webhook).key;
        const deliveries = await service.deliveries({ webhook, state: args.state, limit: args.limit });
        if (args.json) output.out(JSON.stringify(deliveries));
        else if (deliveries.length === 0) output.out('No deliveries.');
        else for (const line of deliveryRows(deliveries)) output.out(line);
      }
    }
  },
});
