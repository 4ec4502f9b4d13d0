// Drives vitest over suites/ programmatically and turns its test cases back into
// rule results: one test per rule, named after it.
import { fileURLToPath } from 'node:url';
import type { TestCase, TestModule } from 'vitest/node';
import { startVitest } from 'vitest/node';
import type { SuiteConfig } from '../harness/config.ts';
import type { RuleResult } from '../results/model.ts';
import type { RuleDefinition } from '../spec/rules/index.ts';
import { RunError } from './run-error.ts';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

export interface SuiteRun {
  config: SuiteConfig;
  selected: readonly RuleDefinition[];
  /** Upper bound of one rule's check. */
  ruleTimeoutMs: number;
  onRuleFinished?: (result: RuleResult) => void;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function runSuites(run: SuiteRun): Promise<RuleResult[]> {
  const byId = new Map(run.selected.map((r) => [r.id, r]));
  const results = new Map<string, RuleResult>();
  const loadErrors: string[] = [];

  const toResult = (testCase: TestCase): RuleResult | undefined => {
    const id = testCase.name.split(' ')[0] ?? '';
    const definition = byId.get(id);
    if (!definition) return undefined;
    const outcome = testCase.result();
    const meta = testCase.meta();
    const status = outcome.state === 'passed' || outcome.state === 'skipped' ? outcome.state : 'failed';
    const errorMessage = outcome.state === 'failed' ? outcome.errors[0]?.message : undefined;
    const evidence = status === 'failed' ? (meta.evidence ?? { message: errorMessage ?? 'the check failed' }) : undefined;
    const reason = status === 'skipped' ? (outcome.state === 'skipped' ? outcome.note : undefined) ?? 'skipped' : evidence?.message;
    return {
      ...definition,
      suite: suiteName(testCase.module),
      status,
      ...(reason !== undefined ? { reason } : {}),
      ...(evidence ? { evidence } : {}),
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      requests: meta.requests ?? 0,
    };
  };

  const collector = {
    onTestCaseResult(testCase: TestCase) {
      const result = toResult(testCase);
      if (!result) return;
      results.set(result.id, result);
      run.onRuleFinished?.(result);
    },
    onTestRunEnd(modules: ReadonlyArray<TestModule>) {
      for (const module of modules) {
        for (const error of module.errors()) loadErrors.push(`${module.relativeModuleId}: ${error.message}`);
      }
    },
  };

  const vitest = await startVitest(
    'test',
    [],
    {
      root: packageRoot,
      config: false,
      watch: false,
      include: ['suites/**/*.test.ts'],
      reporters: [collector],
      provide: { conformance: run.config },
      testNamePattern: new RegExp(`^(?:${[...byId.keys()].map(escapeRegExp).join('|')}) `),
      pool: 'threads',
      fileParallelism: false,
      isolate: false,
      testTimeout: run.ruleTimeoutMs,
      hookTimeout: run.ruleTimeoutMs,
      passWithNoTests: true,
    },
    { logLevel: 'silent', cacheDir: false as unknown as string },
  );
  await vitest.close();
  if (loadErrors.length > 0) throw new RunError(`a suite failed to load (a defect of cp-conformance): ${loadErrors[0]}`);

  // A selected rule without a check is shown, never dropped.
  return run.selected.map(
    (definition) =>
      results.get(definition.id) ?? {
        ...definition,
        suite: 'unchecked',
        status: 'skipped',
        reason: 'this version of cp-conformance has no check for this rule',
        durationMs: 0,
        requests: 0,
      },
  );
}

function suiteName(module: TestModule): string {
  return module.relativeModuleId.replace(/^suites\//, '').replace(/\.test\.ts$/, '');
}
