// Section 2.7 names the entry fields of three dimensions (`workspace`, `resourceName`,
// `resourceType`); "Full field list of the entry ...: not shown" leaves the fields of
// resource_uuid and billing_dimension to the target. Each is the profile's name
// (resourceUuidField, billingDimensionField) when the answers hold it; else the one field
// the specification does not name that an answer grouped by that dimension alone holds.
// Entries are read under the suite's own names (DIMENSION_FIELDS), so the checks compare
// them with the oracle unchanged; a target whose answers leave the field unclear skips
// the checks that need it, saying why.
import type { Check } from '../../harness/check.ts';
import type { SuiteConfig } from '../../harness/config.ts';
import { isObject } from '../support/json.ts';
import { DIMENSION_FIELDS } from './oracle.ts';

/** The dimensions whose entry field the specification does not name. */
const UNNAMED = ['resource_uuid', 'billing_dimension'] as const;
type Unnamed = (typeof UNNAMED)[number];

/** Keys of an entry the specification names: never a candidate for an unnamed dimension. */
const NAMED_KEYS = new Set([DIMENSION_FIELDS.workspace, DIMENSION_FIELDS.resource_name, DIMENSION_FIELDS.resource_type, 'summary', 'timeseries']);

interface Learnt {
  /** The target's field of each dimension, once an answer showed it. */
  fields: Partial<Record<Unnamed, string>>;
  /** Dimensions whose answers hold several fields it could be: why each was left unclear. */
  unclear: Partial<Record<Unnamed, string>>;
}

// Per run (a run's config is its own object): what one answer showed holds for the others.
const learntByRun = new WeakMap<SuiteConfig, Learnt>();

function learntFor(t: Check): Learnt {
  let learnt = learntByRun.get(t.config);
  if (!learnt) learntByRun.set(t.config, (learnt = { fields: {}, unclear: {} }));
  return learnt;
}

const profileField = (t: Check, d: Unnamed): string =>
  d === 'resource_uuid' ? t.config.profile.resourceUuidField : t.config.profile.billingDimensionField;

const entriesOf = (body: unknown): Record<string, unknown>[] =>
  isObject(body) && Array.isArray(body.data) ? body.data.filter(isObject) : [];

/** The target's field for `d`: learnt from its answers, else the profile's. */
export const fieldOf = (t: Check, d: Unnamed): string => learntFor(t).fields[d] ?? profileField(t, d);

/**
 * Learns, from a 200 answer to a query grouped by `groupBy`, which fields hold its
 * unnamed dimensions. `probe` asks the same window grouped by one dimension alone,
 * for an answer grouped by both whose entries do not hold the profile's names. Skips
 * the check when an answer holds several fields a dimension could be.
 */
export async function learnEntryFields(t: Check, groupBy: readonly string[] | undefined, body: unknown, probe: (d: Unnamed) => Promise<unknown>): Promise<void> {
  const learnt = learntFor(t);
  const entries = entriesOf(body);
  const open = UNNAMED.filter((d) => groupBy?.includes(d) && learnt.fields[d] === undefined);
  if (entries.length === 0 || open.length === 0) return;
  const unshown = open.filter((d) => {
    const named = entries.every((e) => typeof e[profileField(t, d)] === 'string');
    if (named) learnt.fields[d] = profileField(t, d);
    return !named;
  });
  if (unshown.length === 1) {
    const d = unshown[0]!;
    const taken = new Set(UNNAMED.filter((other) => other !== d).map((other) => fieldOf(t, other)));
    const candidates = Object.keys(entries[0]!).filter((k) => !NAMED_KEYS.has(k) && !taken.has(k) && entries.every((e) => typeof e[k] === 'string'));
    // None: the answer does not populate the dimension, which the grouping rules report.
    if (candidates.length === 1) learnt.fields[d] = candidates[0]!;
    if (candidates.length > 1)
      learnt.unclear[d] = `an answer grouped by ${d} holds ${candidates.map((c) => `"${c}"`).join(', ')} besides the fields section 2.7 names, and no "${profileField(t, d)}": which of them holds the ${d} is not shown (section 2.7), so name it in the profile (${d === 'resource_uuid' ? 'resourceUuidField' : 'billingDimensionField'})`;
  } else if (unshown.length > 1) {
    for (const d of unshown) await learnEntryFields(t, [d], await probe(d), probe);
  }
  const unclear = UNNAMED.find((d) => groupBy?.includes(d) && learnt.fields[d] === undefined && learnt.unclear[d]);
  if (unclear) t.skip(learnt.unclear[unclear]!);
}

/** An answer's entries with each unnamed dimension under the suite's own name, as the oracle reads them. */
export function withSuiteNames<T>(t: Check, body: T): T {
  for (const entry of entriesOf(body)) {
    for (const d of UNNAMED) {
      const field = fieldOf(t, d);
      const own = DIMENSION_FIELDS[d];
      if (field === own || !(field in entry)) continue;
      entry[own] = entry[field];
      delete entry[field];
    }
  }
  return body;
}
