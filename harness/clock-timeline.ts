// The target's clock moved by several checks at once. A check that moves it (the
// cursor-lifetime rules) issues cursors and then uses each at its ages; alone, it would
// hold every fixture group and step the clock through its ages by itself, two round
// trips a step, while nothing else can run. On one timeline, the checks that move the
// clock at the same time step it together: each says the offset it waits for, and the
// timeline's leader moves the clock to the nearest one when none of them is sending
// anything (the slots are in harness/coordination.ts). Each cursor is used at exactly
// its ages: the clock never passes an offset a check waits for, and never moves while a
// check issues or uses its cursors.
import { noteTargetChange } from './case-scope.ts';
import { CLOCK, clockChanged, FREE, slotsOf, TIMELINE_FAILED, TIMELINE_UNSUPPORTED, waitWhileEqual, WORKING, type ClockPlace, type FixtureLocks } from './coordination.ts';
import { Skip } from './violation.ts';

/** What the leader sends: the clock moved forward, and the target reset after the timeline. */
export interface ClockMoves {
  advance(seconds: number): Promise<void>;
  reset(): Promise<void>;
}

/** One check's part of the clock's timeline. */
export class ClockTimeline {
  private readonly slots: Int32Array;
  /** Its leader could not move the clock: it moves it no more, and waits for its other checks to end. */
  private failed = false;

  constructor(
    shared: SharedArrayBuffer,
    private readonly locks: FixtureLocks,
    private readonly place: ClockPlace,
    private readonly moves: ClockMoves,
    /**
     * Requests counted in the check's own, so that no count depends on timing: a step
     * counts for each check that waited for its offset (alone, each would have sent it),
     * and the reset for each check on the timeline.
     */
    private readonly count: (requests: number) => void,
  ) {
    this.slots = slotsOf(shared);
  }

  /** Seconds the clock has moved since the timeline began: a cursor issued now reaches age A at `offset + A`. */
  get offset(): number {
    return Atomics.load(this.slots, CLOCK.offset);
  }

  /** Waits until the clock has moved to `offset` (more than it has now); meanwhile the check sends nothing. */
  async reach(offset: number): Promise<void> {
    this.mustBeOnIt();
    noteTargetChange('the clock is moved', 'state');
    this.say(offset);
    if (this.place.leads) await this.drive(offset);
    else await this.waitFor(offset);
    this.say(WORKING);
    if (!this.place.leads) this.count(1);
  }

  /**
   * The check moves the clock no more. A leader first moves it for the others still on
   * its timeline, then resets the target and ends the timeline; the locks are released
   * after (FixtureLocks.release).
   */
  async end(): Promise<void> {
    if (this.locks.clock !== this.place) return;
    if (!this.place.leads) return this.count(1);
    this.say(FREE);
    try {
      for (;;) {
        await this.drive();
        Atomics.store(this.slots, CLOCK.advancing, 1);
        // A check may have joined after the last look: it is on the timeline, which goes on for it.
        if (this.members().every((m) => Atomics.load(this.slots, m) === FREE)) break;
        Atomics.store(this.slots, CLOCK.advancing, 0);
        clockChanged(this.slots);
      }
      await this.moves.reset();
    } finally {
      for (const index of [CLOCK.offset, CLOCK.timeline, CLOCK.advancing]) Atomics.store(this.slots, index, 0);
      clockChanged(this.slots);
    }
  }

  private mustBeOnIt(): void {
    if (this.locks.clock !== this.place) throw new Error('the check moves the clock only inside Check.withClock');
  }

  /** What this check's slot says: WORKING, FREE, or the offset it waits for. */
  private say(value: number): void {
    Atomics.store(this.slots, this.place.member, value);
    clockChanged(this.slots);
  }

  private members(): number[] {
    return Array.from({ length: CLOCK.movers }, (_, m) => CLOCK.members + m);
  }

  /** Beside a leader: waits until it has moved the clock to `offset`, or ended the timeline without. */
  private async waitFor(offset: number): Promise<void> {
    for (;;) {
      const version = Atomics.load(this.slots, CLOCK.version);
      if (Atomics.load(this.slots, CLOCK.timeline) !== this.place.timeline) {
        if (Atomics.load(this.slots, CLOCK.outcome) === TIMELINE_UNSUPPORTED) throw new Skip('the target does not support the provider state "clock"');
        throw new Error('the clock was not moved to the age this check waits for: the check that leads the clock timeline could not move it, or ended');
      }
      if (Atomics.load(this.slots, CLOCK.offset) >= offset) return;
      await waitWhileEqual(this.slots, CLOCK.version, version);
    }
  }

  /**
   * The leader: until the clock is at `until` (without it, until no check is left on the
   * timeline), moves it to the nearest offset a check waits for, each time no check is
   * working.
   */
  private async drive(until?: number): Promise<void> {
    for (;;) {
      const version = Atomics.load(this.slots, CLOCK.version);
      const offset = Atomics.load(this.slots, CLOCK.offset);
      if (until !== undefined && offset >= until) return;
      const said = this.members().map((m) => Atomics.load(this.slots, m));
      // A check whose offset the clock has reached is working, even before it says so.
      const working = said.some((value) => value === WORKING || (value !== FREE && value <= offset));
      const waiting = said.filter((value) => value > offset);
      if (!working && waiting.length === 0) return;
      if (working || this.failed) {
        await waitWhileEqual(this.slots, CLOCK.version, version);
        continue;
      }
      Atomics.store(this.slots, CLOCK.advancing, 1);
      // A check that joined since the look above is issuing its cursors: the clock waits for it.
      if (this.members().some((m) => Atomics.load(this.slots, m) === WORKING)) {
        Atomics.store(this.slots, CLOCK.advancing, 0);
        clockChanged(this.slots);
        continue;
      }
      const next = Math.min(...waiting);
      try {
        await this.moves.advance(next - offset);
      } catch (error) {
        this.failed = true;
        Atomics.store(this.slots, CLOCK.outcome, error instanceof Skip ? TIMELINE_UNSUPPORTED : TIMELINE_FAILED);
        Atomics.store(this.slots, CLOCK.timeline, 0);
        Atomics.store(this.slots, CLOCK.advancing, 0);
        clockChanged(this.slots);
        throw error;
      }
      // The step is this check's own only when it waited for that offset.
      if (next !== until) this.count(-1);
      Atomics.store(this.slots, CLOCK.offset, next);
      Atomics.store(this.slots, CLOCK.advancing, 0);
      clockChanged(this.slots);
    }
  }
}
