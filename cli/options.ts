// `run` options (CONTRACT section 1): a flag beats its environment variable.
import { parseArgs } from 'node:util';
import { CREDENTIAL_VARIABLES } from '../harness/config.ts';
import { RunError } from '../runner/run-error.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, type RunOptions } from '../runner/options.ts';


/** Flag, environment variable and help text of each option; one table for parsing and `--help`. */
export const runOptionTable = {
  'base-url': { env: 'CP_BASE_URL', arg: 'URL', help: 'control-plane base URL, /v0 included (default: the embedded reference implementation)' },
  'sandbox-url': { env: 'CP_SANDBOX_URL', arg: 'URL', help: "base URL of one sandbox's address" },
  token: { env: CREDENTIAL_VARIABLES.admin, arg: 'T', help: 'admin credential (required with --base-url)' },
  'member-token': { env: CREDENTIAL_VARIABLES.member, arg: 'T', help: 'a non-admin credential: enables the admin-only checks' },
  'no-scope-token': { env: CREDENTIAL_VARIABLES.noScope, arg: 'T', help: 'a credential without scopes: enables the 403 checks' },
  'other-workspace-token': { env: CREDENTIAL_VARIABLES.otherWorkspace, arg: 'T', help: 'admin credential of a second workspace' },
  'account-id': { env: 'CP_ACCOUNT_ID', arg: 'ID', help: 'the account whose metrics are tested' },
  'sandbox-name': { env: 'CP_SANDBOX_NAME', arg: 'NAME', help: 'an existing sandbox, for read-only checks' },
  'process-name': { env: 'CP_PROCESS_NAME', arg: 'NAME', help: 'the name of one running process of the sandbox at --sandbox-url' },
  'process-pid': { env: 'CP_PROCESS_PID', arg: 'PID', help: 'the pid of that process' },
  'embedded-data': {
    env: undefined,
    arg: 'NAME',
    help: 'without --base-url: the embedded reference holds this data set (demo) and the run gets no control URL, as against a deployment',
  },
  'control-url': { env: 'CP_CONTROL_URL', arg: 'URL', help: "the target's test-control endpoint" },
  profile: {
    env: undefined,
    arg: 'NAME|FILE',
    help: 'what the target chose where the specification is silent: a built-in profile (spec, blaxel) or a JSON file (default spec)',
  },
  'report-dir': { env: undefined, arg: 'DIR', help: `where the reports go (default ${DEFAULT_REPORT_DIR})` },
  seed: { env: undefined, arg: 'N', help: 'seed of the generators; printed on every run' },
  runs: { env: undefined, arg: 'N', help: `generated cases per property (default ${DEFAULT_RUNS})` },
  only: { env: undefined, arg: 'P', help: 'run only rules whose id is or starts with P (repeatable)' },
  skip: { env: undefined, arg: 'P', help: 'leave out rules whose id is or starts with P (repeatable)' },
  timeout: { env: undefined, arg: 'MS', help: `per-request timeout (default ${DEFAULT_TIMEOUT_MS})` },
  expect: { env: 'CP_EXPECT', arg: 'FILE', help: 'an expectations file: the rules it lists are known failures (they do not fail the run) or fixed' },
  'rerun-failed': {
    env: undefined,
    arg: 'RESULTS.json',
    help: 'run only the rules that failed or warned in that earlier run, with its seed, --runs and profile',
  },
  summary: { env: undefined, arg: 'FILE', help: 'also write the Markdown summary (written to $GITHUB_STEP_SUMMARY when it is set) to FILE' },
  har: { env: undefined, arg: 'FILE', help: "also write every exchange of the run, provider states included, to FILE as HAR 1.2 (a page per rule; credentials masked)" },
  'read-only': { env: undefined, arg: undefined, help: 'run only checks that change nothing on the target' },
  strict: { env: undefined, arg: undefined, help: 'warnings (broken SHOULD rules) and fixed known failures also give exit status 1' },
  concurrency: { env: undefined, arg: 'N', help: `checks run at once, and cases of one property at once (default ${DEFAULT_CONCURRENCY}); no check sees the fixtures of another` },
  'max-requests': { env: undefined, arg: 'N', help: 'send at most N requests in the whole run; checks left without one are skipped' },
  'rate-limit': { env: 'CP_RATE_LIMIT', arg: 'N', help: 'send at most N requests per second in the whole run (for shared targets)' },
} as const;

type OptionName = keyof typeof runOptionTable;

const repeatable = new Set<OptionName>(['only', 'skip']);

