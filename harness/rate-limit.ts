// --rate-limit N (CONTRACT 1): at most N requests a second in the whole run, for shared
// staging and production targets. Every request of every check, and of the control
// endpoint, reserves the next send time, 1000/N ms after the one reserved before it,
// from one slot of the run's shared memory (harness/coordination.ts), so the checks of
// every worker thread keep one pace. No burst: the spacing is strict.
import { paceSlotOf } from './coordination.ts';

export class RatePace {
  private readonly next: BigInt64Array;
  private readonly intervalMs: number;

  constructor(perSecond: number, shared: SharedArrayBuffer) {
    this.next = paceSlotOf(shared);
    this.intervalMs = 1000 / perSecond;
  }

  /** Reserves a send time; how many milliseconds to wait for it (0: now). */
  reserve(now = Date.now()): number {
    // Microseconds, so that paces that do not divide 1000 ms keep their rate.
    const interval = BigInt(Math.round(this.intervalMs * 1000));
    const nowMicros = BigInt(Math.round(now * 1000));
    for (;;) {
      const reserved = Atomics.load(this.next, 0);
      const at = reserved > nowMicros ? reserved : nowMicros;
      if (Atomics.compareExchange(this.next, 0, reserved, at + interval) === reserved) return Number(at - nowMicros) / 1000;
    }
  }
}
