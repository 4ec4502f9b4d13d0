// What concurrent checks share across vitest's worker threads: one SharedArrayBuffer,
// handed to the suites through `provide` (which keeps it shared), holding the run's
// request count and the fixture locks. A check that sets a provider state holds its
// group's lock until it ends or moves to another state of the group (several groups, in
// one order), so no other check sees its fixtures half-built or replaced; `reset` and `clock` touch every group, so they
// hold all of them. A group is what one provider state replaces: the sandboxes, egress
// IPs and custom domains of a workspace are three, so checks of one kind never wait on
// checks of another.
//
// The checks that move the target's clock (for cursor lifetimes) hold every group, but
// not one after the other: one leads a timeline of the clock's steps and the others
// that come while it runs join it, each setting groups of its own, and the clock moves
// to the next age one of them asks for only when none of them is sending
// (harness/clock-timeline.ts).
//
// A group may also be shared: checks that read one and the same state of it (a fixture
// set drawn from the run's seed, not the rule's) hold it side by side, the first of them
// sets it, and it stays set until a check takes the group for other fixtures. Each
// group has its holders (0 none, -1 one check alone, n > 0 n checks sharing), the key
// of the state they share, and the key of the state the target holds (0, 0 when
// unknown); a key is 64 bits in two slots.
import type { StateKey } from './control.ts';
import type { StateName } from '../spec/test-control.ts';

export type FixtureGroup = 'functions' | 'sandboxes' | 'egressips' | 'customdomains' | 'usage' | 'processes';
/**
 * The one order in which a check may take several groups: checks that take them in one
 * order never wait on each other in a cycle. One that takes them one after the other
 * (enter) holds what it took while it waits for the next, so the group most checks
 * queue for, functions, comes after the other kinds of resource; setEach takes its
 * groups together (enterEach) and holds none while it waits.
 */
const GROUP_ORDER: readonly FixtureGroup[] = ['sandboxes', 'egressips', 'customdomains', 'functions', 'usage', 'processes'];

const SLOT = { requests: 0, readers: 1, writersWaiting: 2 } as const;
/** The slots of a group: its holders, the key its sharers read (two), the key the target holds (two). */
const [HOLDERS, SHARED_KEY, INSTALLED_KEY] = [0, 1, 3] as const;
const GROUP_SLOTS = 5;
const slotOf = (group: FixtureGroup, which: number) => 3 + GROUP_ORDER.indexOf(group) * GROUP_SLOTS + which;
const CLOCK_BASE = 3 + GROUP_ORDER.length * GROUP_SLOTS;
/** Checks on one clock timeline at most; one more waits until a place frees, or for the next timeline. */
const CLOCK_MOVERS = 4;
/**
 * The slots of the clock's timeline: `version` changes with every other slot (what a
 * wait waits on); `offset` is how far the clock has moved since the timeline began, in
 * seconds; `timeline` the number of the timeline under way (0 none); `advancing` 1 while
 * its leader moves the clock or ends it; `outcome` why it ended before its checks did;
 * `orphaned` the number of a timeline whose leader was cut off while others were on it
 * (they hold every group until the last of them leaves); `groups` the groups its checks
 * set (one bit each); `serial` the last timeline's number.
 */
export const CLOCK = {
  version: CLOCK_BASE,
  offset: CLOCK_BASE + 1,
  timeline: CLOCK_BASE + 2,
  advancing: CLOCK_BASE + 3,
  outcome: CLOCK_BASE + 4,
  orphaned: CLOCK_BASE + 5,
  groups: CLOCK_BASE + 6,
  serial: CLOCK_BASE + 7,
} as const;
/** One slot per check on the timeline: FREE, WORKING, or the offset it waits for. */
export const CLOCK_SLOTS: readonly number[] = Array.from({ length: CLOCK_MOVERS }, (_, i) => CLOCK_BASE + 8 + i);
export const [FREE, WORKING] = [0, -1] as const;
/**
 * Why a timeline ended before its checks (its `outcome`): a step was skipped
 * (unsupported, --read-only, the budget spent), failed, or its leader was cut off; a
 * positive outcome is the status the control endpoint failed a step with.
 */
