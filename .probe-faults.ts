import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { faults } from './reference/faults/index.ts';
import { startReference } from './reference/server.ts';
const run = promisify(execFile);
for (const f of faults.filter((f) => /^(resources|sandbox-address)-/.test(f.name))) {
  const ref = await startReference({ fault: f.name });
  const dir = `/tmp/probe-${f.name}`;
  await run('node', ['bin/cp-conformance.js', 'run', '--only', f.rule, '--seed', '7', '--report-dir', dir, '--base-url', ref.baseUrl, '--control-url', ref.controlUrl, '--sandbox-url', ref.sandboxUrl, '--account-id', ref.accountId, '--token', ref.credentials.admin, '--member-token', ref.credentials.member, '--no-scope-token', ref.credentials.noScope, '--other-workspace-token', ref.credentials.otherWorkspace], { maxBuffer: 64 * 1024 * 1024 }).catch(() => {});
  const r = JSON.parse(readFileSync(`${dir}/results.json`, 'utf8')).rules[0];
  console.log(`${f.name} -> ${r.status}: ${r.evidence?.message?.slice(0, 400)}\n   counterexample: ${r.evidence?.counterexample?.slice(0, 200)}`);
  await ref.close();
}
