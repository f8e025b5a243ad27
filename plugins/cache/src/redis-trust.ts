/**
 * Whether this node may use the generations and answers Redis holds. A write whose
 * invalidation could not reach Redis (it was down, or a call failed) has committed: its client
 * gets the write's answer, and the invalidation is owed. From then on, and whenever Redis is not
 * connected, this node serves every read uncached (never a stored answer, never an error) until
 * Redis answers again and the debt is paid: a new epoch, which every stored answer of every node
 * was keyed under, so none of them is served again (./generations.ts).
 */
import type Redis from 'ioredis';

export interface Trust {
  /** whether Redis is connected now (when it is not, an invalidation is owed) */
  reachable(): boolean;
  /** whether answers may be looked up and kept now */
  usable(): boolean;
  /** a Redis call failed: what this node wrote or kept may not have reached it */
  failed(error: unknown): void;
}

/** the memory store and generations of one process: nothing to lose */
export const ALWAYS_TRUSTED: Trust = { reachable: () => true, usable: () => true, failed: () => {} };

export function redisTrust(redis: Redis, payDebt: () => Promise<void>, log: { warn(message: string): void; info(message: string): void }): Trust {
  /** bumped by every failure: a payment made before the latest failure does not clear it */
  let failures = 0;
  let paidUpTo = 0;
  let paying = false;
  const owed = () => paidUpTo < failures;
  const fail = (reason: string) => {
    if (!owed()) log.warn(`cache: ${reason}; reads are served uncached until Redis answers again`);
    failures += 1;
  };
  const pay = () => {
    if (paying) return;
    paying = true;
    const upTo = failures;
    payDebt()
      .then(
        () => {
          paidUpTo = Math.max(paidUpTo, upTo);
          if (!owed()) log.info('cache: Redis answers again; every answer stored before is dropped');
        },
        () => {
          // still owed: the next request or reconnection tries again
        },
      )
      .finally(() => {
        paying = false;
      });
  };
  redis.on('ready', () => {
    if (owed()) pay();
  });
  const reachable = () => {
    if (redis.status === 'ready') return true;
    fail('Redis is not connected');
    return false;
  };
  return {
    reachable,
    usable() {
      if (!reachable()) return false;
      if (!owed()) return true;
      pay();
      return false;
    },
    failed(error) {
      fail(`a Redis call failed (${error instanceof Error ? error.message : String(error)})`);
    },
  };
}
