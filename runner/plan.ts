// What a run will do, settled before the target is touched: the rules, the seed,
// the cases per property, the profile and the expectations. `--rerun-failed` takes
// the rules, the seed, the cases and the profile of an earlier run; an option given
// now beats what that run recorded.
import { DEFAULT_RUNS, type RunOptions } from './options.ts';
import { randomSeed } from '../harness/seed.ts';
import { rules, selectRules, type RuleDefinition } from '../spec/rules/index.ts';
import { broke } from '../results/model.ts';
import { readEarlierRun } from './earlier-run.ts';
import { loadExpectations, type ExpectationSet } from './expectations.ts';
import { loadProfile, recordedProfile, type ChosenProfile } from './profile.ts';
import { RunError } from './run-error.ts';

export interface RunPlan {
  selected: readonly RuleDefinition[];
  seed: number;
  runs: number;
  profile: ChosenProfile;
  expectations?: ExpectationSet;
  /** With --rerun-failed: the earlier run's file and how many of its rules broke (none: nothing to run). */
  rerun?: { file: string; broken: number };
}

export async function planRun(options: RunOptions): Promise<RunPlan> {
  const expectations = options.expect === undefined ? undefined : await loadExpectations(options.expect, rules.map((r) => r.id));
  const selected = selectRules(options.only, options.skip);
  if (selected.length === 0) throw new RunError(`no rule matches --only ${options.only.join(', ')} (see \`cp-conformance rules\`)`);
  const plan = expectations ? { expectations } : {};
  if (options.rerunFailed === undefined) {
    return { ...plan, selected, seed: options.seed ?? randomSeed(), runs: options.runs ?? DEFAULT_RUNS, profile: await loadProfile(options.profile) };
  }
  const file = options.rerunFailed;
  const earlier = await readEarlierRun(file);
  const broken = earlier.rules.filter(broke).map((rule) => rule.id);
  const retired = broken.find((id) => !rules.some((r) => r.id === id));
  if (retired !== undefined) throw new RunError(`the results file ${file} holds rule "${retired}", which this version of cp-conformance does not have`);
  const settings = earlier.settings;
  return {
    ...plan,
    selected: selected.filter((rule) => broken.includes(rule.id)),
    seed: options.seed ?? earlier.seed,
    runs: options.runs ?? settings?.runs ?? DEFAULT_RUNS,
    profile:
      options.profile !== undefined || settings === undefined
        ? await loadProfile(options.profile)
        : await recordedProfile(settings.profile, `the profile recorded in ${file}`),
    rerun: { file, broken: broken.length },
  };
}
