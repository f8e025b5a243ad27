/**
 * A keyed registry that rejects duplicates and freezes once the platform has registered
 * everything, so nothing is swapped out from under a running server.
 */
import { BootError, InternalError } from '../errors';

export class Registry<T> {
  private readonly items = new Map<string, T>();
  private frozen = false;

  constructor(private readonly kind: string) {}

  add(uid: string, item: T): void {
    if (this.frozen) throw new BootError('REGISTRY_FROZEN', `Cannot add ${this.kind} "${uid}": the registry is frozen after register`);
    if (this.items.has(uid)) throw new BootError('REGISTRY_DUPLICATE', `${this.kind} "${uid}" is already registered`);
    this.items.set(uid, item);
  }

  /** Replaces an existing entry (an app's override of a core controller, say). Only before freeze. */
  set(uid: string, item: T): void {
    if (this.frozen) throw new BootError('REGISTRY_FROZEN', `Cannot set ${this.kind} "${uid}": the registry is frozen after register`);
    this.items.set(uid, item);
  }

  get(uid: string): T {
    const item = this.items.get(uid);
    // Reached at request time too (a service looked up by a handler): not a start-up error.
    if (item === undefined) throw new InternalError('REGISTRY_UNKNOWN', `No ${this.kind} registered as "${uid}"`);
    return item;
  }

  find(uid: string): T | undefined {
    return this.items.get(uid);
  }

  has(uid: string): boolean {
    return this.items.has(uid);
  }

  keys(): string[] {
    return [...this.items.keys()];
  }

  entries(): Array<[string, T]> {
    return [...this.items.entries()];
  }

  freeze(): void {
    this.frozen = true;
  }
}
