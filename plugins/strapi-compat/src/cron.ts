/**
 * Strapi v4's cron: `config/server.js` `cron: { enabled, tasks }` (tasks usually from
 * `config/cron-tasks.js`) in both of Strapi's forms, `'<rule>': ({ strapi }, fireDate) => ...`
 * and `name: { task, options: { rule, tz, start, end } }` (or `options: <rule>`), and
 * `strapi.cron.add/remove` at run time. Rules are cron patterns (five fields, or six with
 * seconds first) read by croner, node-schedule's rule objects (`{ hour: 8, minute: 30 }`,
 * written as patterns by ./cron-rule.ts), or a date for a task that runs once.
 *
 * Several processes (`--workers`) or nodes on one database run each occurrence of a task once:
 * before running, a process claims `(task, occurrence)` with an insert into a table that holds
 * it unique; the process whose insert lands runs it, the others pass.
 */
import { Cron } from 'croner';
import type { Database, Logger, StorageTable } from '@platform/core';
import { isPlainObject } from '@platform/core';
import { isUniqueViolation } from '@platform/query-engine';
import { isRecurrenceObject, recurrenceToCron } from './cron-rule';
import { errors } from './errors';

export const CRON_RUNS_TABLE = 'platform_cron_runs';

export const CRON_TABLES: StorageTable[] = [
  {
    name: CRON_RUNS_TABLE,
    columns: [
      { name: 'task', kind: 'string' },
      /** the occurrence's scheduled time, epoch milliseconds */
      { name: 'occurrence', kind: 'bigInteger' },
      { name: 'claimed_at', kind: 'bigInteger' },
    ],
    indexes: [{ name: 'platform_cron_runs_occurrence_unique', columns: ['task', 'occurrence'], unique: true }],
  },
];

/** A day of claims is kept: enough for any clock skew between nodes, small enough to stay tiny. */
const KEEP_MS = 24 * 3600 * 1000;

/** How late a timer may fire and still be matched to the occurrence it was set for. */
const LATE_MS = 10_000;

/**
 * The occurrence a run that started at `started` is for: the rule's last time at or before it
 * (croner reports when the run started, which a busy process may reach a second or more after
 * the time it was set for), else `started` to the second when none is that recent.
 */
export function scheduledOccurrence(job: Pick<Cron, 'nextRun'>, started: Date): number {
  let latest: Date | null = null;
  for (let at = job.nextRun(new Date(started.getTime() - LATE_MS)); at !== null && at.getTime() <= started.getTime(); at = job.nextRun(at)) latest = at;
  return latest ? latest.getTime() : Math.round(started.getTime() / 1000) * 1000;
}

export type CronTaskFn = (args: { strapi: unknown }, fireDate: Date) => unknown;

interface CronTask {
  name: string;
  /** a cron pattern, or the date of a task that runs once */
  rule: string | Date;
  /** an occurrence needs both the day of the month and the weekday (node-schedule's rule objects) */
  domAndDow?: boolean;
  tz?: string;
  start?: Date;
  end?: Date;
  task: CronTaskFn;
}

export interface StrapiCron {
  /** adds tasks in either of Strapi's forms; they start at once when cron runs */
  add(tasks: Record<string, unknown>): void;
  /** stops and forgets the task of that name (or rule, for the `'<rule>': fn` form) */
  remove(name: string): void;
  /** the tasks, each with its rule as a cron pattern (or the ISO date of a task that runs once) */
  readonly jobs: Array<{ name: string; rule: string; tz?: string }>;
}

export interface CronRunner extends StrapiCron {
  start(): void;
  stop(): void;
}

function dateOption(value: unknown, where: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw errors.boot('CRON_TASK', `${where}: "start" and "end" must be dates`);
  return date;
}

/** A task's rule as Strapi's cron takes it: a pattern, a date, or a node-schedule rule object. */
function readRule(rule: unknown, where: string): Pick<CronTask, 'rule' | 'domAndDow' | 'tz'> {
  if (typeof rule === 'string' && rule !== '') return { rule };
  if (rule instanceof Date) {
    if (Number.isNaN(rule.getTime())) throw errors.boot('CRON_TASK', `${where}: its date is not a valid date`);
    return { rule };
  }
  if (isRecurrenceObject(rule)) {
    const { pattern, domAndDow, tz } = recurrenceToCron(rule, (message) => {
      throw errors.boot('CRON_TASK', `${where}: ${message}`);
    });
    return { rule: pattern, domAndDow, ...(tz ? { tz } : {}) };
  }
  throw errors.boot('CRON_TASK', `${where} needs options.rule: a cron pattern such as "0 0 * * *", a rule object such as { hour: 8, minute: 30 }, or a date`);
}