export const [STEP_SKIPPED, STEP_FAILED] = [-1, -2] as const;
const SLOT_COUNT = CLOCK_SLOTS.at(-1)! + 1;
const ALONE = -1;
const UNKNOWN: StateKey = [0, 0];

/** What a check does while it waits for a group another holds, or on the clock timeline (harness/run-check.ts). */
export interface LockWaits {
  pause(): void;
  resume(): Promise<void>;
}

/** A group held: alone, or shared under the key of the state its sharers read. */
type Holding = { group: FixtureGroup; sharedKey?: StateKey };

const sameKey = (a: StateKey | undefined, b: StateKey) => a !== undefined && a[0] === b[0] && a[1] === b[1];

/** The fixtures each provider state replaces; `every` for the states that touch the whole target. */
export const groupOfState: Record<StateName, FixtureGroup | 'every'> = {
  reset: 'every',
  clock: 'every',
  functions: 'functions',
  sandboxes: 'sandboxes',
  egressips: 'egressips',
  customdomains: 'customdomains',
  usage: 'usage',
  processes: 'processes',
};

/** Polling interval of a wait: a safety net under Atomics.notify, never the main path. */
const WAIT_SLICE_MS = 50;

/** Where the 64-bit slots of the rate limit's pace (harness/rate-limit.ts) begin: after the Int32 slots, on an 8-byte boundary. */
const PACE_OFFSET = Math.ceil((Int32Array.BYTES_PER_ELEMENT * SLOT_COUNT) / 8) * 8;

/** Where the run's tag begins (harness/run-mark.ts): after the pace's slots. */
const TAG_OFFSET = PACE_OFFSET + 2 * BigInt64Array.BYTES_PER_ELEMENT;
/** Bytes of the run's tag: random, drawn as the run's memory is made, so that two runs with one seed differ. */
export const TAG_BYTES = 8;

export function createShared(): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(TAG_OFFSET + TAG_BYTES);
  crypto.getRandomValues(new Uint8Array(shared, TAG_OFFSET, TAG_BYTES));
  return shared;
}

/** The run's tag: random bytes (createShared). */
export const tagBytesOf = (shared: SharedArrayBuffer): Uint8Array => new Uint8Array(shared, TAG_OFFSET, TAG_BYTES);

/** The rate limit's two slots, in microseconds since the epoch: the next send time it gives out, and when the last request went. */
export const paceSlotOf = (shared: SharedArrayBuffer) => new BigInt64Array(shared, PACE_OFFSET, 2);

export const slotsOf = (shared: SharedArrayBuffer) => new Int32Array(shared);

/** Notes a change of the clock's timeline, waking the checks that wait on it. */
export function clockChanged(slots: Int32Array): void {
  Atomics.add(slots, CLOCK.version, 1);
  Atomics.notify(slots, CLOCK.version);
}

/** A check's place on a clock timeline: which timeline, its slot, and whether it leads it. */
export interface ClockPlace {
  timeline: number;
  slot: number;
  leads: boolean;
  /** The slot is still the check's: a leader gives it up as it ends (ClockTimeline.end), and one joining then may take it. */
  holdsSlot: boolean;
}

/** Ends the timeline before its checks are done: they learn `outcome` at their next wait. */
export function endTimelineEarly(slots: Int32Array, outcome: number): void {
  Atomics.store(slots, CLOCK.outcome, outcome);
  Atomics.store(slots, CLOCK.timeline, 0);
  Atomics.store(slots, CLOCK.advancing, 0);
  clockChanged(slots);
}

/** Joins the timeline under way, when there is one with room that is not moving the clock. */
function joinTimeline(slots: Int32Array): ClockPlace | undefined {
  const timeline = Atomics.load(slots, CLOCK.timeline);
  if (timeline === 0 || Atomics.load(slots, CLOCK.advancing) === 1) return undefined;
  for (const slot of CLOCK_SLOTS) {
    if (Atomics.compareExchange(slots, slot, FREE, WORKING) !== FREE) continue;
    // Its leader may have begun to move the clock (or to end the timeline) meanwhile; it
    // checks the members after it says so, this check after it took its slot: one of the
    // two sees the other.
    if (Atomics.load(slots, CLOCK.advancing) === 0 && Atomics.load(slots, CLOCK.timeline) === timeline) return { timeline, slot, leads: false, holdsSlot: true };
    Atomics.store(slots, slot, FREE);
    clockChanged(slots);
    return undefined;
  }
  return undefined;
}

