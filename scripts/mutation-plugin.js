// StrykerJS plugins for `npm run mutation` (stryker.config.mjs loads them).
//
// The test runner `cp-conformance` runs the suite against the embedded reference as
// `cp-conformance run --strict` does (a fresh reference, the preflight, the selected rules;
// a failed rule, a warning of a SHOULD rule, which the reference follows too, or an error
// of the run kills the mutant: exit status 1 or 2), but in one
// process per Stryker worker: one vitest session serves every mutant, as in
// bench/fault-runs.ts, and the mutant is switched with Stryker's mutant schemata
// (`__stryker__.activeMutant`) instead of a new process: about 1 s a mutant, not 3.5.
// Its dry run reports which mutants each rule reaches, so that a mutant runs only the
// rules of the areas that reach it and one nothing reaches is "no coverage".
//
// The ignorer `cp-conformance-selection` leaves out what only selects a fault or a
// variant (`faults.has('…')`, `variants.has('…')`, and code only they reach): that is
// the catalogues' machinery, checked by the self-tests, and its mutants are equivalent
// on the clean reference.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';

/** Clean runs kept for the diffs of the next mutants: the seeds of about two sets of rules. */
const KEPT_BASELINES = 6;

/** The rule groups of the dry run: coverage is measured per group (rules of a run go at once, so not per rule). */
const groupOf = (ruleId) => ruleId.split('.')[0];

class ConformanceTestRunner {
  static inject = [commonTokens.logger, commonTokens.options];

  constructor(logger, options) {
    this.logger = logger;
    this.settings = { seed: 1, runs: 25, strict: true, diffSeeds: [], ...options.cpConformance };
  }

  capabilities() {
    // Imported ES modules cannot be unloaded: for a static mutant Stryker starts a new worker.
    return { reloadEnvironment: false };
  }

  async init() {
    // Stryker starts its workers in the sandbox: the sources there are the instrumented ones.
    const root = process.cwd();
    const load = (file) => import(pathToFileURL(path.join(root, file)).href);
    // As bin/cp-conformance.js: vitest before tsx's hooks (about 180 MB less).
    await import('vitest/node');
    const { register } = await import('tsx/esm/api');
    register();
    // None of these imports the reference (runner/run.ts loads it only when it starts it).
    const [{ parseRunOptions }, { planRun }, { suiteConfig }, { SuiteSession }, preflight, { openExchangeLog }, { compareRuns }, { operationNamer }] = await Promise.all(
      ['cli/options.ts', 'runner/plan.ts', 'runner/run.ts', 'runner/run-suites.ts', 'runner/preflight.ts', 'runner/exchange-log.ts', 'runner/diff-compare.ts', 'runner/operations.ts'].map(load),
    );
    const args = ['--seed', String(this.settings.seed), '--runs', String(this.settings.runs)];
    this.options = parseRunOptions(args, {});
    this.plan = await planRun(this.options);
    this.m = { suiteConfig, preflight, load, openExchangeLog, compareRuns, operations: await operationNamer() };
    /** The clean reference's exchanges, by rules and seed: the baseline of every mutant's diff that runs those rules. */
    this.baselines = new Map();
    this.session = await SuiteSession.open(this.options.concurrency);
  }

  /** The reference's modules, loaded at the first run, so that a static mutant is active as they load. */
  async reference() {
    this.startReference ??= (await this.m.load('reference/server.ts')).startReference;
    return this.startReference;
  }

  /** One run as `cp-conformance run` makes it: the rule results, or the refusal of the run (exit status 2); at `seed` (the run's) and logging its exchanges to `exchangeLog` when given. */
  async runRules(selected, { seed = this.plan.seed, exchangeLog } = {}) {
    const startReference = await this.reference();
    let reference;
    try {
      reference = await startReference({});
    } catch (error) {
      return { refused: `cannot start the embedded reference implementation: ${error.message}` };
    }
    try {
      const { plan, options } = this;
      let config;
      try {
        config = { ...this.m.suiteConfig(options, reference, { profile: plan.profile.settings, seed, runs: plan.runs }), ...(exchangeLog ? { exchangeLog } : {}) };
      } catch (error) {
        return { refused: error.message };
      }
      const refused = await this.preflight(config);
      if (refused) return { refused };
      return { rules: await this.session.run({ config, selected }), urls: { baseUrl: config.baseUrl, sandboxUrl: config.sandboxUrl, controlUrl: config.controlUrl, accountId: config.accountId } };
    } finally {
      await reference.close();
    }
  }

