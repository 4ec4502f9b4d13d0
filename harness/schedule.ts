// The order the checks run in with --concurrency: in turn from each area (the first
// check of each area, then the second, ...). Checks of one area set the same
// fixtures and wait on one another's lock, so the checks that run at once come from
// different areas and the target answers several at a time. Within an area, files
// and checks keep their order.

/** `items` in turn by area, the area being the first segment of `suite` (`functions/limit`). */
export function interleaveByArea<T extends { suite: string }>(items: readonly T[]): T[] {
  const byArea = new Map<string, T[]>();
  for (const item of items) {
    const area = item.suite.split('/')[0]!;
    byArea.set(area, [...(byArea.get(area) ?? []), item]);
  }
  const queues = [...byArea.values()];
  const order: T[] = [];
  for (let i = 0; queues.some((q) => i < q.length); i += 1) for (const q of queues) if (i < q.length) order.push(q[i]!);
  return order;
}