/**
 * Begins a timeline, led by the check that has just taken every group. Every slot is
 * free then: the checks of an earlier timeline hold every group until the last of them
 * leaves (FixtureLocks.leaveTimeline).
 */
function openTimeline(slots: Int32Array): ClockPlace {
  const timeline = Atomics.add(slots, CLOCK.serial, 1) + 1;
  for (const index of [CLOCK.offset, CLOCK.advancing, CLOCK.outcome, CLOCK.groups]) Atomics.store(slots, index, 0);
  const slot = CLOCK_SLOTS[0]!;
  Atomics.store(slots, slot, WORKING);
  Atomics.store(slots, CLOCK.timeline, timeline);
  clockChanged(slots);
  return { timeline, slot, leads: true, holdsSlot: true };
}

async function waitWhileEqual(slots: Int32Array, index: number, value: number): Promise<void> {
  const waiting = Atomics.waitAsync(slots, index, value, WAIT_SLICE_MS);
  if (waiting.async) await waiting.value;
}

/** Requests sent so far by the whole run, counted across every worker. */
export function countRequest(shared: SharedArrayBuffer): number {
  return Atomics.add(slotsOf(shared), SLOT.requests, 1) + 1;
}

export function requestsCounted(shared: SharedArrayBuffer): number {
  return Atomics.load(slotsOf(shared), SLOT.requests);
}

/**
 * The locks one check holds. `readers` counts the checks holding a group (or -1 while
 * every group is held: by a reset, or by the checks of a clock timeline); a waiting `reset`/`clock` holder turns new group holders
 * away until it had its turn, so it is never starved.
 */
export class FixtureLocks {
  private readonly slots: Int32Array;
  private held: 'nothing' | 'group' | 'every' = 'nothing';
  /** The groups held, in the order taken. */
  private readonly groups: Holding[] = [];
  /** The check ended (maybe cut off by its deadline while it waited): what it takes from now on is given back at once. */
  private closed = false;
  /** Its place on the clock's timeline, while it moves the clock; and the groups it set there. */
  private clockPlace: ClockPlace | undefined;
  private readonly claimed = new Set<FixtureGroup>();

  /** The check waits for a group another holds, or on the clock timeline: `waits` gives back its lane and stops its deadline meanwhile. */
  private waited = false;

  constructor(
    shared: SharedArrayBuffer,
    private readonly waits?: LockWaits,
  ) {
    this.slots = slotsOf(shared);
  }

  /** Waits until this check may set `state`, alone. */
  async enter(state: StateName): Promise<void> {
    const wanted = groupOfState[state];
    if (state === 'clock') throw new Error('a check moves the clock inside Check.withClock, on the clock timeline');
    if (this.held === 'every') return this.claim(wanted);
    if (wanted === 'every') {
      // Taking every group while holding one would wait on itself.
      if (this.held === 'group') throw new Error(`a check that sets "${state}" must do so before any other provider state`);
      await this.takeEvery();
      this.held = 'every';
      if (this.closed) this.giveBack();
      return;
    }
    const holding = this.groups.find((g) => g.group === wanted);
    if (holding && holding.sharedKey === undefined) return;
    // From reading a shared state to setting one of its own: its sharers must be gone first.
    if (holding) this.drop(holding);
    await this.takeGroup({ group: wanted }, async () => {
      while (Atomics.compareExchange(this.slots, slotOf(wanted, HOLDERS), 0, ALONE) !== 0) await this.waitWhileNot(slotOf(wanted, HOLDERS), 0);
      await this.resume();
      this.forgetInstalled(wanted);
    });
  }

