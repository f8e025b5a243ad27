/**
 * The goals of the bench against published anchors: Strapi v4.26.2's server CPU per request
 * and platform's own, measured side by side on SQLite with 2,000 articles on 2026-11-26
 * together with the raw floor (`/work/shared` perf anchors, issue "close to the floor").
 * Absolute figures move between machines and sittings, so an anchor is also carried over in
 * units of the raw floor of its sitting: Strapi's filters + sort cost 15.2 raw list-25 floors
 * then, and is set against the raw list-25 floor of the run being reported.
 */
export type Goal =
  /** CPU per request at most `max` times the raw floor's for the same request */
  | { kind: 'floor'; max: number }
  /** at least `times` times less CPU per request than Strapi */
  | { kind: 'strapi'; times: number }
  /** no more than platform's own anchor (10 % allowed for noise) */
  | { kind: 'keep'; platformMs: number };

export interface Anchor {
  workload: string;
  label: string;
  strapiMs: number;
  /** the raw floor workload the anchor is carried over with, and its CPU ms/req in the anchors' sitting */
  floor: 'get-by-id' | 'list-25' | 'list-populate-all';
  floorMs: number;
  goal: Goal;
}

const RAW_FLOOR_THEN = { 'get-by-id': 0.06, 'list-25': 0.59, 'list-populate-all': 2.18 } as const;
const KEEP_TOLERANCE = 1.1;

export const ANCHORS: Anchor[] = [
  { workload: 'get-by-id', label: 'get by id', strapiMs: 2.24, floor: 'get-by-id', floorMs: RAW_FLOOR_THEN['get-by-id'], goal: { kind: 'floor', max: 1.5 } },
  { workload: 'list-25', label: 'list of 25', strapiMs: 6.76, floor: 'list-25', floorMs: RAW_FLOOR_THEN['list-25'], goal: { kind: 'floor', max: 1.2 } },
  { workload: 'list-filtered-sorted', label: 'filters + sort', strapiMs: 8.98, floor: 'list-25', floorMs: RAW_FLOOR_THEN['list-25'], goal: { kind: 'strapi', times: 15 } },
  { workload: 'list-populate-all', label: '`populate=*`', strapiMs: 26.8, floor: 'list-populate-all', floorMs: RAW_FLOOR_THEN['list-populate-all'], goal: { kind: 'floor', max: 1.2 } },
  { workload: 'list-populate-3-levels', label: '3-level populate', strapiMs: 60.7, floor: 'list-populate-all', floorMs: RAW_FLOOR_THEN['list-populate-all'], goal: { kind: 'strapi', times: 15 } },
  { workload: 'list-deep-filter', label: 'deep filter (category and tags)', strapiMs: 6.31, floor: 'list-25', floorMs: RAW_FLOOR_THEN['list-25'], goal: { kind: 'keep', platformMs: 0.56 } },
  { workload: 'create-tag', label: 'create', strapiMs: 4.34, floor: 'get-by-id', floorMs: RAW_FLOOR_THEN['get-by-id'], goal: { kind: 'keep', platformMs: 0.47 } },
];

/** a create with webhooks configured costs at most this much more server CPU than without (issue 33) */
export const WEBHOOKS_GOAL = 0.1;

/** `platform start` of the example app on SQLite answers its first request within this many ms, cold and warm (issue 35) */
export const STARTUP_GOAL_MS = 300;

/** a GraphQL page costs at most this many times the CPU of the same page over REST (issue 35) */
export const GRAPHQL_GOAL = 1.3;

export interface GoalOutcome {
  /** Strapi's anchor carried over to this run (its raw floor then -> now) */
  strapiNowMs: number;
  /** what the goal allows this run, in CPU ms/req */
  allowedMs: number;
  met: boolean;
  /** ours / allowed - 1: how far over (positive) or under (negative) */
  margin: number;
  goalText: string;
}

/** The goal's verdict for `oursMs`, with `rawFloorMs` the raw floor of the anchor's floor workload in the same run. */
export function judge(anchor: Anchor, oursMs: number, rawFloorMs: number): GoalOutcome {
  const scale = rawFloorMs / anchor.floorMs;
  const strapiNowMs = anchor.strapiMs * scale;
  const goal = anchor.goal;
  const allowedMs = goal.kind === 'floor' ? goal.max * rawFloorMs : goal.kind === 'strapi' ? strapiNowMs / goal.times : goal.platformMs * scale * KEEP_TOLERANCE;
  const goalText = goal.kind === 'floor' ? `≤ ${goal.max}× the raw floor` : goal.kind === 'strapi' ? `≥ ${goal.times}× less than Strapi` : `keep (≤ ${goal.platformMs} ms then, +10 %)`;
  return { strapiNowMs, allowedMs, met: oursMs <= allowedMs, margin: oursMs / allowedMs - 1, goalText };
}
