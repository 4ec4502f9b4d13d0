// The order the checks run in with --concurrency: in turn from each area (the first
// check of each area, then the second, ...). Checks of one area set the same
// fixtures and wait on one another's lock, so the checks that run at once come from
// different areas and the target answers several at a time. Within an area, files
// and checks keep their order, except that checks reading the same rounds of fixtures
// (`shares`) follow the first of them, so that they run at once and set each round once,
// and that checks which reset the target come first: they hold every fixture group, and
// later they would wait for every check holding one, and every check after them for them.
import type { CheckDefinition } from './rule.ts';

type Scheduled = { suite: string; check: Pick<CheckDefinition, 'shares' | 'resetsTarget'> };

/** `items` in turn by area, the area being the first segment of `suite` (`functions/limit`); resetters first, sharers together. */
export function interleaveByArea<T extends Scheduled>(items: readonly T[]): T[] {
  const order = sharersTogether(inTurnByArea(items));
  return [...order.filter((item) => item.check.resetsTarget), ...order.filter((item) => !item.check.resetsTarget)];
}

function sharersTogether<T extends Scheduled>(order: readonly T[]): T[] {
  const placed = new Set<T>();
  return order.flatMap((item) => {
    if (placed.has(item)) return [];
    const { shares } = item.check;
    const group = shares === undefined ? [item] : order.filter((other) => other.check.shares === shares);
    group.forEach((member) => placed.add(member));
    return group;
  });
}

function inTurnByArea<T extends Scheduled>(items: readonly T[]): T[] {
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