  /**
   * Waits until this check may set each of `states`, of different groups and none of the
   * whole target (sent at once, one would undo the other or not by which came first), and
   * takes their groups together, in the one order: it never holds one while it waits for
   * another, so a busy group keeps none of the others from the checks that want only
   * them. A check that already holds a group takes them one by one (enter).
   */
  async enterEach(states: readonly StateName[]): Promise<void> {
    if (states.length === 1) return this.enter(states[0]!);
    const wanted = states.map((state) => groupOfState[state]);
    if (wanted.includes('every') || new Set(wanted).size < wanted.length)
      throw new Error(`states set at once must be of different fixture groups, none of the whole target: ${states.join(', ')}`);
    const groups = GROUP_ORDER.filter((group) => wanted.includes(group));
    if (this.held !== 'nothing') {
      for (const group of groups) await this.enter(states[wanted.indexOf(group)]!);
      return;
    }
    for (;;) {
      const busy = groups.find((group) => Atomics.load(this.slots, slotOf(group, HOLDERS)) !== 0);
      if (busy) {
        await this.waitWhileNot(slotOf(busy, HOLDERS), 0);
        continue;
      }
      if (await this.takeFree(groups)) break;
    }
    await this.resume();
    if (this.closed) this.giveBack();
  }

  /** Takes every one of `groups` if each is free; else, one taken meanwhile by another check, none. */
  private async takeFree(groups: readonly FixtureGroup[]): Promise<boolean> {
    await this.takeShare();
    const taken: FixtureGroup[] = [];
    for (const group of groups) {
      if (Atomics.compareExchange(this.slots, slotOf(group, HOLDERS), 0, ALONE) !== 0) {
        taken.forEach((back) => this.free(back));
        this.leaveRun();
        return false;
      }
      taken.push(group);
    }
    for (const group of taken) {
      this.forgetInstalled(group);
      this.groups.push({ group });
    }
    this.held = 'group';
    return true;
  }

  /**
   * Waits until this check may read `state` as `key` names it, beside other checks
   * reading the same; `install` sets it when the target does not hold it yet. Returns
   * whether this check set it. A check holding the group alone (or every group) sets it.
   */
  async share(state: StateName, key: StateKey, install: () => Promise<void>): Promise<boolean> {
    const wanted = groupOfState[state];
    if (wanted === 'every') throw new Error(`the provider state "${state}" cannot be shared`);
    const holding = this.groups.find((g) => g.group === wanted);
    if (this.held === 'every' || (holding && holding.sharedKey === undefined)) {
      this.claim(wanted);
      await install();
      return true;
    }
    if (sameKey(holding?.sharedKey, key)) return false;
    if (holding) this.drop(holding);
    let installed = false;
    await this.takeGroup({ group: wanted, sharedKey: key }, async () => {
      const holders = slotOf(wanted, HOLDERS);
      const sharedKey = slotOf(wanted, SHARED_KEY);
      const installedKey = slotOf(wanted, INSTALLED_KEY);
      for (;;) {
        const now = Atomics.load(this.slots, holders);
        if (now > 0 && sameKey(this.loadKey(sharedKey), key) && Atomics.compareExchange(this.slots, holders, now, now + 1) === now) {
          // The key cannot change while the group is shared, and this check now shares it: checked again, as it may have changed before.
          if (sameKey(this.loadKey(sharedKey), key)) return this.resume();
          this.leave(wanted);
          continue;
        }
        if (now === 0 && Atomics.compareExchange(this.slots, holders, 0, ALONE) === 0) {
          await this.resume();
          if (!sameKey(this.loadKey(installedKey), key)) {
            this.forgetInstalled(wanted);
            try {
              await install();
            } catch (error) {
              this.free(wanted);
              throw error;
            }
            this.storeKey(installedKey, key);
            installed = true;
          }
          this.storeKey(sharedKey, key);
          Atomics.store(this.slots, holders, 1);
          Atomics.notify(this.slots, holders);
          return;
        }
        await this.waitWhileEqual(holders, now);
      }
    });
    return installed;
  }

  /**
   * Waits until this check may move the target's clock, and gives its place on the
   * clock's timeline: the first such check takes every group, as a reset does, and
   * leads the timeline; one that comes while it runs joins it, its groups its own.
   */
  async enterClock(): Promise<ClockPlace> {
    if (this.held !== 'nothing') throw new Error('a check that moves the clock must do so before any other provider state');
    Atomics.add(this.slots, SLOT.writersWaiting, 1);
    const place = await this.placeOnTimeline().finally(() => Atomics.sub(this.slots, SLOT.writersWaiting, 1));
    this.clockPlace = place;
    this.held = 'every';
    await this.resume();
    if (this.closed) this.giveBack();
    return place;
  }

