// The generated inputs of a property, in groups whose fixtures can stand on the target
// side by side (harness/property.ts, `together`): no two inputs of a group clash (share
// a resource, say, or change each other's answers), and no group holds more items than
// one answer shows.
import type fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { listParams } from '../../harness/control.ts';
import type { StateName } from '../../spec/test-control.ts';
import { isObject, nameOf } from './json.ts';
import { suffixedName } from '../../generators/functions-fixtures.ts';

export interface Apart<T> {
  clash: (a: T, b: T) => boolean;
  /** The items an input puts on the target, and how many a group may hold. */
  size?: (input: T) => number;
  maxSize?: number;
}

export function sideBySide<T>(inputs: readonly T[], { clash, size = () => 1, maxSize = Infinity }: Apart<T>): T[][] {
  const groups: Array<{ inputs: T[]; size: number }> = [];
  for (const input of inputs) {
    const own = size(input);
    const group = groups.find((g) => g.size + own <= maxSize && g.inputs.every((other) => !clash(input, other)));
    if (group) {
      group.inputs.push(input);
      group.size += own;
    } else groups.push({ inputs: [input], size: own });
  }
  return groups.map((g) => g.inputs);
}

/**
 * A `metadata.name` (section 2.1) made its own for the input at `index` of those set side
 * by side: generated names are short and often repeat from one input to the next. The
 * first input keeps its names, so an input checked alone is checked as generated.
 */
const ownName = (name: string, index: number): string => (index === 0 ? name : suffixedName(name, index));

/** The items of the input at `index` with their names made their own (ownName); as they were when two long names would be cut to one. */
export function ownNames<R extends { metadata: { name: string } }>(items: readonly R[], index: number): R[] {
  const renamed = items.map((item) => ({ ...item, metadata: { ...item.metadata, name: ownName(item.metadata.name, index) } }));
  return new Set(renamed.map((item) => item.metadata.name)).size === items.length ? renamed : [...items];
}

/** Whether two lists of names share one. */
export const shareAny = (a: readonly string[], b: readonly string[]): boolean => a.some((name) => b.includes(name));

/**
 * What two items of cases side by side may not have in common: the name of section 2.1
 * (`metadata.name`), and an egress IP's public address (a target may refuse two egress
 * IPs of one address, which the specification does not rule out or in).
 */
export function itemKeys(item: unknown): string[] {
  const publicIp = isObject(item) && isObject(item.spec) ? item.spec.publicIp : undefined;
  return [`name ${String(nameOf(item))}`, ...(publicIp === undefined ? [] : [`ip ${String(publicIp)}`])];
}

/**
 * A property whose cases each put items of one kind on the target (a provider state) and
 * read them back: the cases whose items differ (by `keysOf`, the name by default) are set
 * side by side, one state for the group, and `check` reads the group at once (it must
 * hold of every merged group as of a single case), and holds `maxItems` at most (what one
 * answer shows). The cases with no items stand apart from the others: the empty state is
 * a case of its own. With `own`, each input's keys are first made its own. Rules that draw the same cases (`shared`, the rules declaring one
 * `shares`) set each group once and read it side by side (Check.shareState).
 */
export function sideBySideProperty<T, I = unknown>(
  t: Check,
  arb: fc.Arbitrary<T>,
  fixtures: {
    state: StateName;
    itemsOf: (input: T) => readonly I[];
    keysOf?: (item: I) => string[];
    maxItems?: number;
    shared?: boolean;
    /** The input at `index` with its items' keys made its own (ownName): fewer inputs clash. The first input must stay as it is. */
    own?: (input: T, index: number) => T;
  },
  check: (group: readonly T[]) => Promise<void>,
): Promise<void> {
  const checkAll = async (generated: readonly T[]) => {
    const { own } = fixtures;
    const inputs = own ? generated.map(own) : generated;
    // Worked out once per input: the clash test meets every pair.
    const keys = new Map(inputs.map((input) => [input, fixtures.itemsOf(input).flatMap(fixtures.keysOf ?? itemKeys)]));
    const names = (input: T) => keys.get(input)!;
    const empty = (input: T) => fixtures.itemsOf(input).length === 0;
    const clash = (a: T, b: T) => empty(a) !== empty(b) || shareAny(names(a), names(b));
    for (const group of sideBySide(inputs, { clash, size: (input) => fixtures.itemsOf(input).length, maxSize: fixtures.maxItems })) {
      const params = listParams(fixtures.state, group.flatMap(fixtures.itemsOf));
      await (fixtures.shared ? t.shareState(fixtures.state, params) : t.control.set(fixtures.state, params));
      await check(group);
    }
  };
  return t.property(arb, (input) => checkAll([input]), { together: checkAll, shared: fixtures.shared });
}

/** Processes of the `processes` state (CONTRACT section 2) stand side by side when no pid or name is in common. */
export const processKeys = (p: { pid: string; name: string }): string[] => [`pid ${p.pid}`, `name ${p.name}`];
