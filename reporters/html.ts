// report.html: one self-contained page a person reads in a browser. A pure
// function of the results; every piece of text is escaped, and a Content
// Security Policy forbids any fetch and any script but the page's own filter.
import { createHash } from 'node:crypto';
import type { Redactor } from '../harness/redact.ts';
import { RULE_STATUSES, type ClauseResult, type Evidence, type Exchange, type RuleResult, type RuleStatus, type RunResult, type StatementCoverage, type StatementResult, type StatementStatus, type TargetDescription } from '../results/model.ts';
import { curlVariablesNote, replayParameters, REQUEST_LABEL, requestHead, responseHead, SETUP_NOTE, setupLabel, shrinkingNote, TRUNCATED_NOTE } from './evidence-text.ts';
import { duration, printable } from './format.ts';
import { FILTER_SCRIPT, REPORT_STYLE } from './html-assets.ts';
import { prettyJson } from './pretty-json.ts';
import { evidenceHar } from './har.ts';
import { scrubRun } from './scrub.ts';
import { DATA_LABEL, dataLine, STATEMENT_LABEL, STATEMENT_WORDS, STATUS_LABEL } from './statuses.ts';
import { compareSections, groupBySection } from './sections.ts';
import { tally, tallyLine, type Tally } from './tally.ts';

/**
 * The statuses of the totals, the meter and the filter buttons, in that order: `known`
 * and `fixed` only in a run that has them or read an expectations file, `error` only in
 * a run that has some.
 */
function shownStatuses(run: RunResult, totals: Tally): RuleStatus[] {
  const expected = (status: RuleStatus) => (status === 'known' || status === 'fixed') && run.settings.expectations !== undefined;
  const always = (status: RuleStatus) => status !== 'known' && status !== 'fixed' && status !== 'error';
  return RULE_STATUSES.filter((status) => always(status) || totals[status] > 0 || expected(status));
}