  /** Joins the timeline under way, or leads a new one once no check holds a group. */
  private async placeOnTimeline(): Promise<ClockPlace> {
    for (;;) {
      const version = Atomics.load(this.slots, CLOCK.version);
      const joined = joinTimeline(this.slots);
      if (joined) return joined;
      if (Atomics.compareExchange(this.slots, SLOT.readers, 0, -1) === 0) return openTimeline(this.slots);
      // A timeline under way: wait for its next step; none: for the checks holding groups.
      if (Atomics.load(this.slots, CLOCK.timeline) !== 0) await this.waitWhileEqual(CLOCK.version, version);
      else await this.waitWhileNot(SLOT.readers, 0);
    }
  }

  /** Its place on the clock timeline, while it holds one. */
  get clock(): ClockPlace | undefined {
    return this.clockPlace;
  }

  /** Waits for a change of the clock's timeline from `version`, the check's lane given back meanwhile (backToWork after). */
  waitOnClock(version: number): Promise<void> {
    return this.waitWhileEqual(CLOCK.version, version);
  }

  /** The check works for others (a leader's steps for the offsets they wait for): its lane goes back. */
  workForOthers(): void {
    this.pause();
  }

  /** After waits on the clock's timeline, the check works again once it has its lane back. */
  backToWork(): Promise<void> {
    return this.resume();
  }

  /** A group set on the clock timeline is set by one of its checks only: two would replace each other's fixtures. */
  private claim(group: FixtureGroup | 'every'): void {
    if (!this.clockPlace) return;
    // The target's clock and fixtures are the timeline's: only its leader resets them, as it ends.
    if (group === 'every' && !this.clockPlace.leads) throw new Error('a check beside the leader of the clock timeline sets no state of the whole target');
    if (group === 'every' || this.claimed.has(group)) return;
    const bit = 1 << GROUP_ORDER.indexOf(group);
    if (Atomics.or(this.slots, CLOCK.groups, bit) & bit) throw new Error(`two checks that move the clock together set the fixture group "${group}"`);
    this.claimed.add(group);
  }

  /** Whether the check holds a fixture group (alone or shared), not every group. */
  get holdsGroup(): boolean {
    return this.held === 'group';
  }

  release(): void {
    const place = this.clockPlace;
    const lettingGoOfEvery = place ? this.leaveTimeline(place) : this.held === 'every';
    if (lettingGoOfEvery) {
      // A reset or a moved clock: the states the groups held are not known any more.
      for (const group of GROUP_ORDER) this.storeKey(slotOf(group, INSTALLED_KEY), UNKNOWN);
      Atomics.store(this.slots, SLOT.readers, 0);
      Atomics.notify(this.slots, SLOT.readers);
    } else if (this.held === 'group') {
      for (const holding of [...this.groups]) this.drop(holding);
    }
    this.held = 'nothing';
    this.groups.length = 0;
  }

  /**
   * Gives back its place on the clock timeline; returns whether the check now lets go of
   * every group. A leader ends its timeline as it ends (ClockTimeline.end), once the
   * others have left; one still under way, or with others on it, was cut off (maybe after
   * a failed step), and its other checks learn it. They may still be sending: they hold
   * every group until the last of them leaves.
   */
  private leaveTimeline(place: ClockPlace): boolean {
    this.clockPlace = undefined;
    this.claimed.clear();
    if (place.holdsSlot) Atomics.store(this.slots, place.slot, FREE);
    clockChanged(this.slots);
    const othersOn = () => CLOCK_SLOTS.some((slot) => Atomics.load(this.slots, slot) !== FREE);
    if (place.leads) {
      if (Atomics.load(this.slots, CLOCK.timeline) === place.timeline) endTimelineEarly(this.slots, STEP_FAILED);
      if (!othersOn()) return true;
      Atomics.store(this.slots, CLOCK.orphaned, place.timeline);
    }
    // The last to leave (the leader, when the others left meanwhile) lets go of every group, once.
    return !othersOn() && Atomics.compareExchange(this.slots, CLOCK.orphaned, place.timeline, 0) === place.timeline;
  }

  /** Releases what the check holds, and what a wait still under way takes later: the check has ended. */
  close(): void {
    this.closed = true;
    this.release();
  }

