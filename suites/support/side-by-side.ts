// The generated inputs of a property, in groups whose fixtures can stand on the target
// side by side (harness/property.ts, `together`): no two inputs of a group clash (share
// a resource, say, or change each other's answers), and no group holds more items than
// one answer shows.

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

/** Whether two lists of names share one. */
export const shareAny = (a: readonly string[], b: readonly string[]): boolean => a.some((name) => b.includes(name));
