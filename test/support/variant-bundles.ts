// The legal variants run in bundles: several in one reference (ReferenceOptions.variants),
// none two of one `choice` or of two profiles. What it buys: a whole-suite run costs about
// 6 s of CPU, and 55 variants alone on both kinds of data are 110 runs; in bundles of up
// to 16 they are 10 (the profile of the public service's variant makes a bundle of its own). A bundle that is off is run again variant by variant, to say which
// variant is off, or that only the bundle is (then: declare their `choice` alike). The
// bundles are drawn from the seed, so that at other seeds (`npm run sweep`) each variant
// meets other companions: one that leaves a rule nothing to observe hides no other from
// it at every seed.
import fc from 'fast-check';
import { startReference, type ReferenceHandle } from '../../reference/server.ts';
import { findVariant, variants } from '../../reference/variants/index.ts';
import type { VariantDefinition } from '../../reference/variants/registry.ts';
import type { SuiteRun, SuiteSession } from '../../runner/run-suites.ts';
import { builtInProfiles } from '../../spec/profiles.ts';
import { rules } from '../../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './reference-config.ts';
import { offVerdicts, type RunData } from './verdicts.ts';

/** Variants bundled in one reference at most. */
const BUNDLE = 16;

/** Rules that must run (not skip) on the demo data against any target: most rules read existing data (README, existing data). */
const LEAST_RUN_ON_DEMO_DATA = 60;

/**
 * The variants in bundles for `seed`: in an order drawn from the seed, each into the first
 * bundle that holds none of its choice, of its profile, with room.
 */
export function bundles(seed: number): string[][] {
  const [order] = fc.sample(fc.shuffledSubarray([...variants], { minLength: variants.length, maxLength: variants.length }), { seed, numRuns: 1 }) as [VariantDefinition[]];
  const made: VariantDefinition[][] = [];
  for (const v of order) {
    const fits = (bundle: VariantDefinition[]) =>
      bundle.length < BUNDLE && (bundle[0]!.profile ?? 'spec') === (v.profile ?? 'spec') && !bundle.some((w) => v.choice !== undefined && w.choice === v.choice);
    const home = made.find(fits);
    if (home) home.push(v);
    else made.push([v]);
  }
  return made.map((bundle) => bundle.map((v) => v.name));
}

/** A target's name in lines: the clean reference, or its variants joined by `+`. */
export const labelOf = (target: readonly string[]): string => (target.length === 0 ? 'clean' : target.join('+'));

/** A verdict that is off, and the variants it is laid to: one alone, or a whole bundle that is off only together. */
export interface OffLine {
  variants: readonly string[];
  line: string;
}

/** The whole suite against each target (the clean reference [], or a bundle of variants), each on a reference of its own: what is off in each. */
async function wholeSuiteOff(session: SuiteSession, targets: readonly string[][], data: RunData, seed: number, runs: number): Promise<string[][]> {
  const refs: ReferenceHandle[] = await Promise.all(targets.map((target) => startReference({ variants: target, ...(data === 'existing' ? { data: 'demo' } : {}) })));
  try {
    const configOf = data === 'existing' ? existingDataConfig : referenceConfig;
    const suiteRuns: SuiteRun[] = targets.map((target, i) => {
      const profile = builtInProfiles[(target.length > 0 ? findVariant(target[0]!)?.profile : undefined) ?? 'spec'];
      return { config: configOf(refs[i]!, { seed, runs, profile }), selected: rules };
    });
    const results = await session.runEach(suiteRuns);
    return targets.map((target, i) => {
      const ran = results[i]!.filter((r) => r.status !== 'skipped').length;
      const tooFew = data === 'existing' && ran < LEAST_RUN_ON_DEMO_DATA ? [`only ${ran} rules ran on the demo data, fewer than ${LEAST_RUN_ON_DEMO_DATA}`] : [];
      return [...offVerdicts(results[i]!, data, ...target.map((name) => findVariant(name))), ...tooFew];
    });
  } finally {
    await Promise.all(refs.map((ref) => ref.close()));
  }
}

/** What is off for each target, a bundle that is off run again variant by variant to lay each line to the variant it is off for. */
export async function offByVariant(session: SuiteSession, targets: readonly string[][], data: RunData, seed: number, runs: number): Promise<OffLine[][]> {
  const off = await wholeSuiteOff(session, targets, data, seed, runs);
  return Promise.all(
    targets.map(async (target, i) => {
      const together = off[i]!.map((line) => ({ variants: target, line }));
      if (together.length === 0 || target.length < 2) return together;
      const alone = await wholeSuiteOff(session, target.map((name) => [name]), data, seed, runs);
      const named = target.flatMap((name, j) => alone[j]!.map((line) => ({ variants: [name], line })));
      return named.length > 0 ? named : together.map(({ line }) => ({ variants: target, line: `(only together) ${line}` }));
    }),
  );
}
