// The account's metric events (the `usage` provider state), kept sorted by time so
// that a window is found by binary search and a query costs O(events in window).
import { BadStateParams } from '../../area.ts';
import { parseRfc3339 } from './time.ts';
import type { UsageEvent } from '../../../spec/openapi.ts';

/** An event of the `usage` state, its time as epoch ms. */
export type StoredEvent = Omit<UsageEvent, 'time'> & { time: number };

/** How an event's amounts are kept: as given, or (the variant event-amounts-truncated) cut to whole cents and whole units. */
export type AmountsKept = 'exact' | 'truncated';

export class UsageStore {
  private events: StoredEvent[] = [];
  private changes = 0;

  constructor(private readonly kept: AmountsKept = 'exact') {}

  /** CONTRACT section 2, state `usage`: `{events: [UsageEvent]}` replaces the account's events. */
  replace(params: Record<string, unknown>): void {
    const stored = (params.events as UsageEvent[]).map(toStoredEvent);
    // An integer column of cents (of units) fed by integer division: every sum of the account is then whole cents.
    if (this.kept === 'truncated') for (const e of stored) Object.assign(e, { cost: Math.floor(e.cost * 100 + 1e-9) / 100, usage: Math.floor(e.usage + 1e-9) });
    this.events = stored.sort((a, b) => a.time - b.time);
    this.changes += 1;
  }

  clear(): void {
    this.events = [];
    this.changes += 1;
  }

  /** Events with start <= time < end (or <= end when `endInclusive`), in time order. */
  window(start: number, end: number, endInclusive = false): StoredEvent[] {
    const from = this.firstIndex((t) => t >= start);
    const to = this.firstIndex(endInclusive ? (t) => t > end : (t) => t >= end);
    return this.events.slice(from, to);
  }

  /** Counts the changes of the events: what is computed from them is reused only while it stays. */
  get version(): number {
    return this.changes;
  }

  all(): readonly StoredEvent[] {
    return this.events;
  }

  /** Index of the first event whose time satisfies the monotone predicate. */
  private firstIndex(reached: (time: number) => boolean): number {
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (reached(this.events[mid]!.time)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

function toStoredEvent(event: UsageEvent, index: number): StoredEvent {
  const time = parseRfc3339(event.time);
  // Stryker disable next-line all: test-control endpoint (docs/mutation.md)
  if (time === undefined) throw new BadStateParams(`params.events[${index}].time must be an RFC 3339 date-time`);
  const { workspace, resourceType, resourceName, resourceUuid, billingDimension, usage, cost } = event;
  return { time, workspace, resourceType, resourceName, resourceUuid, billingDimension, usage, cost };
}
