// The command line's answers to bad options and bad targets: exit 2, one line, no stack trace.
import { expect, test } from 'vitest';
import { runCli } from './support/cli.ts';

const refusals: Array<[string, string[], RegExp]> = [
  ['an unknown flag', ['run', '--bogus'], /Unknown option '--bogus'/],
  ['a malformed base URL', ['run', '--base-url', 'not a url', '--token', 'x'], /--base-url is not a URL/],
  ['a base URL without a token', ['run', '--base-url', 'http://127.0.0.1:9/v0'], /--token .* is required/],
  ['a credential without a base URL', ['run', '--member-token', 'x'], /needs --base-url/],
  ['a non-integer seed', ['run', '--seed', 'abc'], /--seed must be an integer/],
  ['zero runs', ['run', '--runs', '0'], /--runs must be an integer of at least 1/],
  ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
  ['a selection that matches no rule', ['run', '--only', 'no-such-rule'], /no rule matches/],
  ['an unreadable profile', ['run', '--profile', '/nonexistent/profile.json'], /cannot read the profile/],
  ['an unknown fault', ['serve', '--fault', 'no-such-fault'], /unknown fault "no-such-fault"/],
  ['an unreachable target', ['run', '--base-url', 'http://127.0.0.1:9/v0', '--token', 'x'], /cannot reach the target at http:\/\/127\.0\.0\.1:9\/v0: connection refused/],
];

test.concurrent.each(refusals)('%s: exit 2 with one line', async (_, args, message) => {
  const out = await runCli(args);
  expect(out.code).toBe(2);
  const lines = out.stderr.trim().split('\n');
  expect(lines, out.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(out.stderr).not.toMatch(/\n\s+at /);
});

test('rules prints the catalogue: id, level, section, statement', async () => {
  const out = await runCli(['rules']);
  expect(out.code).toBe(0);
  expect(out.stdout).toMatch(/^auth\.missing-credentials\s+MUST\s+§5, 7\s+A control-plane request without credentials/m);
});
