// Two readings of existing data (harness/readings.ts) compared as JSON, for data read in a stable order.
export function sameJson(before: unknown, after: unknown): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}
