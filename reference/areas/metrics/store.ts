// The account's metric events (the `usage` provider state), kept sorted by time so
// that a window is found by binary search and a query costs O(events in window).
import { BadStateParams } from '../../area.ts';
import { parseRfc3339 } from './time.ts';
import type { UsageEvent } from '../../../spec/openapi.ts';

/** An event of the `usage` state, its time as epoch ms. */
export type StoredEvent = Omit<UsageEvent, 'time'> & { time: number };

const TEXT_FIELDS = ['workspace', 'resourceType', 'resourceName', 'resourceUuid', 'billingDimension'] as const;
const NUMBER_FIELDS = ['usage', 'cost'] as const;

export class UsageStore {
  private events: StoredEvent[] = [];
  private changes = 0;

  /** CONTRACT section 2, state `usage`: `{events: [UsageEvent]}` replaces the account's events. */
  replace(params: Record<string, unknown>): void {
    const { events } = params;
    if (!Array.isArray(events)) throw new BadStateParams('params.events must be an array of UsageEvent');
    this.events = events.map(toStoredEvent).sort((a, b) => a.time - b.time);
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

function toStoredEvent(raw: unknown, index: number): StoredEvent {
  const where = `params.events[${index}]`;
  if (typeof raw !== 'object' || raw === null) throw new BadStateParams(`${where} must be a UsageEvent object`);
  const event = raw as Record<string, unknown>;
  const time = typeof event.time === 'string' ? parseRfc3339(event.time) : undefined;
  if (time === undefined) throw new BadStateParams(`${where}.time must be an RFC 3339 date-time`);
  for (const field of TEXT_FIELDS) {
    if (typeof event[field] !== 'string') throw new BadStateParams(`${where}.${field} must be a string`);
  }
  for (const field of NUMBER_FIELDS) {
    if (typeof event[field] !== 'number' || !Number.isFinite(event[field])) throw new BadStateParams(`${where}.${field} must be a finite number`);
  }
  const text = event as Record<(typeof TEXT_FIELDS)[number], string>;
  const numbers = event as Record<(typeof NUMBER_FIELDS)[number], number>;
  return {
    time,
    workspace: text.workspace,
    resourceType: text.resourceType,
    resourceName: text.resourceName,
    resourceUuid: text.resourceUuid,
    billingDimension: text.billingDimension,
    usage: numbers.usage,
    cost: numbers.cost,
  };
}
