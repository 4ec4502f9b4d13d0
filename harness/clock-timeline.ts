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
import { CLOCK, CLOCK_SLOTS, clockChanged, endTimelineEarly, FREE, slotsOf, STEP_FAILED, STEP_SKIPPED, WORKING, type ClockPlace, type FixtureLocks } from './coordination.ts';
import { Skip, SuiteError } from './violation.ts';

/** The farthest a timeline's clock goes from its start: 68 years of cursor ages and replays. */
const MAX_OFFSET_S = 2 ** 31 - 1;

/** What the leader sends: the clock moved forward, and the target reset after the timeline. */
export interface ClockMoves {
  advance(seconds: number): Promise<void>;
  reset(): Promise<void>;
}

/** One check's part of the clock's timeline. */
export class ClockTimeline {
  private readonly slots: Int32Array;
  /** Why the leader could not move the clock: it moves it no more, and its later steps fail the same way. */
  private failure: { error: unknown } | undefined;

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

  /** Waits until the clock has moved to `offset` (at once when it is there already); meanwhile the check sends nothing. */
  async reach(offset: number): Promise<void> {
    noteTargetChange('the clock is moved', 'state');
    // Offsets live in 32-bit slots, where a negative one would read as a working check.
    if (!Number.isInteger(offset) || offset <= 0 || offset > MAX_OFFSET_S) throw new Error(`the clock timeline cannot reach ${offset} s (at most ${MAX_OFFSET_S} s from its start)`);
    if (this.failure) {
      // Alone, it would have sent the step again, and met the same answer.
      this.count(1);
      throw this.failure.error;
    }
    this.say(offset);
    if (this.place.leads) await this.drive(offset);
    else await this.waitFor(offset);
    this.say(WORKING);
  }

  /**
   * The check moves the clock no more. A leader first moves it for the others still on
   * its timeline, then resets the target and ends the timeline. A check beside it keeps
   * its slot (WORKING) until its locks are released, right after (Check.withClock).
   */
  async end(): Promise<void> {
    if (this.locks.clock !== this.place) return;
    if (!this.place.leads) return this.count(1);
    this.say(FREE);
    this.place.holdsSlot = false;
    // Its own work is done: the steps it sends from now on are the others', and so is their time.
    this.locks.workForOthers();
    try {
      for (;;) {
        // A step that fails here is the failure of the check that waited for it, which learns it from the timeline.
        await this.drive().catch(() => undefined);
        // Cut off by its deadline meanwhile: leaving, it handed every group to the others (FixtureLocks.leaveTimeline).
        if (this.locks.clock !== this.place) return;
        Atomics.store(this.slots, CLOCK.advancing, 1);
        // A check may have joined since drive's last look (from another thread): the timeline goes on for it.
        if (CLOCK_SLOTS.every((slot) => Atomics.load(this.slots, slot) === FREE)) break;
        Atomics.store(this.slots, CLOCK.advancing, 0);
        clockChanged(this.slots);
      }
      await this.locks.backToWork();
      await this.moves.reset();
    } finally {
      if (this.locks.clock === this.place) {
        for (const index of [CLOCK.offset, CLOCK.timeline, CLOCK.advancing]) Atomics.store(this.slots, index, 0);
        clockChanged(this.slots);
      }
    }
  }

  /** What this check's slot says: WORKING, FREE, or the offset it waits for; only while the check is on the timeline. */
  private say(value: number): void {
    this.mustBeOnIt();
    Atomics.store(this.slots, this.place.slot, value);
    clockChanged(this.slots);
  }

  /** A check cut off by its deadline has left the timeline (FixtureLocks.close), and its body, still running, stops here. */
  private mustBeOnIt(): void {
    if (this.locks.clock !== this.place) throw new Error('the check ended: it is on the clock timeline no more');
  }

