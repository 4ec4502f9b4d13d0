// results.json: the machine-readable report of CONTRACT section 1, for scripts
// and dashboards. Documented by results/results.schema.json; its keys are a
// public interface, so the run's and the rules' keys are listed here one by one
// rather than spread from the model: a new model field reaches the file only on
// purpose. Evidence keeps the model's Evidence shape.
import type { Redactor } from '../harness/redact.ts';
import type { ClauseResult, RuleResult, RunResult, StatementResult } from '../results/model.ts';
import { scrubRun } from './scrub.ts';
import { tally } from './tally.ts';

export function resultsJson(result: RunResult, redactor: Redactor): string {
  const run = scrubRun(result, redactor);
  const { baseUrl, sandboxUrl, controlUrl, accountId, embedded, credentials } = run.target;
  const document = {
    version: run.version,
    seed: run.seed,
    target: { baseUrl, sandboxUrl, controlUrl, accountId, embedded, credentials },
    settings: { runs: run.settings.runs, profile: run.settings.profile, expectations: run.settings.expectations },
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    summary: tally(run.rules),
    rules: run.rules.map(ruleEntry),
    statements: run.statements?.map(statementEntry),
  };
  // JSON.stringify leaves out the optional fields that are undefined.
  return `${JSON.stringify(document, null, 2)}\n`;
}

function ruleEntry({ id, level, section, title, quote, why, status, reason, evidence, expectation, suite, durationMs, requests, data, dataNotes }: RuleResult) {
  return { id, level, section, title, quote, why, status, reason, evidence, expectation, suite, durationMs, requests, data, dataNotes };
}

function statementEntry({ id, section, heading, words, rules, status, reason, coverage, clauses }: StatementResult) {
  return { id, section, heading, words, rules, status, reason, coverage, clauses: clauses?.map(clauseEntry) };
}

function clauseEntry({ id, covers, kind, proofs, sameAs, status, reason }: ClauseResult) {
  return { id, covers, kind, proofs: proofs.map(({ fault, rule, status }) => ({ fault, rule, status })), sameAs, status, reason };
}
