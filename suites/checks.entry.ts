// The one test module the runner hands vitest (runner/run-suites.ts), and the only
// place the checks meet vitest: it imports the selected suite files, takes the checks
// each exports, and makes each a test named after its run and its rule, in turn by area
// (harness/schedule.ts), so one worker thread runs checks of different areas at once.
// It sits in suites/, not harness/, because it composes the two: the harness runs each
// check, and the suites' knowledge of the API reads back the provider states it set.
// Several runs (the self-tests' one per fault) are declared one after the other, each
// with its own target and lanes: they pay the worker's start once.
import { inject, test } from 'vitest';
import { findRule } from '../spec/rules/index.ts';
import type { CheckDefinition } from '../harness/rule.ts';
import { Lanes } from '../harness/lanes.ts';
import { runCheck } from '../harness/run-check.ts';
import { interleaveByArea } from '../harness/schedule.ts';
import type { SuiteConfig } from '../harness/config.ts';
import type { SuiteFile } from '../harness/vitest-context.ts';
import { heldStates } from './support/held.ts';

async function checksOf({ file, suite }: SuiteFile): Promise<Array<{ suite: string; check: CheckDefinition }>> {
  const module = (await import(/* @vite-ignore */ file)) as { checks?: CheckDefinition[] };
  if (!Array.isArray(module.checks)) throw new Error(`${suite} exports no \`checks\``);
  return module.checks.map((check) => ({ suite, check }));
}

for (const [index, { config, suites }] of inject('conformanceRuns').entries()) {
  // vitest starts every check at once; the lanes bound how many work at a time.
  const lanes = new Lanes(config.concurrency);
  const declared = interleaveByArea((await Promise.all(suites.map(checksOf))).flat());
  for (const { suite, check } of declared) declareCheck(index, suite, check, config, lanes);
}

function declareCheck(index: number, suite: string, check: CheckDefinition, config: SuiteConfig, lanes: Lanes): void {
  const definition = findRule(check.id);
  test(`${index} ${definition.id} ${definition.title}`, async (ctx) => {
    ctx.task.meta.suite = suite;
    const outcome = await runCheck(check, config, lanes, heldStates);
    ctx.task.meta.requests = outcome.requests;
    ctx.task.meta.durationMs = outcome.durationMs;
    if (outcome.data) ctx.task.meta.data = outcome.data;
    if (outcome.dataNotes) ctx.task.meta.dataNotes = outcome.dataNotes;
    if (outcome.status === 'skipped') return ctx.skip(outcome.reason);
    if (outcome.status === 'failed' || outcome.status === 'error') {
      ctx.task.meta.evidence = outcome.evidence;
      if (outcome.status === 'error') ctx.task.meta.suiteError = true;
      throw new Error(outcome.evidence.message);
    }
  });
}
