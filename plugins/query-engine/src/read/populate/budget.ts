/**
 * The size budget of one response: how many entries it holds, counted level by level while
 * populate loads them, before the next level is queried. An entry linked under several parents
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

const limitOf = new WeakMap<Engine, number>();

/** `api.rest.maxPopulatedEntries`, read once per engine. */
export function maxEntries(engine: Engine): number {
  let limit = limitOf.get(engine);
  if (limit === undefined) {
    limit = engine.ctx.appConfig<number>(MAX_ENTRIES_KEY, DEFAULT_MAX_ENTRIES);
    limitOf.set(engine, limit);
  }
  return limit;
}

export function responseTooLarge(limit: number): ValidationError {
  return new ValidationError(`Invalid parameter populate: the response would hold more than ${limit} entries (${MAX_ENTRIES_KEY})`, { limit, key: MAX_ENTRIES_KEY });
}

/** The entries a response holds so far, shared by every level and branch of one read. */
class Budget {
  private built = 0;
  constructor(readonly limit: number) {}

  spend(entries: number): void {
    this.built += entries;
    // Sibling branches load in parallel: once over, every further level is refused too.
    if (this.built > this.limit) throw responseTooLarge(this.limit);
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

  /** The root level under a budget of `limit` entries: its `entries` are counted once each. */
  static root(limit: number, entries: number): Tally {
    const budget = new Budget(limit);
    budget.spend(entries);
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
      weights.set(entity.id, (weights.get(entity.id) ?? 0) + weight);
    }
    this.budget.spend(added);
    return new Tally(this.budget, weights);
  }
}