  /** Beside a leader: waits until it has moved the clock to `offset`, or ended the timeline without. */
  private async waitFor(offset: number): Promise<void> {
    for (;;) {
      this.mustBeOnIt();
      const version = Atomics.load(this.slots, CLOCK.version);
      if (Atomics.load(this.slots, CLOCK.timeline) !== this.place.timeline) {
        // Alone, the check would have sent the step itself.
        this.count(1);
        await this.locks.backToWork();
        throw this.endedEarly();
      }
      if (Atomics.load(this.slots, CLOCK.offset) >= offset) {
        this.count(1);
        return this.locks.backToWork();
      }
      await this.locks.waitOnClock(version);
    }
  }

  /** Why the timeline ended before this check's offset, as the check would have learnt it moving the clock itself. */
  private endedEarly(): Skip | SuiteError {
    const outcome = Atomics.load(this.slots, CLOCK.outcome);
    if (outcome === STEP_SKIPPED)
      return new Skip('the check that leads the clock timeline was skipped as it moved the clock (the target does not support the provider state "clock", --read-only, or the request budget is spent)');
    const answered = outcome > 0 ? `: the control endpoint failed to set the state "clock" (it answered ${outcome})` : '';
    return new SuiteError(`the target's clock was not moved to the age this check waits for${answered}; the check that leads the clock timeline could not move it, or ended`);
  }

  /**
   * The leader: until the clock is at `until` (without it, until no check is left on the
   * timeline), moves it to the nearest offset a check waits for, each time no check is
   * working. Once a step failed, it only waits for the others to leave.
   */
  private async drive(until?: number): Promise<void> {
    for (;;) {
      this.mustBeOnIt();
      const version = Atomics.load(this.slots, CLOCK.version);
      const offset = Atomics.load(this.slots, CLOCK.offset);
      if (until !== undefined && offset >= until) return this.locks.backToWork();
      const said = CLOCK_SLOTS.map((slot) => Atomics.load(this.slots, slot));
      // A check whose offset the clock has reached is working, even before it says so.
      const working = said.some((value) => value === WORKING || (value !== FREE && value <= offset));
      const waiting = said.filter((value) => value > offset);
      if (!working && waiting.length === 0) return this.locks.backToWork();
      if (working || this.failure) {
        await this.locks.waitOnClock(version);
        continue;
      }
      await this.step(offset, Math.min(...waiting), until);
    }
  }

  /**
   * Moves the clock from `offset` to `next`, unless a check joined meanwhile (from another
   * thread). A step for others' offsets is sent with the leader's lane given back, as
   * theirs are while they wait for it.
   */
  private async step(offset: number, next: number, own: number | undefined): Promise<void> {
    Atomics.store(this.slots, CLOCK.advancing, 1);
    if (CLOCK_SLOTS.some((slot) => Atomics.load(this.slots, slot) === WORKING)) {
      Atomics.store(this.slots, CLOCK.advancing, 0);
      clockChanged(this.slots);
      return;
    }
    if (next === own) await this.locks.backToWork();
    else this.locks.workForOthers();
    try {
      await this.moves.advance(next - offset);
    } catch (error) {
      this.failure = { error };
      // Sent as it ended, for another check: alone, it would not have sent it. Within its own reach, it would have sent its own step.
      if (own === undefined) this.count(-1);
      // Cut off while the step was on its way: the timeline (maybe another by now) is no longer its to end.
      if (this.locks.clock === this.place) {
        const status = error instanceof SuiteError ? error.exchange?.response?.status : undefined;
        endTimelineEarly(this.slots, error instanceof Skip ? STEP_SKIPPED : (status ?? STEP_FAILED));
      }
      throw error;
    }
    // Cut off while the step was on its way: the timeline is no longer its to write.
    this.mustBeOnIt();
    // The step is this check's own only when it waited for that offset.
    if (next !== own) this.count(-1);
    Atomics.store(this.slots, CLOCK.offset, next);
    Atomics.store(this.slots, CLOCK.advancing, 0);
    clockChanged(this.slots);
  }
}
