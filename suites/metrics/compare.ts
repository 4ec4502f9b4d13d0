// Costs (USD) and usages are sums of floats on the target: they are compared with a
// tolerance, stated in every message that uses it.
export const TOLERANCE = '|actual − expected| ≤ 1e-6 + 1e-9·|expected|';

export function closeTo(actual: unknown, expected: number): boolean {
  return typeof actual === 'number' && Math.abs(actual - expected) <= 1e-6 + 1e-9 * Math.abs(expected);
}

/** `what` should be `expected` (within the tolerance) and was `actual`. */
export const amountMessage = (what: string, expected: number, actual: unknown): string =>
  `${what} must be ${expected} (${TOLERANCE}), got ${JSON.stringify(actual)}`;