  /** runner/run.ts's assertSetup: a mistake of the run found before any check. */
  async preflight(config) {
    const p = this.m.preflight;
    const t = p.preflightCheck(config);
    try {
      await p.assertReachable(t);
      const findings = await Promise.all([p.targetAnswers(t), p.adminCredential(t, config.sandboxName), p.memberCredential(t), p.noScopeCredential(t), p.otherWorkspace(t), p.controlEndpoint(t)]);
      const mistakes = findings.filter((f) => f.mistake).map((f) => `${f.part}: ${f.detail}`);
      return mistakes.length > 0 ? mistakes.join('; ') : undefined;
    } catch (error) {
      return error.message;
    } finally {
      await t.close();
    }
  }

  async dryRun() {
    const ns = stryker();
    ns.activeMutant = undefined;
    // Whatever runs as the modules load is "static" coverage.
    await this.reference();
    const groups = new Map();
    for (const rule of this.plan.selected) groups.set(groupOf(rule.id), [...(groups.get(groupOf(rule.id)) ?? []), rule]);
    const tests = [];
    const perGroup = {};
    try {
      for (const [group, rules] of groups) {
        ns.currentTestId = group;
        const started = performance.now();
        const outcome = await this.runRules(rules);
        const ms = performance.now() - started;
        perGroup[group] = ns.mutantCoverage?.perTest[group] ?? {};
        if (outcome.refused) return { status: DryRunStatus.Error, errorMessage: `the clean reference: ${outcome.refused}` };
        for (const rule of outcome.rules) tests.push(testResult(rule, ms / rules.length));
      }
    } finally {
      ns.currentTestId = undefined;
    }
    // Each rule is a test (killedBy names the rules; a changed suite file retests in incremental mode), with its group's coverage.
    const perTest = Object.fromEntries(tests.map((test) => [test.id, perGroup[groupOf(test.id)]]));
    return { status: DryRunStatus.Complete, tests, mutantCoverage: { static: ns.mutantCoverage?.static ?? {}, perTest } };
  }

  async mutantRun({ activeMutant, testFilter, hitLimit, sandboxFileName, mutantActivation }) {
    const ns = stryker();
    ns.activeMutant = activeMutant.id;
    // An endless loop in the reference ends at Stryker's hit limit (its schemata count the mutant's hits).
    ns.hitLimit = hitLimit;
    ns.hitCount = hitLimit === undefined ? undefined : 0;
    const wanted = testFilter && new Set(testFilter);
    const selected = wanted ? this.plan.selected.filter((rule) => wanted.has(rule.id)) : this.plan.selected;
    try {
      const outcome = await this.runRules(selected);
      if (hitLimit !== undefined && ns.hitCount > hitLimit) return { status: MutantRunStatus.Timeout, reason: `hit limit reached (${ns.hitCount}/${hitLimit})` };
      this.log(activeMutant, sandboxFileName, outcome);
      if (outcome.refused) return { status: MutantRunStatus.Killed, killedBy: [], failureMessage: `the run was refused (exit status 2): ${outcome.refused}`, nrOfTests: 0 };
      // Failures first: a mutant that only a SHOULD rule's warning shows says "warned:" first.
      const broken = [...outcome.rules.filter((rule) => rule.status === 'failed' || rule.status === 'error'), ...outcome.rules.filter((rule) => this.settings.strict && rule.status === 'warned')];
      if (broken.length === 0) {
        // Only in the pass over the survivors: six runs more would not fit the first pass's timeout.
        if (process.env.CP_MUTATION_DIFF_PASS) await this.recordDiff(activeMutant, sandboxFileName, selected, mutantActivation);
        return { status: MutantRunStatus.Survived, nrOfTests: selected.length };
      }
      return {
        status: MutantRunStatus.Killed,
        killedBy: broken.map((rule) => rule.id),
        failureMessage: `${broken[0].status}: ${broken[0].reason ?? ''}`.slice(0, 500),
        nrOfTests: selected.length,
      };
    } finally {
      ns.activeMutant = undefined;
      ns.hitLimit = undefined;
      ns.hitCount = undefined;
    }
  }

