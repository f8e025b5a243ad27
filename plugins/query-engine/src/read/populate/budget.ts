/**
 * The size budget of one response: how many entries it holds and about how many characters
 * its JSON takes, counted level by level while populate loads them, before the next level is
 * queried, so that an answer too large is never built nor serialized. An entry linked under several parents
 * is loaded and formatted once but appears once per parent in the JSON answer, so each loaded
 * entry carries a weight (how many times it appears) and a level costs the sum of its
 * entries' weights. Depth and page size alone do not bound that: `tags.articles.tags.articles`
 * on 5 articles is two million entries in the answer from a few hundred rows.
 */
import { ValidationError } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity } from '../../types';

/** The configuration key of the budget, named in the 400 that refuses a response too large. */
export const MAX_ENTRIES_KEY = 'api.rest.maxPopulatedEntries';
/**
 * Far above what a page of 100 entries with a few populated levels holds, low enough that one
 * answer is built in a fraction of a second and weighs a few tens of MB.
 */
export const DEFAULT_MAX_ENTRIES = 20000;

/** The configuration key of the size budget: the answer's JSON, estimated before it is built. */
export const MAX_BYTES_KEY = 'api.rest.maxResponseBytes';
/**
 * 32 MB: entries may carry long texts, so a count alone does not bound the JSON; past V8's
 * longest string (about 512 MB) it could not even be serialized.
 */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export interface Limits {
  entries: number;
  bytes: number;
}

const limitsOf = new WeakMap<Engine, Limits>();

/** `api.rest.maxPopulatedEntries` and `api.rest.maxResponseBytes`, read once per engine. */
export function responseLimits(engine: Engine): Limits {
  let limits = limitsOf.get(engine);
  if (limits === undefined) {
    limits = Object.freeze({
      entries: engine.ctx.appConfig<number>(MAX_ENTRIES_KEY, DEFAULT_MAX_ENTRIES),
      bytes: engine.ctx.appConfig<number>(MAX_BYTES_KEY, DEFAULT_MAX_BYTES),
    });
    limitsOf.set(engine, limits);
  }
  return limits;
}

export function responseTooLarge(limit: number): ValidationError {
  return new ValidationError(`Invalid parameter populate: the response would hold more than ${limit} entries (${MAX_ENTRIES_KEY})`, { limit, key: MAX_ENTRIES_KEY });
}

export function responseTooHeavy(limit: number): ValidationError {
  return new ValidationError(`The response would be larger than ${limit} bytes (${MAX_BYTES_KEY})`, { limit, key: MAX_BYTES_KEY });
}

/** Per entry: `{"id":..,"attributes":{..}}` and its `data` wrapper when populated. */
const ENTRY_OVERHEAD = 40;
/** A number, boolean or null, and the quotes, colon and comma around a key. */
const VALUE_OVERHEAD = 8;

/** About how many characters the entry's own attributes take in the JSON answer (once per entry object). */
export function estimatedSize(entity: Entity): number {
  let size = ENTRY_OVERHEAD;
  // `for...in` rather than Object.entries: no array per entry on the populate hot path
  for (const key in entity) {
    const value = entity[key];
    size += key.length + VALUE_OVERHEAD;
    if (typeof value === 'string') size += value.length;
    else if (value !== null && typeof value === 'object') size += JSON.stringify(value)?.length ?? 0;
  }
  return size;
}

/** The entries and characters a response holds so far, shared by every level and branch of one read. */
class Budget {
  private built = 0;
  private bytes = 0;
  constructor(readonly limits: Limits) {}

  spend(entries: number, bytes: number): void {
    this.built += entries;
    this.bytes += bytes;
    // Sibling branches load in parallel: once over, every further level is refused too.
    if (this.built > this.limits.entries) throw responseTooLarge(this.limits.entries);
    if (this.bytes > this.limits.bytes) throw responseTooHeavy(this.limits.bytes);
  }
}

/**
 * One populated level's entries and their weights (by id: a level holds entries of one model).
 * `next` counts what a loaded attribute adds to the answer and gives the weights of its level.
 */
export class Tally {
  private constructor(
    private readonly budget: Budget,
    /** null: every entry appears once (the root level) */
    private readonly weights: Map<number, number> | null,
  ) {}

  /**
   * The root level under `limits`: its entries are counted once each. Their size is not: a page
   * is bounded by `maxLimit` entries of at most a request body each, and a list that populates
   * nothing must not be refused for what the same list populating a category would be.
   */
  static root(limits: Limits, entries: number): Tally {
    const budget = new Budget(limits);
    budget.spend(entries, 0);
    return new Tally(budget, null);
  }

  weightOf(owner: number): number {
    return this.weights?.get(owner) ?? 1;
  }

  /**
   * Counts the `(owner, entry)` pairs of one attribute (only the first per owner when it holds
   * one entry); throws the 400 past the budget.
   */
  next(linked: ReadonlyArray<{ owner: number; entity: Entity }>, many: boolean): Tally {
    // Weights first, then each entry's size once times its weight: an entry linked under many
    // owners is measured once, with nothing kept on it after this call.
    const entries = new Map<Entity, number>();
    const weights = new Map<number, number>();
    const owners = many ? null : new Set<number>();
    let added = 0;
    for (const { owner, entity } of linked) {
      if (owners) {
        if (owners.has(owner)) continue;
        owners.add(owner);
      }
      const weight = this.weightOf(owner);
      added += weight;
      entries.set(entity, (entries.get(entity) ?? 0) + weight);
      weights.set(entity.id, (weights.get(entity.id) ?? 0) + weight);
    }
    let bytes = 0;
    for (const [entity, weight] of entries) bytes += weight * estimatedSize(entity);
    this.budget.spend(added, bytes);
    return new Tally(this.budget, weights);
  }
}
