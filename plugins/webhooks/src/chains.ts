/**
 * The deliveries a process holds, in chains: one chain per webhook and entry, in the order the
 * changes were committed. Only a chain's head is ever attempted, so a receiver gets the events of
 * one entry in order, and a slow or failing head holds back its own entry only. Chains are kept
 * per webhook, so finding what may start next looks only at webhooks with room. Also counts what
 * is held (rows and payload bytes), which bounds the memory a process gives to deliveries.
 */
import type { Delivery } from './outbox';

export const chainKey = (delivery: Pick<Delivery, 'webhook' | 'entryKey'>) => `${delivery.webhook}\n${delivery.entryKey}`;

export class Chains {
  /** webhook -> entry key -> the chain, head first (insertion order: oldest chains first) */
  private readonly byWebhook = new Map<string, Map<string, Delivery[]>>();
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

  /** every delivery held, attempted or waiting */
  all(): Delivery[] {
    const all: Delivery[] = [];
    for (const chains of this.byWebhook.values()) for (const chain of chains.values()) all.push(...chain);
    return all;
  }

  /** adds a delivery at the end of its chain (callers add in id order) */
  add(delivery: Delivery): void {
    if (this.held.has(delivery.id)) return;
    this.held.add(delivery.id);
    this.bytes += delivery.payload.length;
    let chains = this.byWebhook.get(delivery.webhook);
    if (!chains) {
      chains = new Map();
      this.byWebhook.set(delivery.webhook, chains);
    }
    const chain = chains.get(delivery.entryKey);
    if (chain) chain.push(delivery);
    else chains.set(delivery.entryKey, [delivery]);
  }

  /**
   * The heads that may start now: not already being attempted, at most `limit` of them, and at
   * most `room(webhook)` more for each webhook. Marks them as being attempted.
   */
  startable(limit: number, room: (webhook: string) => number): Delivery[] {
    const started: Delivery[] = [];
    for (const [webhook, chains] of this.byWebhook) {
      let free = Math.min(room(webhook), limit - started.length);
      if (free <= 0) continue;
      for (const chain of chains.values()) {
        const head = chain[0];
        if (!head || this.attempting.has(head.id)) continue;
        this.attempting.add(head.id);
        started.push(head);
        if (--free === 0) break;
      }
      if (started.length >= limit) break;
    }
    return started;
  }

  /** the head is done with (delivered or given up): its successor becomes the head */
  finish(delivery: Delivery): void {
    this.forget(delivery);
    const chains = this.byWebhook.get(delivery.webhook);
    const chain = chains?.get(delivery.entryKey);
    if (!chains || !chain) return;
    const index = chain.findIndex((d) => d.id === delivery.id);
    if (index >= 0) chain.splice(index, 1);
    if (chain.length === 0) this.remove(delivery);
  }

  /** the head will be tried again later: the whole chain is let go; returns the rest of it */
  drop(delivery: Delivery): Delivery[] {
    const chain = this.byWebhook.get(delivery.webhook)?.get(delivery.entryKey) ?? [];
    this.remove(delivery);
    const rest = chain.filter((d) => d.id !== delivery.id);
    this.forget(delivery);
    for (const d of rest) this.forget(d);
    return rest;
  }

  /** every delivery held and not being attempted, let go (stopping) */
  dropWaiting(): Delivery[] {
    const waiting: Delivery[] = [];
    for (const chains of this.byWebhook.values()) {
      for (const [key, chain] of chains) {
        const kept = chain.filter((d) => this.attempting.has(d.id));
        for (const d of chain) if (!this.attempting.has(d.id)) waiting.push(d);
        if (kept.length) chains.set(key, kept);
        else chains.delete(key);
      }
    }
    for (const d of waiting) this.forget(d);
    return waiting;
  }

  private remove(delivery: Delivery): void {
    const chains = this.byWebhook.get(delivery.webhook);
    if (!chains) return;
    chains.delete(delivery.entryKey);
    if (chains.size === 0) this.byWebhook.delete(delivery.webhook);
  }

  private forget(delivery: Delivery): void {
    if (!this.held.delete(delivery.id)) return;
    this.attempting.delete(delivery.id);
    this.bytes -= delivery.payload.length;
  }
}
