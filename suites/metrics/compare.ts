// How the suite compares a cost or a usage of an answer with the one it computes.
//
// A fact of the suite, stated once: a target may answer every amount in a unit as coarse
// as COST_UNIT (USD) and USAGE_UNIT (of a billing dimension), and may round at every step
// where it adds amounts up: each event as it is stored (a Postgres numeric(12,2), a
// Stripe line item in cents), each bucket of a timeseries, each entry's summary, the total.
// Why: section 2.7 gives costs "(USD)" and usages the units of their billing dimension
// (`gbs`, `count`, `hours`), and says nothing of their precision nor of how they are
// rounded: a cent is the smallest unit of USD, and a whole GB-second, event or hour the
// smallest of a billing dimension a store may keep (counts are whole; hours are billed
// whole). Each rounding moves an amount by less than one unit whichever way it rounds (to
// the nearest, down as a truncating cast does, or up as billing rounds usage), so an amount
// that sums N amounts the target may each have rounded, and is rounded once more itself,
// is compared within (N + 1) units. Past that, a difference is no rounding: an event counted
// in the wrong place, left out or counted twice. The generated events cost more than the
// widest tolerance of a check and use more than its usage tolerance
// (generators/metrics-fixtures.ts), so one misplaced event is always seen.
//
// On existing data the amounts read back are the target's own, and the unit is the
// coarsest one (at most COST_UNIT or USAGE_UNIT) they are all whole multiples of
// (existing.ts learnedUnits): a target that answers in finer units is held to them.

/** The smallest unit of USD a target may answer a cost in: a cent. */
export const COST_UNIT = 0.01;
/** The smallest unit of a billing dimension a target may answer a usage in: one GB-second, one event, one hour. */
export const USAGE_UNIT = 1;

/** The units the amounts of one answer are compared in. */
export interface AmountUnits {
  cost: number;
  usage: number;
}

/** Set data: the fact of the suite. */
export const SET_DATA_UNITS: AmountUnits = { cost: COST_UNIT, usage: USAGE_UNIT };

/** What two float sums of the same amounts may differ by, whatever the target rounds. */
const floatSlack = (expected: number) => 1e-6 + 1e-9 * Math.abs(expected);

/** How an amount is compared: the roundings it may carry, each of at most one `unit`. */
export interface Rounding {
  /** How many amounts the target may have rounded on its way to this one, this one included. */
  roundings: number;
  unit: number;
}

export const toleranceOf = ({ roundings, unit }: Rounding, expected: number): number => roundings * unit + floatSlack(expected);

export function closeTo(actual: unknown, expected: number, rounding: Rounding): actual is number {
  return typeof actual === 'number' && Math.abs(actual - expected) <= toleranceOf(rounding, expected);
}

const shown = (n: number) => Number(n.toPrecision(12));

/** `what` should be `expected` (within the roundings) and was `actual`. */
export const amountMessage = (what: string, expected: number, actual: unknown, rounding: Rounding): string =>
  `${what} must be ${shown(expected)} (within ${rounding.roundings} rounding${rounding.roundings === 1 ? '' : 's'} to ${rounding.unit || 'no unit'}: |actual − expected| ≤ ${shown(toleranceOf(rounding, expected))}), got ${JSON.stringify(actual)}`;
