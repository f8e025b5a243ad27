/**
 * Delivers the outbox, in each process that serves the app. Two ways in:
 * - a change this process committed: its rows were written already claimed by this process
 *   (./record-events.ts) and are handed over after the commit, so the usual delivery costs no
 *   statement to find or claim them; a batch of them is checked once for an earlier delivery of
 *   the same entry still pending elsewhere, and such rows are given back to keep the order;
 * - every `pollInterval`, and when a retry falls due: deliveries that are due and first in
 *   their entry's order are claimed (another process's that died, this one's retries, rows
 *   written while no process could take them).
 * Attempts are capped (`concurrency`, `perWebhookConcurrency`) and so is what is held in memory
 * (`maxQueued`, payload bytes): past that, rows wait in the database. Successes are written back
 * in batches; a failure is retried after a backoff, or failed for good with its last answer.
 */
import crypto from 'node:crypto';
import type { Logger } from '@platform/core';
import { retryDelay } from './backoff';
import { chainKey, Chains } from './chains';
import type { WebhooksConfig } from './config';
import type { AttemptOutcome, Claim, Delivery, Outbox } from './outbox';
import type { WebhookRegistry } from './registry';
import type { AttemptResult, Sender } from './sender';

/** payload bytes held in memory at most, in each process */
const MAX_HELD_BYTES = 32 * 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;
const TRIM_EVERY = 60 * 60 * 1000;
const TRIM_BATCH = 1000;
/** how long successes are gathered before they are written, in one statement */
const FLUSH_AFTER_MS = 20;

type Settings = Pick<WebhooksConfig, 'timeout' | 'attempts' | 'minDelay' | 'maxDelay' | 'concurrency' | 'perWebhookConcurrency' | 'maxQueued' | 'pollInterval' | 'retentionDays'>;

export interface DispatcherDeps {
  outbox: Outbox;
  registry: WebhookRegistry;
  sender: Sender;
  log: Logger;
  settings: Settings;
  now?: () => number;
}

export class Dispatcher {
  private readonly chains = new Chains();
  private readonly inFlight = new Map<string, number>();
  private attempts = 0;
  private readonly token = crypto.randomUUID();
  private claims = 0;
  private running = false;
  private toCheck: Delivery[] = [];
  private checking: Promise<void> | null = null;
  /** delivered here, not yet written so: still pending in the database, and no obstacle */
  private readonly settling = new Set<number>();
  private readonly claimNames = new Map<number, string>();
  private succeeded: AttemptOutcome[] = [];
  private flushing: Promise<void> | null = null;
  private renewal: Promise<void> | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private pollAt = Number.POSITIVE_INFINITY;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  /** rows may wait in the database for room here */
  private backlog = false;
  private trimTimer: NodeJS.Timeout | null = null;
  private readonly idle = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly deps: DispatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** how long a claim holds a row: an attempt's time limit and some to spare */
  private get lease(): number {
    return this.deps.settings.timeout + 5000;
  }

  /** a claim for rows about to be written, or null when they should wait in the database */
  claimFor(count: number, bytes: number): Claim | null {
    if (!this.running) return null;
    const { maxQueued } = this.deps.settings;
    if (this.chains.size + this.toCheck.length + count > maxQueued || this.chains.payloadBytes + bytes > MAX_HELD_BYTES) return null;
    return { by: this.token, until: this.now() + this.lease };
  }

  /** rows this process wrote with a claim, once their transaction committed */
  adopt(rows: Delivery[]): void {
    if (!this.running) return;
    const first = this.toCheck.length === 0;
    this.toCheck.push(...rows);
    if (first && this.checking === null) setImmediate(() => this.checkOrder());
  }

  /** rows were written without a claim: look for them once there is room for a batch */
  wake(): void {
    if (!this.running) return;
    this.backlog = true;
    if (this.roomToClaim() >= this.batchToClaim()) this.schedulePoll(this.now() + 20);
  }

  /** how many rows a look may claim now */
  private roomToClaim(): number {
    const { maxQueued, concurrency } = this.deps.settings;
    return Math.min(maxQueued - this.chains.size - this.toCheck.length, concurrency * 4);
  }

  /** a look claims no fewer at once (each look costs statements, whatever it finds) */
  private batchToClaim(): number {
    const { maxQueued, concurrency } = this.deps.settings;
    return Math.max(1, Math.min(concurrency, Math.floor(maxQueued / 2)));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedulePoll(this.now());
    const trim = () => {
      void this.trim();
      this.trimTimer = setTimeout(trim, TRIM_EVERY);
      this.trimTimer.unref();
    };
    trim();
  }

