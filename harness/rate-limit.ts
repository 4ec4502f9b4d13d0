// --rate-limit N (CONTRACT 1): at most N requests a second in the whole run, for shared
// staging and production targets. Every request of every check, and of the control
// endpoint, reserves the next send time, 1000/N ms after the one reserved before it,
// from one slot of the run's shared memory (harness/coordination.ts), so the checks of
// every worker thread keep one pace, in the order they asked. A timer may fire late, and
// the one after it on time: as it goes, each request also takes its place after the last
// one sent, 1000/N ms at least, so no second ever holds more than N. The interval is 5 %
// longer than 1000/N: a target that reads arrivals late by up to 50 ms at N = 20 (a busy
// event loop, a proxy) counts no more than N in any second either.
import { setTimeout as sleep } from 'node:timers/promises';
import { paceSlotOf } from './coordination.ts';

const [NEXT, LAST] = [0, 1] as const;
const ARRIVAL_MARGIN = 1.05;
const micros = (ms: number) => BigInt(Math.round(ms * 1000));
/** The epoch's time to the microsecond: Date.now() counts whole milliseconds. */
const nowMs = () => performance.timeOrigin + performance.now();

export class RatePace {
  private readonly slots: BigInt64Array;
  /** Microseconds, so that paces that do not divide 1000 ms keep their rate. */
  private readonly interval: bigint;

  constructor(perSecond: number, shared: SharedArrayBuffer) {
    this.slots = paceSlotOf(shared);
    this.interval = micros((1000 / perSecond) * ARRIVAL_MARGIN);
  }

  /** Reserves a send time; how many milliseconds to wait for it (0: now). */
  reserve(now = nowMs()): number {
    const nowMicros = micros(now);
    for (;;) {
      const reserved = Atomics.load(this.slots, NEXT);
      const at = reserved > nowMicros ? reserved : nowMicros;
      if (Atomics.compareExchange(this.slots, NEXT, reserved, at + this.interval) === reserved) return Number(at - nowMicros) / 1000;
    }
  }

  /** Once its reserved time came: waits until 1000/N ms after the last request sent, and is the last sent. */
  async go(): Promise<void> {
    for (;;) {
      const last = Atomics.load(this.slots, LAST);
      const now = micros(nowMs());
      const earliest = last + this.interval;
      if (now < earliest) {
        await sleep(Number(earliest - now) / 1000);
        continue;
      }
      if (Atomics.compareExchange(this.slots, LAST, last, now) === last) return;
    }
  }
}
