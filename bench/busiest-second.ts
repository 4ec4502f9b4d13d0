// `npm run bench -- --rate-limit N`: whether the run kept its pace, seen from the target.
// The suite spaces its sends 1000/N ms apart (harness/rate-limit.ts); the reference's
// journal says when each request arrived, so the busiest second of the run is read
// there, where a shared target would count it.
import type { JournalEntry } from './journaled-reference.ts';

/** The most requests that arrived within one second: the window [t, t + 1000 ms) from each arrival (a busiest window can start at one). */
export function busiestSecond(journal: readonly Pick<JournalEntry, 'receivedMs'>[]): number {
  const times = journal.map((r) => r.receivedMs).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, end = 0; first < times.length; first++) {
    while (end < times.length && times[end]! < times[first]! + 1000) end++;
    most = Math.max(most, end - first);
  }
  return most;
}
