import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startReference } from './reference/server.ts';
const run = promisify(execFile);
const [fault, rule] = process.argv.slice(2);
const ref = await startReference({ fault });
const r = await run('node', ['bin/cp-conformance.js', 'run', '--only', rule!, '--seed', '7', '--report-dir', '/tmp/probe-one', '--base-url', ref.baseUrl, '--control-url', ref.controlUrl, '--sandbox-url', ref.sandboxUrl, '--account-id', ref.accountId, '--token', ref.credentials.admin, '--member-token', ref.credentials.member, '--no-scope-token', ref.credentials.noScope, '--other-workspace-token', ref.credentials.otherWorkspace]).catch((e) => e);
console.log(r.stdout, r.stderr);
await ref.close();