  /**
   * With CP_MUTATION_DIFFS and diffSeeds: a surviving mutant's run against the clean
   * reference's, as `cp-conformance diff` compares two targets (runner/diff-compare.ts), at
   * each seed, over the rules that reach it; one JSON line per mutant, with the number of
   * answers that differ. "equivalent" holds only where none does (scripts/mutation.js).
   * A static mutant runs as the modules load, so this worker has no clean reference to
   * compare it with: its line says so.
   */
  async recordDiff(mutant, sandboxFileName, selected, activation) {
    const file = process.env.CP_MUTATION_DIFFS;
    if (!file || this.settings.diffSeeds.length === 0) return;
    const key = { file: path.relative(process.cwd(), sandboxFileName), line: mutant.location.start.line + 1, column: mutant.location.start.column + 1, mutator: mutant.mutatorName, replacement: mutant.replacement };
    if (activation === 'static') return appendFileSync(file, `${JSON.stringify({ ...key, static: true })}\n`);
    const ns = stryker();
    const [hitLimit, hitCount] = [ns.hitLimit, ns.hitCount];
    ns.hitLimit = undefined;
    const seeds = [];
    try {
      for (const seed of this.settings.diffSeeds) {
        ns.activeMutant = undefined;
        const baseline = await this.baseline(selected, seed);
        ns.activeMutant = mutant.id;
        const candidate = await this.loggedRun(selected, seed);
        if (!baseline.side || !candidate.side) {
          seeds.push({ seed, refused: baseline.refused ?? candidate.refused });
          continue;
        }
        const { compared, differences, baselineOnly, candidateOnly } = this.m.compareRuns(baseline.side, candidate.side, this.m.operations, { from: baseline.from, to: Date.now() });
        const first = differences[0];
        seeds.push({
          seed,
          compared,
          differences: differences.length,
          unpaired: baselineOnly.length + candidateOnly.length,
          ...(first ? { first: { operation: first.operation, rule: first.rule, request: first.request, what: first.what.slice(0, 3) } } : {}),
          // Which requests went to one side only: the suite's own timing can add one (a re-read), a mutant's answers another.
          ...(baselineOnly.length + candidateOnly.length > 0
            ? { oneSide: [...baselineOnly.map((u) => ({ side: 'baseline', ...u })), ...candidateOnly.map((u) => ({ side: 'candidate', ...u }))].slice(0, 4).map(({ side, rule, request }) => `${side}: ${rule}: ${request}`) }
            : {}),
        });
      }
    } finally {
      ns.activeMutant = mutant.id;
      [ns.hitLimit, ns.hitCount] = [hitLimit, hitCount];
    }
    appendFileSync(file, `${JSON.stringify({ ...key, rules: selected.length, seeds })}\n`);
  }

  /**
   * The clean reference's run of `selected` at `seed`, kept for the next mutants: Stryker
   * takes them in the order of the code, so neighbours share their rules. Only the few
   * used last are kept: a run's exchanges hold whole listings.
   */
  baseline(selected, seed) {
    const key = `${seed} ${selected.map((rule) => rule.id).join(',')}`;
    const run = this.baselines.get(key) ?? this.loggedRun(selected, seed);
    // The last used last: the least recently used goes first.
    this.baselines.delete(key);
    this.baselines.set(key, run);
    const [leastRecent] = this.baselines.keys();
    if (this.baselines.size > KEPT_BASELINES) this.baselines.delete(leastRecent);
    return run;
  }

  /** A run of `selected` at `seed` with every exchange kept: the side of a diff, and when it began. */
  async loggedRun(selected, seed) {
    const log = await this.m.openExchangeLog();
    const from = Date.now();
    try {
      const outcome = await this.runRules(selected, { seed, exchangeLog: log.file });
      if (outcome.refused) return { refused: outcome.refused };
      return { from, side: { exchanges: await log.read(), urls: outcome.urls } };
    } finally {
      await log.remove();
    }
  }

