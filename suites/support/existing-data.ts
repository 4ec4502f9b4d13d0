// Two readings of existing data (harness/readings.ts) compared as JSON, for data read in a stable order.
import { createHash } from 'node:crypto';

export function sameJson(before: unknown, after: unknown): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}

/** A value's JSON as a short digest: a reading keeps it, not the value, where it only tells whether the data moved. */
export function jsonDigest(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64');
}