export function parseRunOptions(argv: string[], env: NodeJS.ProcessEnv): RunOptions {
  const parseOptions = Object.fromEntries(
    Object.entries(runOptionTable).map(([name, spec]) => [
      name,
      { type: spec.arg ? ('string' as const) : ('boolean' as const), multiple: repeatable.has(name as OptionName) },
    ]),
  );
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  // `--timeout -5` is a negative value, not a flag: joined as `--timeout=-5`, it gets the message of any other wrong value.
  const args = argv.flatMap((arg, i) => {
    const name = arg.slice(2) as OptionName;
    if (arg.startsWith('--') && runOptionTable[name]?.arg && /^-\d/.test(argv[i + 1] ?? '')) return [`${arg}=${argv[i + 1]}`];
    return i > 0 && argv[i - 1]!.startsWith('--') && runOptionTable[argv[i - 1]!.slice(2) as OptionName]?.arg && /^-\d/.test(arg) ? [] : [arg];
  });
  try {
    ({ values } = parseArgs({ args, options: parseOptions, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new RunError((error as Error).message.trim().replace(/\s*\n\s*/g, ' '));
  }
  const text = (name: OptionName): string | undefined => {
    const value = values[name] as string | undefined;
    const fromEnv = runOptionTable[name].env ? env[runOptionTable[name].env!] : undefined;
    const chosen = value ?? (fromEnv === '' ? undefined : fromEnv);
    if (chosen !== undefined && chosen.trim() === '') throw new RunError(`--${name} needs a value`);
    return chosen;
  };
  const url = (name: OptionName): string | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new RunError(`--${name} is not a URL: ${value}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RunError(`--${name} must be an http or https URL: ${value}`);
    return value.replace(/\/+$/, '');
  };
  const integer = (name: OptionName, min: number): number | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value)))
      throw new RunError(`--${name} must be an integer of at least ${min}: ${value}`);
    return Number(value);
  };

  const options: RunOptions = {
    baseUrl: url('base-url'),
    sandboxUrl: url('sandbox-url'),
    token: text('token'),
    memberToken: text('member-token'),
    noScopeToken: text('no-scope-token'),
    otherWorkspaceToken: text('other-workspace-token'),
    accountId: text('account-id'),
    sandboxName: text('sandbox-name'),
    processName: text('process-name'),
    processPid: text('process-pid'),
    embeddedData: text('embedded-data'),
    controlUrl: url('control-url'),
    profile: text('profile'),
    reportDir: text('report-dir') ?? DEFAULT_REPORT_DIR,
    seed: integer('seed', 0),
    runs: integer('runs', 1),
    only: (values.only as string[] | undefined) ?? [],
    skip: (values.skip as string[] | undefined) ?? [],
    timeoutMs: integer('timeout', 1) ?? DEFAULT_TIMEOUT_MS,
    readOnly: values['read-only'] === true,
    strict: values.strict === true,
    expect: text('expect'),
    rerunFailed: text('rerun-failed'),
    summary: text('summary'),
    har: text('har'),
    maxRequests: integer('max-requests', 1),
    rateLimit: integer('rate-limit', 1),
    concurrency: integer('concurrency', 1) ?? DEFAULT_CONCURRENCY,
  };
  if (options.baseUrl && !options.token) throw new RunError('--token (or CP_TOKEN) is required with --base-url');
  if (options.processPid !== undefined && !/^\d+$/.test(options.processPid)) throw new RunError(`--process-pid must be a process id, a string of digits: ${options.processPid}`);
  if (options.baseUrl && options.embeddedData !== undefined) throw new RunError('--embedded-data is for the embedded reference implementation: leave out --base-url');
  if (!options.baseUrl) {
    const needsTarget = (['sandbox-url', 'control-url', 'token', 'member-token', 'no-scope-token', 'other-workspace-token', 'account-id', 'process-name', 'process-pid'] as const).filter(
      (name) => text(name) !== undefined,
    );
    if (needsTarget.length > 0)
      throw new RunError(`--${needsTarget[0]} needs --base-url: without it the embedded reference implementation is tested with its own settings`);
  }
  return options;
}

const credentialOptions = ['token', 'member-token', 'no-scope-token', 'other-workspace-token'] as const;

/**
 * The credentials on a command line and in the environment, read without parsing it:
 * an error about the command line itself must not print one either.
 */
export function credentialsIn(argv: string[], env: NodeJS.ProcessEnv): string[] {
  const found = credentialOptions.map((name) => env[runOptionTable[name].env]);
  argv.forEach((arg, i) => {
    for (const name of credentialOptions) {
      if (arg === `--${name}`) found.push(argv[i + 1]);
      else if (arg.startsWith(`--${name}=`)) found.push(arg.slice(name.length + 3));
    }
  });
  return found.filter((value): value is string => value !== undefined);
}