/** One entry of a tasks object, in either form. */
function readTask(key: string, value: unknown, file: string): CronTask {
  const where = `${file}: cron task "${key}"`;
  if (typeof value === 'function') return { name: key, rule: key, task: value as CronTaskFn };
  if (!isPlainObject(value) || typeof value.task !== 'function') {
    throw errors.boot('CRON_TASK', `${where} must be a function ({ strapi }) => ... or { task, options: { rule, tz } }`);
  }
  // `options` is the rule itself (a pattern, a date, a rule object) or `{ rule, tz, start, end }`
  const options = isPlainObject(value.options) && 'rule' in value.options ? value.options : { rule: value.options };
  const rule = readRule(options.rule, where);
  if (options.tz !== undefined && typeof options.tz !== 'string') throw errors.boot('CRON_TASK', `${where}: options.tz must be a time zone name such as "Europe/Paris"`);
  const tz = (options.tz as string | undefined) ?? rule.tz;
  return { name: key, ...rule, ...(tz ? { tz } : {}), start: dateOption(options.start, where), end: dateOption(options.end, where), task: value.task as CronTaskFn };
}

export interface CronSources {
  db: () => Database;
  log: Logger;
  strapi: () => unknown;
  /** where configured tasks come from, for messages */
  file: string;
}

export function createCron({ db, log, strapi, file }: CronSources): CronRunner {
  const tasks = new Map<string, CronTask>();
  const jobs = new Map<string, Cron>();
  let running = false;

  /** Whether this process won the occurrence (its claim landed first). */
  async function claim(name: string, occurrence: number): Promise<boolean> {
    const knex = db().knex;
    try {
      await knex(CRON_RUNS_TABLE).insert({ task: name, occurrence, claimed_at: Date.now() });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      log.error(`cron task "${name}": could not claim its run`, error);
      return false;
    }
    await knex(CRON_RUNS_TABLE)
      .where('task', name)
      .andWhere('occurrence', '<', occurrence - KEEP_MS)
      .delete();
    return true;
  }

  function schedule(task: CronTask): void {
    const job = new Cron(task.rule, { timezone: task.tz, startAt: task.start, stopAt: task.end, domAndDow: task.domAndDow === true, protect: true, paused: !running }, async (self: Cron) => {
      // The scheduled time, which every process computes alike from the rule, however late its timer fired.
      const occurrence = scheduledOccurrence(self, self.currentRun() ?? new Date());
      if (!(await claim(task.name, occurrence))) return;
      try {
        await task.task({ strapi: strapi() }, new Date(occurrence));
      } catch (error) {
        log.error(`cron task "${task.name}" failed`, error);
      }
    });
    jobs.set(task.name, job);
  }

  return {
    add(raw) {
      if (!isPlainObject(raw)) throw errors.boot('CRON_TASK', `${file}: cron tasks must be an object of tasks`);
      for (const [key, value] of Object.entries(raw)) {
        const task = readTask(key, value, file);
        try {
          // Parsed now, so a bad rule stops start-up naming the task.
          new Cron(task.rule, { timezone: task.tz, domAndDow: task.domAndDow === true, paused: true }).stop();
        } catch (error) {
          throw errors.boot('CRON_TASK', `${file}: cron task "${key}" has the rule "${task.rule instanceof Date ? task.rule.toISOString() : task.rule}": ${(error as Error).message}`);
        }
        jobs.get(key)?.stop();
        tasks.set(key, task);
        schedule(task);
      }
    },
    remove(name) {
      jobs.get(name)?.stop();
      jobs.delete(name);
      tasks.delete(name);
    },
    get jobs() {
      return [...tasks.values()].map(({ name, rule, tz }) => ({ name, rule: rule instanceof Date ? rule.toISOString() : rule, ...(tz ? { tz } : {}) }));
    },
    start() {
      running = true;
      for (const job of jobs.values()) job.resume();
    },
    stop() {
      running = false;
      for (const job of jobs.values()) job.stop();
    },
  };
}