  /** With CP_MUTATION_LOG: one JSON line per mutant run, for triage (a SHOULD rule that warned does not kill, but says so here). */
  log(mutant, sandboxFileName, outcome) {
    const file = process.env.CP_MUTATION_LOG;
    if (!file) return;
    const notPassed = (outcome.rules ?? []).filter((rule) => rule.status !== 'passed').map((rule) => ({ id: rule.id, status: rule.status, reason: rule.reason?.slice(0, 300) }));
    appendFileSync(file, `${JSON.stringify({ id: mutant.id, file: path.relative(process.cwd(), sandboxFileName), line: mutant.location.start.line + 1, mutator: mutant.mutatorName, refused: outcome.refused, notPassed })}\n`);
  }

  async dispose() {
    await this.session?.close();
  }
}

function stryker() {
  return (globalThis.__stryker__ ??= {});
}

function testResult(rule, ms) {
  const base = { id: rule.id, name: rule.id, timeSpentMs: Math.round(ms), fileName: path.resolve('suites', `${rule.suite}.test.ts`) };
  if (rule.status === 'failed' || rule.status === 'error' || rule.status === 'warned') return { ...base, status: TestStatus.Failed, failureMessage: `${rule.status}: ${rule.reason ?? ''}` };
  return { ...base, status: rule.status === 'skipped' ? TestStatus.Skipped : TestStatus.Success };
}

/**
 * The value an expression has in the reference without fault or variant, when it is only
 * a selection of one (`faults.has('x')` is false there, `!variants.has('y')` true, and so
 * on through && and ||); undefined when it depends on anything else.
 */
function selectionValue(node) {
  switch (node?.type) {
    case 'CallExpression': {
      const { callee, arguments: args } = node;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'has' || args.length !== 1 || args[0].type !== 'StringLiteral') return undefined;
      const object = callee.object;
      const name = object.type === 'Identifier' ? object.name : object.type === 'MemberExpression' && !object.computed ? object.property.name : undefined;
      return name === 'faults' || name === 'variants' ? false : undefined;
    }
    case 'UnaryExpression': {
      const value = node.operator === '!' ? selectionValue(node.argument) : undefined;
      return value === undefined ? undefined : !value;
    }
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return selectionValue(node.expression);
    case 'LogicalExpression': {
      const [left, right] = [selectionValue(node.left), selectionValue(node.right)];
      if (node.operator === '&&') return left === false || right === false ? false : left === true && right === true ? true : undefined;
      if (node.operator === '||') return left === true || right === true ? true : left === false && right === false ? false : undefined;
      return undefined;
    }
    default:
      return undefined;
  }
}

const exits = (statement) =>
  statement?.type === 'ReturnStatement' || statement?.type === 'ThrowStatement' || (statement?.type === 'BlockStatement' && exits(statement.body.at(-1)));

class SelectionIgnorer {
  shouldIgnore(nodePath) {
    const { node, parent, key } = nodePath;
    if (selectionValue(node) !== undefined) return 'selects a fault or a variant (their catalogues are tested by the self-tests)';
    if (!parent) return undefined;
    // The branch only a fault or a variant takes.
    const test = parent.type === 'IfStatement' || parent.type === 'ConditionalExpression' ? selectionValue(parent.test) : undefined;
    if ((test === false && key === 'consequent') || (test === true && key === 'alternate')) return 'runs only under a fault or a variant';
    if (parent.type === 'LogicalExpression' && key === 'right') {
      const left = selectionValue(parent.left);
      if ((parent.operator === '&&' && left === false) || (parent.operator === '||' && left === true)) return 'runs only under a fault or a variant';
    }
    // The statements after `if (!variants.has('x')) return …;`.
    if ((parent.type === 'BlockStatement' || parent.type === 'Program') && typeof key === 'number') {
      const earlier = parent.body.slice(0, key);
      if (earlier.some((s) => s.type === 'IfStatement' && !s.alternate && selectionValue(s.test) === true && exits(s.consequent))) return 'runs only under a fault or a variant';
    }
    return undefined;
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.TestRunner, 'cp-conformance', ConformanceTestRunner),
  declareClassPlugin(PluginKind.Ignore, 'cp-conformance-selection', SelectionIgnorer),
];

export const strykerValidationSchema = {
  properties: {
    cpConformance: {
      description: 'The conformance run each mutant gets (scripts/mutation-plugin.js).',
      type: 'object',
      properties: { seed: { type: 'integer' }, runs: { type: 'integer', minimum: 1 }, strict: { type: 'boolean' }, diffSeeds: { type: 'array', items: { type: 'integer' } } },
      additionalProperties: false,
    },
  },
};