  /** stops taking work, lets attempts in flight end, writes their outcome, and gives back what waited */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.trimTimer) clearTimeout(this.trimTimer);
    await this.checking;
    await this.polling;
    if (this.attempts > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
    await this.flush();
    const waiting = [...this.chains.dropWaiting(), ...this.toCheck];
    this.toCheck = [];
    await this.guard('give back the deliveries it held', () => this.deps.outbox.release(waiting.map((d) => d.id)));
  }

  private async guard(what: string, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      this.deps.log.warn(`could not ${what}: ${(error as Error).message}`);
    }
  }

  private checkOrder(): void {
    if (this.checking !== null || this.toCheck.length === 0) return;
    this.checking = this.checkBatches().finally(() => {
      this.checking = null;
    });
  }

  /**
   * New rows go to their chains, unless a delivery of the same entry to the same webhook is
   * pending before them that this process does not hold: those are given back, and the poll
   * takes them up in order once the earlier ones are done.
   */
  private async checkBatches(): Promise<void> {
    while (this.toCheck.length > 0 && this.running) {
      const batch = this.toCheck;
      this.toCheck = [];
      // a create has nothing before it; what follows it in the same write is held here
      const doubtful = batch.filter((d) => d.event !== 'entry.create' && d.event !== 'media.create');
      let pending: Array<Pick<Delivery, 'id' | 'webhook' | 'entryKey'>> | null = [];
      try {
        if (doubtful.length) pending = await this.deps.outbox.pendingOf(doubtful.map((d) => d.entryKey));
      } catch (error) {
        this.deps.log.warn(`could not check the order of new webhook deliveries; they wait for the next look: ${(error as Error).message}`);
        pending = null;
      }
      const given: number[] = [];
      for (const delivery of batch) {
        const key = chainKey(delivery);
        const free = pending?.every((other) => other.id >= delivery.id || chainKey(other) !== key || this.chains.holds(other.id) || this.settling.has(other.id));
        if (free || delivery.event === 'entry.create' || delivery.event === 'media.create') this.chains.add(delivery);
        else given.push(delivery.id);
      }
      if (given.length) {
        await this.guard('give back webhook deliveries that wait for earlier ones', () => this.deps.outbox.release(given));
        this.schedulePoll(this.now() + this.deps.settings.pollInterval);
      }
      this.pump();
    }
  }

  private room(webhook: string): number {
    return this.deps.settings.perWebhookConcurrency - (this.inFlight.get(webhook) ?? 0);
  }

  private pump(): void {
    if (!this.running) return;
    const free = this.deps.settings.concurrency - this.attempts;
    if (free <= 0) return;
    for (const delivery of this.chains.startable(free, (webhook) => this.room(webhook))) void this.attempt(delivery);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    this.attempts += 1;
    this.inFlight.set(delivery.webhook, (this.inFlight.get(delivery.webhook) ?? 0) + 1);
    try {
      await this.run(delivery);
    } catch (error) {
      this.deps.log.warn(`delivery ${delivery.id} could not be recorded: ${(error as Error).message}`);
      this.chains.drop(delivery);
    } finally {
      this.attempts -= 1;
      const left = (this.inFlight.get(delivery.webhook) ?? 1) - 1;
      if (left > 0) this.inFlight.set(delivery.webhook, left);
      else this.inFlight.delete(delivery.webhook);
      if (this.attempts === 0) for (const resolve of this.idle) resolve();
      if (this.attempts === 0) this.idle.clear();
      this.pump();
      if (this.backlog && this.running && this.roomToClaim() >= this.batchToClaim()) this.schedulePoll(this.now() + 20);
    }
  }

  private async run(delivery: Delivery): Promise<void> {
    const { outbox, registry, sender } = this.deps;
    const webhook = registry.find(delivery.webhook);
    if (!webhook?.enabled) {
      const message = webhook ? 'the webhook is disabled' : 'the webhook no longer exists';
      await outbox.failed({ id: delivery.id, status: null, message, durationMs: 0 }, delivery.attempts, null, this.now());
      this.chains.finish(delivery);
      return;
    }
    // held a long while behind others: make sure no other process took it meanwhile
    if (this.claimEndsSoon(delivery)) {
      await this.renewClaims();
      if (this.claimEndsSoon(delivery)) {
        this.chains.drop(delivery);
        return;
      }
    }
    const result = await sender.send({ url: webhook.url, headers: webhook.headers, secret: webhook.secret }, delivery.event, `msg_${delivery.id}`, delivery.payload);
    await this.record(delivery, result);
  }

  /** whether the claim on a delivery could end before an attempt started now does */
  private claimEndsSoon(delivery: Delivery): boolean {
    return delivery.claimedUntil - this.now() < this.deps.settings.timeout + 1000;
  }

  /**
   * Extends the claims of every held delivery that needs it now or will within half a lease, in
   * a few statements (one pair per claim): under a backlog the rows held come due together, and
   * one statement pair per row cost more than the deliveries themselves. A delivery whose row
   * another process took is left with its old claim end; its attempt then gives it up.
   */
  private renewClaims(): Promise<void> {
    if (this.renewal !== null) return this.renewal;
    this.renewal = (async () => {
      const soon = this.now() + this.deps.settings.timeout + 1000 + this.lease / 2;
      const byClaim = new Map<string, Delivery[]>();
      for (const delivery of this.chains.all()) {
        if (delivery.claimedUntil >= soon) continue;
        const by = this.claimNames.get(delivery.id) ?? this.token;
        const list = byClaim.get(by);
        if (list) list.push(delivery);
        else byClaim.set(by, [delivery]);
      }
      const until = this.now() + this.lease;
      for (const [by, deliveries] of byClaim) {
        const kept = await this.deps.outbox.extend(
          deliveries.map((d) => d.id),
          { by, until },
        );
        for (const delivery of deliveries) if (kept.has(delivery.id)) delivery.claimedUntil = until;
      }
    })().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  private async record(delivery: Delivery, result: AttemptResult): Promise<void> {
    const outcome: AttemptOutcome = { id: delivery.id, status: result.status, message: result.message, durationMs: result.durationMs };
    this.claimNames.delete(delivery.id);
    if (result.ok) {
      this.settling.add(delivery.id);
      this.chains.finish(delivery);
      this.succeeded.push(outcome);
      void this.flush();
      return;
    }
    const attempts = delivery.attempts + 1;
    const last = result.refused || attempts >= this.deps.settings.attempts;
    const retryAt = last ? null : this.now() + retryDelay(attempts, this.deps.settings, result.retryAfterMs);
    await this.deps.outbox.failed(outcome, attempts, retryAt, this.now());
    if (retryAt === null) {
      this.deps.log.warn(`delivery ${delivery.id} (${delivery.event} to ${delivery.webhook}) failed for good after ${attempts} attempt(s): ${result.status ?? ''} ${result.message ?? ''}`.trim());
      this.chains.finish(delivery);
      return;
    }
    const rest = this.chains.drop(delivery);
    if (rest.length) await this.deps.outbox.release(rest.map((d) => d.id));
    this.schedulePoll(retryAt);
  }

  /** writes the successes gathered so far, one statement for all of them */
  private flush(): Promise<void> {
    if (this.flushing !== null) return this.flushing;
    this.flushing = (async () => {
      // the successes of a few ms go together: one statement for many rows is what keeps
      // recording cheap under load; a crash meanwhile only means those are delivered again
      await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS));
      while (this.succeeded.length > 0) {
        const batch = this.succeeded;
        this.succeeded = [];
        await this.guard('record delivered webhooks', () => this.deps.outbox.delivered(batch, this.now()));
        for (const outcome of batch) this.settling.delete(outcome.id);
      }
    })().finally(() => {
      this.flushing = null;
      if (this.succeeded.length > 0) void this.flush();
    });
    return this.flushing;
  }

  private schedulePoll(at: number): void {
    if (!this.running) return;
    if (this.polling !== null) {
      if (at <= this.now()) this.pollAgain = true;
      else if (at < this.pollAt) this.setPollTimer(at);
      return;
    }
    if (at >= this.pollAt) return;
    this.setPollTimer(at);
  }

  private setPollTimer(at: number): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollAt = at;
    this.pollTimer = setTimeout(() => this.poll(), Math.max(0, at - this.now()));
    this.pollTimer.unref();
  }

  private poll(): void {
    this.pollTimer = null;
    this.pollAt = Number.POSITIVE_INFINITY;
    if (!this.running || this.polling !== null) return;
    this.polling = this.claimDue().finally(() => {
      this.polling = null;
    });
  }

  private async claimDue(): Promise<void> {
    let found = 0;
    try {
      const room = this.roomToClaim();
      if (room >= this.batchToClaim()) {
        this.claims += 1;
        const claim = { by: `${this.token}:${this.claims}`, until: this.now() + this.lease };
        const rows = await this.deps.outbox.claimDue(claim, this.now(), room);
        found = rows.length;
        this.backlog = found === room;
        for (const row of rows) {
          this.claimNames.set(row.id, claim.by);
          this.chains.add(row);
        }
        this.pump();
      }
    } catch (error) {
      this.deps.log.warn(`could not look for due webhook deliveries: ${(error as Error).message}`);
    }
    if (!this.running) return;
    // more may be due (a backlog, or the next event of an entry just delivered): look again soon
    const soon = found > 0 || this.pollAgain;
    this.pollAgain = false;
    this.schedulePoll(this.now() + (soon ? 50 : this.deps.settings.pollInterval));
  }

  private async trim(): Promise<void> {
    const before = this.now() - this.deps.settings.retentionDays * DAY;
    for (let round = 0; round < 20 && this.running; round++) {
      let removed = 0;
      await this.guard('trim the webhook deliveries', async () => {
        removed = await this.deps.outbox.trim(before, TRIM_BATCH);
      });
      if (removed < TRIM_BATCH) return;
    }
  }
}