  /** What a closed check took after it ended goes back at once; its body, still running, learns it ended. */
  private giveBack(): never {
    this.release();
    throw new Error('the check had already ended');
  }

  /** Takes a group with `take`, in the one order, after a share of the run when it holds no group yet. */
  private async takeGroup(holding: Holding, take: () => Promise<void>): Promise<void> {
    const { group } = holding;
    const last = this.groups.at(-1)?.group;
    // Two checks taking two groups in opposite orders would wait on each other forever.
    if (last && GROUP_ORDER.indexOf(group) < GROUP_ORDER.indexOf(last))
      throw new Error(`a check takes fixture groups in the order ${GROUP_ORDER.join(', ')}; it holds "${last}" and asks for "${group}"`);
    if (this.groups.length === 0) await this.takeShare();
    try {
      await take();
    } catch (error) {
      if (this.groups.length === 0) this.leaveRun();
      throw error;
    }
    this.held = 'group';
    this.groups.push(holding);
    if (this.closed) this.giveBack();
  }

  private loadKey(index: number): StateKey {
    return [Atomics.load(this.slots, index), Atomics.load(this.slots, index + 1)];
  }

  private storeKey(index: number, key: StateKey): void {
    Atomics.store(this.slots, index, key[0]);
    Atomics.store(this.slots, index + 1, key[1]);
  }

  /** Lets go of one group this check holds. */
  private drop(holding: Holding): void {
    if (holding.sharedKey === undefined) this.free(holding.group);
    else this.leave(holding.group);
    this.groups.splice(this.groups.indexOf(holding), 1);
    if (this.groups.length === 0) {
      this.leaveRun();
      this.held = 'nothing';
    }
  }

  /** A group held alone, free again. */
  private free(group: FixtureGroup): void {
    Atomics.store(this.slots, slotOf(group, HOLDERS), 0);
    Atomics.notify(this.slots, slotOf(group, HOLDERS));
  }

  /** What the check sets in `group` replaces the state a sharer would find. */
  private forgetInstalled(group: FixtureGroup): void {
    this.storeKey(slotOf(group, INSTALLED_KEY), UNKNOWN);
  }

  /** One sharer less. */
  private leave(group: FixtureGroup): void {
    Atomics.sub(this.slots, slotOf(group, HOLDERS), 1);
    Atomics.notify(this.slots, slotOf(group, HOLDERS));
  }

  private leaveRun(): void {
    Atomics.sub(this.slots, SLOT.readers, 1);
    Atomics.notify(this.slots, SLOT.readers);
  }

  private async takeShare(): Promise<void> {
    for (;;) {
      const readers = Atomics.load(this.slots, SLOT.readers);
      const writerFirst = Atomics.load(this.slots, SLOT.writersWaiting) > 0;
      if (readers >= 0 && !writerFirst && Atomics.compareExchange(this.slots, SLOT.readers, readers, readers + 1) === readers) return;
      await this.waitWhileEqual(SLOT.readers, readers);
    }
  }

  private async takeEvery(): Promise<void> {
    Atomics.add(this.slots, SLOT.writersWaiting, 1);
    try {
      while (Atomics.compareExchange(this.slots, SLOT.readers, 0, -1) !== 0) {
        await this.waitWhileEqual(SLOT.readers, Atomics.load(this.slots, SLOT.readers));
      }
    } finally {
      Atomics.sub(this.slots, SLOT.writersWaiting, 1);
    }
    await this.resume();
  }

  /** Waits for a change of the cell `index` from `value`, the check's lane given back meanwhile. */
  private waitWhileEqual(index: number, value: number): Promise<void> {
    this.pause();
    return waitWhileEqual(this.slots, index, value);
  }

  /** Its lane given back and its deadline stopped, once, until it resumes. */
  private pause(): void {
    if (this.waited) return;
    this.waited = true;
    this.waits?.pause();
  }

  /** Waits for the cell `index` to change while it is not `value`. */
  private waitWhileNot(index: number, value: number): Promise<void> {
    const now = Atomics.load(this.slots, index);
    return now === value ? Promise.resolve() : this.waitWhileEqual(index, now);
  }

  /** After a wait, the check works again once it has its lane back. */
  private async resume(): Promise<void> {
    if (!this.waited) return;
    this.waited = false;
    await this.waits?.resume();
  }
}