export function htmlReport(result: RunResult, redactor: Redactor): string {
  const run = scrubRun(result, redactor);
  const totals = tally(run.rules);
  const statuses = shownStatuses(run, totals);
  const scriptHash = createHash('sha256').update(FILTER_SCRIPT).digest('base64');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'">
<title>${escapeHtml(`cp-conformance: ${tallyLine(totals)} (${run.target.baseUrl})`)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<header>
<h1>cp-conformance report</h1>
${runDetails(run)}
${totalsSection(totals, statuses)}
${run.statements?.length ? viewSwitch(run.statements.length) : ''}
${filterBar(totals, statuses, run.rules.length)}
</header>
<main id="rules-view">
${groupBySection(run.rules)
  .map(
    ({ section, heading, rules }) => `<section class="spec-section" aria-labelledby="section-${escapeHtml(section)}">
<h2 id="section-${escapeHtml(section)}">${escapeHtml(heading)}</h2>
<ul class="rules">
${rules.map((rule) => ruleItem(rule, run.version ?? '')).join('\n')}
</ul>
</section>`,
  )
  .join('\n')}
</main>
${run.statements?.length ? specificationView(run.statements, run.rules) : ''}
<script>${FILTER_SCRIPT}</script>
</body>
</html>
`;
}

function runDetails(run: RunResult): string {
  const rows: [string, string | undefined][] = [
    ['Target', targetLine(run.target)],
    ['Sandbox URL', run.target.sandboxUrl && code(run.target.sandboxUrl)],
    ['Control URL', run.target.controlUrl && code(run.target.controlUrl)],
    ['Account', run.target.accountId && code(run.target.accountId)],
    ['Credentials given', run.target.credentials.length > 0 ? escapeHtml(run.target.credentials.join(', ')) : 'none'],
    ['Expectations', run.settings.expectations && code(run.settings.expectations)],
    ['Seed', `${code(String(run.seed))}; replay this run with ${code(`--seed ${run.seed}`)} and the same target options`],
    ['Started', startedAt(run.startedAt)],
    ['Duration', escapeHtml(duration(run.durationMs))],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== undefined);
  return `<dl class="run">\n${shown.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('\n')}\n</dl>`;
}

function targetLine(target: TargetDescription): string {
  return code(target.baseUrl) + (target.embedded ? ' (embedded reference implementation)' : '');
}

function startedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeHtml(iso);
  const utc = date.toISOString();
  return `<time datetime="${escapeHtml(utc)}">${escapeHtml(`${utc.slice(0, 10)} ${utc.slice(11, 19)} UTC`)}</time>`;
}

function totalsSection(totals: Tally, statuses: RuleStatus[]): string {
  const all = statuses.reduce((sum, status) => sum + totals[status], 0);
  const segment = (status: RuleStatus): string =>
    totals[status] === 0 ? '' : `<span class="${status}" style="width:${((100 * totals[status]) / all).toFixed(2)}%"></span>`;
  const counts = statuses.map((status) => `<span data-count="${status}">${totals[status]} ${status}</span>`).join(', ');
  return `<section id="totals" aria-label="Totals">
<p><strong>${all} rules:</strong> ${counts}</p>
<div class="meter" role="img" aria-label="${escapeHtml(tallyLine(totals))}">${statuses.map(segment).join('')}</div>
</section>`;
}

/** Rules or the specification: one at a time where scripts run, both one after the other where they do not. */
function viewSwitch(statements: number): string {
  return `<nav class="views" aria-label="View" hidden>
<button type="button" data-view="rules" aria-pressed="true">Rules</button>
<button type="button" data-view="specification" aria-pressed="false">Specification (${statements} statements)</button>
</nav>`;
}

// The order of the totals: what the run showed broken first, what nobody could check last.
const STATEMENT_ORDER: readonly StatementStatus[] = ['failed', 'error', 'warned', 'known', 'fixed', 'passed', 'skipped', 'not-run', 'not-yet', 'not-checkable'];

/** Each statement of the specification, by section, marked with what this run established about it. */
function specificationView(statements: StatementResult[], rules: RuleResult[]): string {
  const status = new Map(rules.map((rule) => [rule.id, rule.status]));
  const counts = STATEMENT_ORDER.map((s) => [s, statements.filter((statement) => statement.status === s).length] as const).filter(([, n]) => n > 0);
  const ruleLink = (id: string): string => {
    const outcome = status.get(id);
    return `<a href="#rule-${escapeHtml(id)}"><code>${escapeHtml(id)}</code></a> ${outcome ? STATUS_LABEL[outcome] : 'not run'}`;
  };
  const item = (statement: StatementResult): string => `<li class="statement" id="statement-${escapeHtml(statement.id)}" data-statement-status="${statement.status}">
<span class="status ${statement.status}">${STATEMENT_LABEL[statement.status]}</span>
<blockquote class="words"><p>${escapeHtml(statement.words)}</p></blockquote>
${statement.rules.length ? `<p class="meta">Checked by ${statement.rules.map(ruleLink).join(', ')}</p>` : ''}
${statement.reason ? `<p class="reason">${escapeHtml(statement.reason)}</p>` : ''}
${statement.clauses?.length ? clauseList(statement.clauses, statement.coverage, ruleLink) : ''}
</li>`;
  const sections = [...new Set(statements.map((s) => s.section))].sort(compareSections);
  return `<section id="specification-view" aria-labelledby="specification-heading">
<h2 id="specification-heading">The specification, statement by statement</h2>
<p class="statement-totals"><strong>${statements.length} statements:</strong> ${counts.map(([s, n]) => `${n} ${STATEMENT_WORDS[s]}`).join(', ')}</p>
${sections
  .map((section) => {
    const inSection = statements.filter((s) => s.section === section);
    return `<section class="statement-section" aria-labelledby="statements-${escapeHtml(section)}">
<h3 id="statements-${escapeHtml(section)}">§${escapeHtml(section)} ${escapeHtml(inSection[0]!.heading)}</h3>
<ul class="statements">
${inSection.map(item).join('\n')}
</ul>
</section>`;
  })
  .join('\n')}
</section>`;
}

const COVERAGE_WORDS: Record<StatementCoverage, string> = { checked: 'checked', 'partly-checked': 'partly checked', 'not-checkable': 'not checkable', 'not-yet': 'not yet checked' };

/** A statement's clauses, closed under a count: each checked one with the fault that proves it and its rule's outcome, the others with why not. */
function clauseList(clauses: ClauseResult[], coverage: StatementCoverage | undefined, ruleLink: (id: string) => string): string {
  const checked = clauses.filter((c) => c.kind === 'checked').length;
  const item = (clause: ClauseResult) => {
    const proofs = clause.proofs.map((p) => `fault <code>${escapeHtml(p.fault)}</code>, caught by ${ruleLink(p.rule)}`).join('; ');
    const why = clause.kind === 'checked' || !clause.reason ? '' : ` <span class="reason">${clause.kind === 'not-yet' ? 'Needs' : 'Why'}: ${escapeHtml(clause.reason)}</span>`;
    return `<li class="clause" data-clause-kind="${clause.kind}"><span class="status ${clause.status}">${STATEMENT_LABEL[clause.status]}</span>${escapeHtml(clause.covers)}${proofs ? ` (${proofs})` : ''}${why}</li>`;
  };
  return `<details class="clauses"><summary>${checked} of ${clauses.length} clauses checked${coverage ? ` (${COVERAGE_WORDS[coverage]})` : ''}</summary>
<ul class="clauses">
${clauses.map(item).join('\n')}
</ul>
</details>`;
}

const FILTER_LABEL: Record<RuleStatus, string> = {
  failed: 'Failed',
  error: 'Error',
  fixed: 'Fixed',
  warned: 'Warned',
  known: 'Known',
  skipped: 'Skipped',
  passed: 'Passed',
};

/** What a reader acts on: the report opens on these rules when there are any, the whole list one click away. */
const NEEDS_ATTENTION: readonly RuleStatus[] = ['failed', 'error', 'warned', 'fixed'];

function filterBar(totals: Tally, statuses: RuleStatus[], all: number): string {
  const attention = NEEDS_ATTENTION.reduce((n, status) => n + totals[status], 0);
  const opening = attention > 0 ? 'attention' : 'all';
  const button = (filter: string, label: string, count: number): string =>
    `<button type="button" data-filter="${filter}" aria-pressed="${filter === opening}">${label} (${count})</button>`;
  return `<nav class="filter" aria-label="Show rules by status" data-opening="${opening}" data-attention="${NEEDS_ATTENTION.join(' ')}" hidden>
${attention > 0 ? button('attention', 'Needs attention', attention) : ''}
${button('all', 'All', all)}
${statuses.map((status) => button(status, FILTER_LABEL[status], totals[status])).join('\n')}
<span id="filter-status" class="meta" role="status"></span>
</nav>`;
}

function ruleItem(rule: RuleResult, version: string): string {
  return `<li class="rule" id="rule-${escapeHtml(rule.id)}" data-rule-id="${escapeHtml(rule.id)}" data-status="${rule.status}">
<div class="rule-head">
<span class="status ${rule.status}">${STATUS_LABEL[rule.status]}</span>
<h3><code>${escapeHtml(rule.id)}</code> ${escapeHtml(rule.title)}</h3>
<span class="level ${rule.level.toLowerCase()}">${escapeHtml(rule.level)}</span>
<span class="meta">§${escapeHtml(rule.section)} · ${escapeHtml(duration(rule.durationMs))} · ${rule.requests} ${rule.requests === 1 ? 'request' : 'requests'}${rule.data ? ` · ${DATA_LABEL[rule.data]}` : ''}</span>
</div>
${ruleBody(rule, version)}
</li>`;
}

const SUMMARY: Record<'failed' | 'error' | 'warned' | 'known' | 'fixed', string> = {
  failed: 'Why it failed',
  error: 'Why the suite could not make the check (no verdict on the target)',
  warned: 'Why it warned (a SHOULD rule: it fails the run only with --strict)',
  known: 'Known failure (listed in the expectations file: it does not fail the run)',
  fixed: 'Fixed: the expectations file lists it, but it passed (remove it from the file; with --strict it fails the run)',
};

function ruleBody(rule: RuleResult, version: string): string {
  const notes = rule.dataNotes?.length ? `\n<p class="note">${escapeHtml(dataLine(rule) ?? '')}</p>` : '';
  if (rule.status === 'skipped') return `<p class="reason">Skipped: ${escapeHtml(rule.reason ?? 'no reason given')}</p>${notes}`;
  if (rule.status === 'passed') return notes;
  const why = rule.why === undefined ? '' : `\n<p class="note">${escapeHtml(`${rule.level}, not MUST: ${rule.why}`)}</p>`;
  // A fixed rule passed: no evidence, only what the file says of it.
  const body = rule.evidence ? evidenceBlock(rule.evidence, rule, version) : `<p class="message">${escapeHtml(rule.reason ?? `${rule.level} violation`)}</p>`;
  return `<details open>
<summary>${SUMMARY[rule.status]}</summary>${expectationBlock(rule)}
<blockquote class="quote"><p>${escapeHtml(rule.quote)}</p><footer>Specification, section ${escapeHtml(rule.section)}</footer></blockquote>${why}
${body}${notes}
</details>`;
}

/** What the expectations file says of a known or fixed rule; its link is a link only when it is http(s). */
function expectationBlock(rule: RuleResult): string {
  const expectation = rule.expectation;
  if (!expectation) return '';
  const link = expectation.link;
  const linked = link === undefined ? '' : /^https?:\/\//i.test(link) ? ` <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : ` ${code(link)}`;
  return `\n<p class="expectation">Expectations file: ${escapeHtml(expectation.reason)}${linked}</p>`;
}

function evidenceBlock(evidence: Evidence, rule: RuleResult, version: string): string {
  const parts = [`<p class="message">${escapeHtml(evidence.message)}</p>`];
  if (evidence.counterexample !== undefined) parts.push(`<h4>Counterexample${escapeHtml(shrinkingNote(evidence.shrinking) || ' (shrunk)')}</h4>`, pre(evidence.counterexample));
  const replay = replayParameters(evidence.seed, evidence.path);
  if (replay) parts.push(`<h4>Replay with fast-check parameters</h4>`, pre(replay));
  const exchange = evidence.exchange;
  if (exchange) {
    const { request, response } = exchange;
    parts.push(`<h4>Request</h4>`, pre(requestHead(request)));
    if (request.body !== undefined) parts.push(bodyPre(request.body, request.truncated));
    if (request.truncated) parts.push(`<p class="note">${escapeHtml(TRUNCATED_NOTE)}</p>`);
    if (response) {
      parts.push(`<h4>Response</h4>`, pre(responseHead(response)));
      if (response.body !== '') parts.push(bodyPre(response.body, response.truncated));
      if (response.truncated) parts.push(`<p class="note">${escapeHtml(TRUNCATED_NOTE)}</p>`);
    }
    if (exchange.networkError !== undefined) {
      parts.push(`<h4>No response</h4>`, `<p class="message">${escapeHtml(exchange.networkError)}</p>`);
    }
    parts.push(`<h4>Reproduce with</h4>`, ...reproduction(exchange), harLink(rule, exchange, version));
  }
  return parts.join('\n');
}

/** The exchange as a HAR file to download, for the network panel, proxy or API client the reader debugs HTTP with. */
function harLink(rule: RuleResult, exchange: Exchange, version: string): string {
  const har = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(evidenceHar(rule, exchange, version), null, 2))}`;
  return `<p class="meta"><a download="${escapeHtml(rule.id)}.har" href="${escapeHtml(har)}">Download this exchange as HAR</a> (opens in a browser's network panel, a proxy or an API client)</p>`;
}

