// The stylesheet and the filter script of report.html, inlined into the page so
// the file opens from disk, mailed or archived, with no network.

export const REPORT_STYLE = `
:root { color-scheme: light dark; --pass: #1a7f37; --fail: #cf222e; --warn: #bc4c00; --skip: #8a6d00; --known: #6e7781;
  --fixed: #0969da; --error: #8250df; --muted: #59636e;
  --line: #d0d7de; --code: #f6f8fa; --bg: #fff; --fg: #1f2328; }
@media (prefers-color-scheme: dark) {
  :root { --pass: #3fb950; --fail: #ff7b72; --warn: #f0883e; --skip: #d29922; --known: #8b949e; --fixed: #58a6ff; --error: #bc8cff; --muted: #9198a1; --line: #3d444d;
    --code: #151b23; --bg: #0d1117; --fg: #e6edf3; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
pre { margin: 0.25rem 0 0.75rem; padding: 0.6rem 0.75rem; background: var(--code); border: 1px solid var(--line);
  border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
h1 { margin: 0 0 0.75rem; font-size: 1.6rem; }
h2 { margin: 2rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--line); font-size: 1.2rem; }
h3 { margin: 0; font-size: 1rem; font-weight: 600; }
h4 { margin: 0.75rem 0 0; font-size: 0.9rem; }
/* minmax and anywhere: a long URL wraps on a phone instead of running off the page. */
dl.run { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.2rem 1rem; margin: 0 0 1rem; }
dl.run dt { color: var(--muted); }
dl.run dd { margin: 0; overflow-wrap: anywhere; }
#totals { margin: 1rem 0; }
#totals p { margin: 0 0 0.4rem; font-size: 1.05rem; }
.meter { display: flex; height: 0.75rem; border-radius: 6px; overflow: hidden; background: var(--line); }
.meter span { display: block; }
.meter .passed, .status.passed { background: var(--pass); }
.meter .failed, .status.failed { background: var(--fail); }
/* Not the failure's red: the suite could not make the check, no verdict on the target. */
.meter .error, .status.error { background: var(--error); }
.meter .warned, .status.warned { background: var(--warn); }
.meter .skipped, .status.skipped { background: var(--skip); }
/* A known failure is read before, so it is quiet; a fixed one asks for an edit, so it stands out. */
.meter .known, .status.known { background: var(--known); }
.meter .fixed, .status.fixed { background: var(--fixed); }
.filter { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; margin: 1rem 0; }
.filter button { font: inherit; padding: 0.25rem 0.9rem; border: 1px solid var(--line); border-radius: 999px;
  background: var(--bg); color: var(--fg); cursor: pointer; }
.filter button[aria-pressed="true"] { background: var(--fg); color: var(--bg); }
ul.rules { list-style: none; margin: 0; padding: 0; }
li.rule { padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
.rule-head { display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; }
/* The title takes the room left beside its status badge and wraps there, rather
   than dropping to a line of its own and leaving the badge alone above it. */
.rule-head h3 { flex: 1 1 20rem; }
.status, .level { display: inline-block; min-width: 3.2rem; padding: 0 0.4rem; border-radius: 4px;
  font-size: 0.75rem; font-weight: 700; text-align: center; color: var(--bg); }
.level { min-width: 0; color: var(--fg); border: 1px solid var(--line); }
.level.must { border-color: var(--fail); }
.meta { color: var(--muted); font-size: 0.85rem; }
.reason, .message { margin: 0.4rem 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
li.rule > details { margin: 0.5rem 0 0.25rem; padding: 0.25rem 0.75rem 0.5rem; border-left: 3px solid var(--fail); }
li.rule[data-status="error"] > details { border-left-color: var(--error); }
li.rule[data-status="warned"] > details { border-left-color: var(--warn); }
li.rule[data-status="known"] > details { border-left-color: var(--known); }
li.rule[data-status="fixed"] > details { border-left-color: var(--fixed); }
/* A block longer than a screenful, closed under what it holds. */
details.fold { margin: 0.25rem 0 0.75rem; }
details.fold > summary { font-weight: 400; color: var(--muted); }
.expectation { margin: 0.4rem 0 0; font-weight: 600; overflow-wrap: anywhere; }
a { color: var(--fixed); }
summary { cursor: pointer; font-weight: 600; }
blockquote.quote { margin: 0.4rem 0; padding: 0.3rem 0.75rem; border-left: 3px solid var(--line); background: var(--code); }
blockquote.quote p { margin: 0; font-style: italic; white-space: pre-wrap; }
blockquote.quote footer { color: var(--muted); font-size: 0.85rem; }
pre.curl, pre.setup { user-select: all; }
.note { color: var(--muted); font-style: italic; }
.views { display: flex; gap: 0.5rem; margin: 1rem 0 0; }
.views button { font: inherit; font-weight: 600; padding: 0.3rem 1rem; border: 1px solid var(--line); border-radius: 6px;
  background: var(--bg); color: var(--fg); cursor: pointer; }
.views button[aria-pressed="true"] { background: var(--fg); color: var(--bg); }
ul.statements { list-style: none; margin: 0; padding: 0; }
/* One badge column for every statement, so the words line up down the page. */
li.statement { display: grid; grid-template-columns: 8.5rem minmax(0, 1fr); gap: 0 0.6rem; padding: 0.4rem 0; border-bottom: 1px solid var(--line); }
li.statement > .status { justify-self: start; align-self: start; }
li.statement > :not(.status) { grid-column: 2; }
li.statement blockquote.words { margin: 0; font-style: italic; overflow-wrap: anywhere; }
li.statement blockquote.words p, li.statement p { margin: 0; }
/* Its clauses: each with the fault that proves it checked and that rule's outcome, or why not. */
details.clauses > summary { font-weight: 400; color: var(--muted); }
ul.clauses { list-style: none; margin: 0.2rem 0 0; padding: 0; font-size: 0.9rem; }
li.clause { margin: 0.15rem 0; overflow-wrap: anywhere; }
li.clause > .status { font-size: 0.75rem; margin-right: 0.4rem; }
/* What no rule could show is grey: not a verdict on the target. */
.status.not-run, .status.not-yet, .status.not-checkable { background: transparent; color: var(--muted); border: 1px solid var(--muted); }
.status.not-yet { border-style: dashed; }
[hidden] { display: none !important; }
`;

