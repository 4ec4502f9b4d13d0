// How `cp-conformance doctor` prints: a line per finding as it comes, then a table of
// the rules per area, with what the others miss.
import type { Redactor } from '../harness/redact.ts';
import type { Diagnosis } from '../runner/doctor.ts';
import type { Finding, FindingStatus } from '../runner/preflight.ts';

const MARK: Record<FindingStatus, string> = { ok: 'ok  ', failed: 'FAIL', 'not given': ' -- ' };
const PART_WIDTH = 52;

export function printFinding(finding: Finding, redactor: Redactor): string {
  return `${MARK[finding.status]}  ${finding.part.padEnd(PART_WIDTH)} ${redactor.text(finding.detail)}\n`;
}

/**
 * What a run with these options does, as the findings and the rules tried say: nothing,
 * when a finding is the run's mistake; else per area, the rules it can run and on which
 * data, and what the others miss.
 */
export function printReadiness({ findings, areas }: Diagnosis): string {
  const mistakes = findings.filter((f) => f.mistake);
  if (!areas || mistakes.length > 0)
    return `\nA run with these options stops before its first rule (exit 2), for ${mistakes.length === 1 ? 'the part' : `the ${mistakes.length} parts`} marked FAIL above: ${mistakes.map((f) => f.part).join(', ')}.\n`;
  const total = areas.reduce((n, a) => n + a.rules, 0);
  const lines = [`\nWhat a run with these options can check (${total} rules, each tried on one generated case):`, `  ${'area'.padEnd(16)} ${'rules'.padStart(5)} ${'set'.padStart(5)} ${'existing'.padStart(9)} ${'skipped'.padStart(8)}`];
  for (const a of areas) {
    const skipped = a.missing.reduce((n, m) => n + m.rules, 0);
    lines.push(`  ${a.area.padEnd(16)} ${String(a.rules).padStart(5)} ${String(a.onData.set).padStart(5)} ${String(a.onData.existing).padStart(9)} ${String(skipped).padStart(8)}`);
  }
  const missing = areas.flatMap((a) => a.missing.map((m) => `  ${a.area}: ${m.rules} rule${m.rules === 1 ? '' : 's'}: ${m.reason}${m.states.length > 0 && /control-url|read-only|provider state/.test(m.reason) ? ` (they set the ${m.states.join(', ')} state${m.states.length === 1 ? '' : 's'})` : ''}`));
  const failing = findings.filter((f) => f.status === 'failed').length;
  const allRun = failing > 0 ? `Every rule can run; the ${failing === 1 ? 'FAIL line' : `${failing} FAIL lines`} above ${failing === 1 ? 'is a failure' : 'are failures'} of the target, which its rules will report.` : 'Every rule can run.';
  lines.push(...(missing.length > 0 ? ['', 'What the skipped rules miss:', ...missing] : ['', allRun]));
  return `${lines.join('\n')}\n`;
}