/** A body laid out when it is JSON; a cut one is no longer JSON, and shows as it came up to the cut. */
const bodyPre = (body: string, truncated: boolean | undefined): string => pre(truncated ? body : prettyJson(body));

/** The curl lines that reproduce the exchange: the setup lines first, each under its provider state, then the request's own. */
function reproduction({ curl, setup }: Exchange): string[] {
  const parts: string[] = [];
  if (setup?.length) {
    parts.push(`<p class="note">${escapeHtml(SETUP_NOTE)}</p>`);
    for (const [i, step] of setup.entries()) parts.push(`<p class="meta">${escapeHtml(setupLabel(step, i, setup.length))}</p>`, pre(step.curl, 'setup'));
    parts.push(`<p class="meta">${escapeHtml(REQUEST_LABEL)}</p>`);
  }
  parts.push(pre(curl, 'curl'));
  const note = curlVariablesNote({ curl, setup });
  if (note !== undefined) parts.push(`<p class="note">${escapeHtml(note)}</p>`);
  return parts;
}

/** Past either bound a block is folded, closed, under what it holds: a page stays readable with a 16 KB body or a fixture set of hundreds of KB. */
const FOLD_LINES = 40;
const FOLD_CHARS = 4000;

function pre(content: string, className?: string): string {
  const block = `<pre${className ? ` class="${className}"` : ''}>${escapeHtml(content)}</pre>`;
  const lines = content.split('\n').length;
  if (lines <= FOLD_LINES && content.length <= FOLD_CHARS) return block;
  return `<details class="fold"><summary>${escapeHtml(`Folded: ${counted(lines, 'line')}, ${counted(content.length, 'character')}`)}</summary>\n${block}\n</details>`;
}

const counted = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

const code = (content: string): string => `<code>${escapeHtml(content)}</code>`;

// For text and attribute values alike: the five characters HTML gives meaning to,
// after control characters are made visible.
function escapeHtml(content: string): string {
  return printable(content).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