// Progressive enhancement: without the script every rule shows and the buttons
// stay hidden, so nothing is lost where scripts are off.
export const FILTER_SCRIPT = `
(() => {
  const bar = document.querySelector('.filter');
  const buttons = Array.from(bar.querySelectorAll('button'));
  const rules = Array.from(document.querySelectorAll('[data-rule-id]'));
  const sections = Array.from(document.querySelectorAll('section.spec-section'));
  const shown = document.getElementById('filter-status');
  const attention = bar.dataset.attention.split(' ');
  const matches = (filter, status) => filter === 'all' || filter === status || (filter === 'attention' && attention.includes(status));
  const show = (filter) => {
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.filter === filter));
    for (const rule of rules) rule.hidden = !matches(filter, rule.dataset.status);
    for (const section of sections) section.hidden = !section.querySelector('[data-rule-id]:not([hidden])');
    const count = rules.filter((rule) => !rule.hidden).length;
    shown.textContent = count === 1 ? 'Showing 1 rule.' : 'Showing ' + count + ' rules.';
  };
  bar.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (button) show(button.dataset.filter);
  });
  // A run with failures, errors, warnings or fixed known failures opens on them.
  show(bar.dataset.opening);
  bar.hidden = false;

  // The specification view: shown instead of the rules; a link to a rule goes back to the whole list.
  const views = document.querySelector('.views');
  const specification = document.getElementById('specification-view');
  if (!views || !specification) return;
  const rulesView = document.getElementById('rules-view');
  const viewButtons = Array.from(views.querySelectorAll('button'));
  const view = (name) => {
    for (const button of viewButtons) button.setAttribute('aria-pressed', String(button.dataset.view === name));
    rulesView.hidden = name !== 'rules';
    bar.hidden = name !== 'rules';
    specification.hidden = name !== 'specification';
  };
  views.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (button) view(button.dataset.view);
  });
  specification.addEventListener('click', (event) => {
    if (!event.target.closest('a[href^="#rule-"]')) return;
    show('all');
    view('rules');
  });
  view('rules');
  views.hidden = false;
})();
`;
