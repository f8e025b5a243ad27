/**
 * The deliveries a process holds, in chains: one chain per webhook and entry, in the order the
 * changes were committed. Only a chain's head is ever attempted, so a receiver gets the events of
 * one entry in order, and a slow or failing head holds back its own entry only. Also counts what
 * is held (rows and payload bytes), which bounds the memory a process gives to deliveries.
 */
import type { Delivery } from './outbox';

export const chainKey = (delivery: Pick<Delivery, 'webhook' | 'entryKey'>) => `${delivery.webhook}\n${delivery.entryKey}`;

export class Chains {
  private readonly byKey = new Map<string, Delivery[]>();
  private readonly held = new Set<number>();
  private readonly attempting = new Set<number>();
  private bytes = 0;

  get size(): number {
    return this.held.size;
  }

  get payloadBytes(): number {
    return this.bytes;
  }

  holds(id: number): boolean {
    return this.held.has(id);
  }

  /** adds a delivery at the end of its chain (callers add in id order) */
  add(delivery: Delivery): void {
    if (this.held.has(delivery.id)) return;
    this.held.add(delivery.id);
    this.bytes += delivery.payload.length;
    const key = chainKey(delivery);
    const chain = this.byKey.get(key);
    if (chain) chain.push(delivery);
    else this.byKey.set(key, [delivery]);
  }

  /**
   * The heads that may start now: not already being attempted, at most `limit` of them, and at
   * most `perWebhook(webhook)` more for each webhook. Marks them as being attempted.
   */
  startable(limit: number, room: (webhook: string) => number): Delivery[] {
    const started: Delivery[] = [];
    const taken = new Map<string, number>();
    for (const chain of this.byKey.values()) {
      if (started.length >= limit) break;
      const head = chain[0];
      if (!head || this.attempting.has(head.id)) continue;
      const already = taken.get(head.webhook) ?? 0;
      if (already >= room(head.webhook)) continue;
      taken.set(head.webhook, already + 1);
      this.attempting.add(head.id);
      started.push(head);
    }
    return started;
  }

  /** the head is done with (delivered or given up): its successor becomes the head */
  finish(delivery: Delivery): void {
    const key = chainKey(delivery);
    const chain = this.byKey.get(key);
    this.forget(delivery);
    if (!chain) return;
    const index = chain.findIndex((d) => d.id === delivery.id);
    if (index >= 0) chain.splice(index, 1);
    if (chain.length === 0) this.byKey.delete(key);
  }

  /** the head will be tried again later: the whole chain is let go; returns the rest of it */
  drop(delivery: Delivery): Delivery[] {
    const key = chainKey(delivery);
    const chain = this.byKey.get(key) ?? [];
    this.byKey.delete(key);
    const rest = chain.filter((d) => d.id !== delivery.id);
    this.forget(delivery);
    for (const d of rest) this.forget(d);
    return rest;
  }

  /** every delivery held and not being attempted, let go (stopping) */
  dropWaiting(): Delivery[] {
    const waiting: Delivery[] = [];
    for (const [key, chain] of this.byKey) {
      const kept = chain.filter((d) => this.attempting.has(d.id));
      for (const d of chain) if (!this.attempting.has(d.id)) waiting.push(d);
      if (kept.length) this.byKey.set(key, kept);
      else this.byKey.delete(key);
    }
    for (const d of waiting) this.forget(d);
    return waiting;
  }

  private forget(delivery: Delivery): void {
    if (!this.held.delete(delivery.id)) return;
    this.attempting.delete(delivery.id);
    this.bytes -= delivery.payload.length;
  }
}
