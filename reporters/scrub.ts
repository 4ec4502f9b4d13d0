// The harness masks credentials when it records evidence; reporters scrub the
// whole result once more before rendering, so a secret that slipped into a
// message, a counterexample or an echoed body still never reaches a report.
import type {
  Exchange,
  RecordedRequest,
  RecordedResponse,
  RuleResult,
  RunResult,
  TargetDescription,
} from '../results/model.ts';
import { MASK, type Redactor } from '../harness/redact.ts';

/** A deep copy of the result with every string passed through the Redactor and every Authorization masked. */
export function scrubRun(result: RunResult, redactor: Redactor): RunResult {
  const scrubbed = scrubStrings(result, redactor);
  return {
    ...scrubbed,
    target: scrubTarget(scrubbed.target),
    rules: scrubbed.rules.map((rule) => maskRuleAuthorization(rule, redactor)),
  };
}

/** The same for one rule, for reporters that print rules as they finish. */
export function scrubRule(rule: RuleResult, redactor: Redactor): RuleResult {
  return maskRuleAuthorization(scrubStrings(rule, redactor), redactor);
}

// String by string rather than Redactor.json: a secret with a quote or backslash
// in it is spelled differently inside JSON text and would not be matched there.
function scrubStrings<T>(value: T, redactor: Redactor): T {
  if (typeof value === 'string') return redactor.text(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubStrings(item, redactor)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubStrings(item, redactor)])) as T;
  }
  return value;
}

function maskRuleAuthorization(rule: RuleResult, redactor: Redactor): RuleResult {
  const evidence = rule.evidence;
  return evidence?.exchange ? { ...rule, evidence: { ...evidence, exchange: maskAuthorization(evidence.exchange, redactor) } } : rule;
}

function maskAuthorization(exchange: Exchange, redactor: Redactor): Exchange {
  const request: RecordedRequest = { ...exchange.request, headers: redactor.headers(exchange.request.headers) };
  const response: RecordedResponse | undefined = exchange.response && {
    ...exchange.response,
    headers: redactor.headers(exchange.response.headers),
  };
  const setup = exchange.setup?.map((step) => ({ ...step, curl: maskCurlAuthorization(step.curl, redactor) }));
  return { ...exchange, request, ...(response && { response }), curl: maskCurlAuthorization(exchange.curl, redactor), ...(setup && { setup }) };
}

// A credential the Redactor was not told about can still sit in the curl line's
// Authorization header; mask that header's value the way the Redactor masks headers,
// unless it names the credential's environment variable (`Bearer $CP_TOKEN`).
function maskCurlAuthorization(curl: string, redactor: Redactor): string {
  return curl.replace(/(authorization:\s*)([^'"]*)/gi, (_match, name: string, value: string) =>
    NAMES_A_VARIABLE.test(value) ? name + value : name + (redactor.headers({ authorization: value }).authorization ?? MASK),
  );
}

const NAMES_A_VARIABLE = /^(?:\S+ )?\$[A-Z][A-Z0-9_]*$/;

// Target URLs go into every report header; a user:password in them must not.
function scrubTarget(target: TargetDescription): TargetDescription {
  return {
    ...target,
    baseUrl: withoutUserinfo(target.baseUrl),
    ...(target.sandboxUrl !== undefined && { sandboxUrl: withoutUserinfo(target.sandboxUrl) }),
    ...(target.controlUrl !== undefined && { controlUrl: withoutUserinfo(target.controlUrl) }),
  };
}

function withoutUserinfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = MASK;
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
