// What concurrent checks share across vitest's worker threads: one SharedArrayBuffer,
// handed to the suites through `provide` (which keeps it shared), holding the run's
// request count and the fixture locks. A check that sets a provider state holds its
// group's lock until it ends (several groups, in one order), so no other check sees
// its fixtures half-built or replaced; `reset` and `clock` touch every group, so they
// hold all of them. A group is what one provider state replaces: the sandboxes, egress
// IPs and custom domains of a workspace are three, so checks of one kind never wait on
// checks of another.
import type { StateName } from './control.ts';

const SLOT = { requests: 0, readers: 1, writersWaiting: 2, functions: 3, sandboxes: 4, egressips: 5, customdomains: 6, usage: 7, processes: 8 } as const;
const SLOT_COUNT = 9;

export type FixtureGroup = 'functions' | 'sandboxes' | 'egressips' | 'customdomains' | 'usage' | 'processes';
/** The one order in which a check may take several groups: checks that take them in one order never wait on each other in a cycle. */
export const GROUP_ORDER: readonly FixtureGroup[] = ['functions', 'sandboxes', 'egressips', 'customdomains', 'usage', 'processes'];

/** The fixtures each provider state replaces; `every` for the states that touch the whole target. */
const groupOfState: Record<StateName, FixtureGroup | 'every'> = {
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

export function createShared(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * SLOT_COUNT);
}

const slotsOf = (shared: SharedArrayBuffer) => new Int32Array(shared);

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
 * one holds every group); a waiting `reset`/`clock` holder turns new group holders
 * away until it had its turn, so it is never starved.
 */
export class FixtureLocks {
  private readonly slots: Int32Array;
  private held: 'nothing' | 'group' | 'every' = 'nothing';
  private readonly groups: FixtureGroup[] = [];

  constructor(shared: SharedArrayBuffer) {
    this.slots = slotsOf(shared);
  }

  /** Waits until this check may set `state`. */
  async enter(state: StateName): Promise<void> {
    const wanted = groupOfState[state];
    if (this.held === 'every') return;
    if (wanted === 'every') {
      // Taking every group while holding one would wait on itself.
      if (this.held === 'group') throw new Error(`a check that sets "${state}" must do so before any other provider state`);
      await this.takeEvery();
      this.held = 'every';
      return;
    }
    if (this.groups.includes(wanted)) return;
    const last = this.groups.at(-1);
    // Two checks taking two groups in opposite orders would wait on each other forever.
    if (last && GROUP_ORDER.indexOf(wanted) < GROUP_ORDER.indexOf(last))
      throw new Error(`a check takes fixture groups in the order ${GROUP_ORDER.join(', ')}; it holds "${last}" and asks for "${wanted}"`);
    if (this.groups.length === 0) await this.takeShare();
    await this.takeMutex(SLOT[wanted]);
    this.held = 'group';
    this.groups.push(wanted);
  }

  release(): void {
    if (this.held === 'every') {
      Atomics.store(this.slots, SLOT.readers, 0);
      Atomics.notify(this.slots, SLOT.readers);
    } else if (this.held === 'group') {
      for (const group of this.groups) {
        Atomics.store(this.slots, SLOT[group], 0);
        Atomics.notify(this.slots, SLOT[group]);
      }
      Atomics.sub(this.slots, SLOT.readers, 1);
      Atomics.notify(this.slots, SLOT.readers);
    }
    this.held = 'nothing';
    this.groups.length = 0;
  }

  private async takeShare(): Promise<void> {
    for (;;) {
      const readers = Atomics.load(this.slots, SLOT.readers);
      const writerFirst = Atomics.load(this.slots, SLOT.writersWaiting) > 0;
      if (readers >= 0 && !writerFirst && Atomics.compareExchange(this.slots, SLOT.readers, readers, readers + 1) === readers) return;
      await waitWhileEqual(this.slots, SLOT.readers, readers);
    }
  }

  private async takeEvery(): Promise<void> {
    Atomics.add(this.slots, SLOT.writersWaiting, 1);
    try {
      while (Atomics.compareExchange(this.slots, SLOT.readers, 0, -1) !== 0) {
        await waitWhileEqual(this.slots, SLOT.readers, Atomics.load(this.slots, SLOT.readers));
      }
    } finally {
      Atomics.sub(this.slots, SLOT.writersWaiting, 1);
    }
  }

  private async takeMutex(index: number): Promise<void> {
    while (Atomics.compareExchange(this.slots, index, 0, 1) !== 0) await waitWhileEqual(this.slots, index, 1);
  }
}
