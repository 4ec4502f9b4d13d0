// Sections 2.6, 4.2: GET /process/{identifier}/logs by process id and by name, and
// for processes the sandbox does not have.
import type { Check } from '../../harness/check.ts';
import { rule, type Need } from '../../harness/rule.ts';
import type { StateName } from '../../spec/test-control.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';
import { processes, unknownProcessIdentifier, type ProcessFixture } from '../../generators/sandbox-address-inputs.ts';
import { expectDocumented } from '../support/documented.ts';
import { expectInputRefused, processesApart } from './client.ts';
import { show } from '../support/json.ts';
import { withoutAbsentNulls } from '../../harness/validator.ts';

/**
 * What a process wrote, as every way of collecting it gives it back: a pseudo-terminal
 * turns each line feed into a carriage return and line feed (the ONLCR of a TTY), and a
 * collector that reads lines ends the last one with a line feed even when the process
 * did not. Section 2.6 says only that the logs are strings, so line ends are compared
 * as line feeds, and a line feed at the very end as none.
 */
function asLines(text: string): string {
  return text.replace(/\r*\n/g, '\n').replace(/\n$/, '');
}

/** `part` appears in `whole` in order, maybe interleaved with other output (a merged log may mix the two streams). */
function isSubsequence(part: string, whole: string): boolean {
  let i = 0;
  for (const ch of whole) if (i < part.length && part.startsWith(ch, i)) i += ch.length;
  return i === part.length;
}

/**
 * GET /process/{identifier}/logs answers what the process wrote (section 2.6). None of
 * `logs`, `stderr`, `stdout` is marked Required (CONTRACT 3): each present must hold
 * what it names, and what the process wrote to a stream must be in its own field or in
 * `logs` (the logs cannot be observed otherwise).
 */
async function assertLogsOf(t: Check, process: ProcessFixture, identifier: string, by: string): Promise<void> {
  const res = await t.sandbox(`/process/${encodeURIComponent(identifier)}/logs`, { token: t.config.credentials.admin });
  t.assert(res.status === 200, `GET /process/${identifier}/logs of a process of the sandbox (by ${by}) must answer 200 (section 4.2), got ${res.status}`);
  expectDocumented(t, 'getProcessLogs', res, 'sandbox');
  // A null where nothing is required is a field left out (CONTRACT 3; harness/validator.ts, absentNulls).
  const logs = withoutAbsentNulls('sandbox', 'getProcessLogs', 200, res.json) as Record<string, unknown>;
  const streams = [
    ['stdout', process.stdout],
    ['stderr', process.stderr],
  ] as const;
  const sameLines = (answered: unknown, written: string) => typeof answered === 'string' && asLines(answered) === asLines(written);
  const problems = [
    ...streams.map(([name, written]) => logs[name] !== undefined && !sameLines(logs[name], written) && `${name} is ${show(logs[name])}, not ${show(written)} as the process wrote it`),
    ...streams.map(([name, written]) => written !== '' && logs[name] === undefined && logs.logs === undefined && `neither ${name} nor logs is in the answer, so what the process wrote to ${name} (${show(written)}) is not`),
    logs.logs !== undefined &&
      !(typeof logs.logs === 'string' && isSubsequence(asLines(process.stdout), asLines(logs.logs)) && isSubsequence(asLines(process.stderr), asLines(logs.logs))) &&
      `logs ${show(logs.logs)} does not hold both stdout and stderr`,
  ].filter(Boolean);
  t.assert(problems.length === 0, `the logs of process ${process.pid} (${process.name}) by ${by}: ${problems.join('; ')}`);
}

/**
 * The two rules of the logs draw the same cases (one seed): the processes of several
 * cases (no pid or name in common) are set at once, each group once for both rules, and
 * every process's logs asked for at once.
 */
const LOGS_ROUNDS = 'sandbox-address.logs-rounds';
const sharesLogsRounds = { needs: ['control', 'sandboxUrl'] satisfies Need[], states: ['processes'] satisfies StateName[], shares: LOGS_ROUNDS };

function eachProcessLogs(t: Check, by: 'pid' | 'name'): Promise<void> {
  return sideBySideProperty(t, processes, { ...processesApart, shared: true }, async (group) => {
    await t.atOnce(group.flat().map((p) => () => assertLogsOf(t, p, p[by], by === 'pid' ? 'process id' : 'process name')));
  });
}

const processLogsContent = rule('sandbox-address.process-logs.content', sharesLogsRounds, (t: Check) => eachProcessLogs(t, 'pid'));

const processLogsByName = rule('sandbox-address.process-logs.by-name', { ...sharesLogsRounds, existing: ['sandboxUrl', 'process'] }, (t: Check) =>
  t.data === 'existing' ? sameLogsByName(t) : eachProcessLogs(t, 'name'),
);

const LOG_FIELDS = ['stdout', 'stderr', 'logs'] as const;
type LogsAnswer = Partial<Record<(typeof LOG_FIELDS)[number], unknown>>;

/** Why `later` is not `earlier` with more written after it, field by field (a running process only adds to its logs). */
function notContinued(earlier: LogsAnswer, later: LogsAnswer): string | undefined {
  for (const field of LOG_FIELDS) {
    const [a, b] = [earlier[field], later[field]];
    if (a === undefined) continue;
    if (typeof a !== 'string' || typeof b !== 'string' || !b.startsWith(a)) return `${field} is ${show(b)}, which does not continue ${show(a)}`;
  }
  return undefined;
}

/**
 * On existing data, the logs of --process-name must be those of --process-pid: read by
 * pid, by name, and by pid again, the logs by name continue the first and are continued
 * by the last (equal to both while the process writes nothing). Logs replaced between the
 * two readings by pid (rotated, say) show nothing: read again, then skipped.
 */
async function sameLogsByName(t: Check): Promise<void> {
  const { processName, processPid } = t.config as Required<Pick<typeof t.config, 'processName' | 'processPid'>>;
  const logsOf = async (identifier: string, by: string): Promise<LogsAnswer> => {
    const res = await t.sandbox(`/process/${encodeURIComponent(identifier)}/logs`, { token: t.config.credentials.admin });
    t.assert(res.status === 200, `GET /process/${identifier}/logs of a running process of the sandbox (by ${by}) must answer 200 (section 4.2), got ${res.status}`);
    expectDocumented(t, 'getProcessLogs', res, 'sandbox');
    return withoutAbsentNulls('sandbox', 'getProcessLogs', 200, res.json) as LogsAnswer;
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await logsOf(processPid, 'process id');
    const byName = await logsOf(processName, 'process name');
    const after = await logsOf(processPid, 'process id');
    if (notContinued(before, after) !== undefined) continue;
    const problem = notContinued(before, byName) ?? notContinued(byName, after);
    t.assert(problem === undefined, `GET /process/${processName}/logs finds the process by its name: it must answer the logs of process ${processPid}, read by pid before and after it; ${problem}`);
    return;
  }
  t.skip(`the logs of process ${processPid} were replaced while the check read them, twice: nothing to compare the logs by name with`);
}

const processLogsUnknown = rule('sandbox-address.process-logs.unknown', { needs: ['sandboxUrl'] }, async (t: Check) => {
  await t.property(unknownProcessIdentifier, async (identifier) => {
    const res = await t.sandbox(`/process/${encodeURIComponent(identifier)}/logs`, { token: t.config.credentials.admin });
    expectInputRefused(t, 'getProcessLogs', res, `GET /process/${identifier}/logs of a process the sandbox does not have`);
  });
});

export const checks = [processLogsContent, processLogsByName, processLogsUnknown];
