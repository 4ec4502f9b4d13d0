// The duration strings the reference keeps as set (section 2.3: "Duration string"): read by
// the sandbox store and by the variants that write them in another notation.

/** Seconds of a duration string such as `30m`, `1h30m` or `7d`; undefined when it is not one. */
export function durationSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^(\d+[wdhms])+$/.test(value)) return undefined;
  const unit: Record<string, number> = { w: 604_800, d: 86_400, h: 3600, m: 60, s: 1 };
  let total = 0;
  for (const [, n, u] of value.matchAll(/(\d+)([wdhms])/g)) total += Number(n) * unit[u!]!;
  return total;
}
