// Sections 2.3, 4.1, 5, 7: GET /sandboxes/{sandboxName} returns the sandbox as set,
// and refuses unknown names, missing credentials, missing scopes and other
// workspaces' sandboxes.
import fc from 'fast-check';
import { rule, type Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { resourceName, sandboxFixture, type Json } from '../../generators/resources-fixtures.ts';
import { differences, show } from './compare.ts';
import { specWithoutSecrets } from './secrets.ts';
import { isObject } from './shapes.ts';
import { assertDocumented, assertNoProblems, nameOf, readSandbox, requestSandbox } from './target.ts';

rule('resources.sandbox.spec', { needs: ['control'] }, async (t) => {
  await t.property(sandboxFixture(t.config.profile), async (sandbox) => {
    await t.control.set('sandboxes', { items: [sandbox] });
    const returned = await readSandbox(t, String(nameOf(sandbox)));
    // Secret values are the secrets rules' concern: they are masked here.
    assertNoProblems(t, differences(specWithoutSecrets(sandbox), returned.spec, 'spec'));
  });
});

/**
 * The statuses an error answer may have: the conventional one when the profile's
 * list of GET /sandboxes error statuses holds it, else any 4xx of that list.
 */
function allowedStatuses(t: Check, conventional: number): number[] {
  const listed = t.config.profile.sandboxErrorStatuses;
  return listed.includes(conventional) ? [conventional] : listed.filter((s) => s >= 400 && s < 500);
}

/** Section 7: an Error body whose `code` is the HTTP status. */
function assertErrorBody(t: Check, res: HttpResponse, situation: string): void {
  const body = res.json;
  t.assert(
    isObject(body) && typeof body.error === 'string' && body.code === res.status,
    `${situation}: the ${res.status} answer must carry an Error body with error (string) and code ${res.status} (section 7), got ${show(res.text)}`,
  );
  assertDocumented(t, 'getSandbox', res);
}

function assertRefused(t: Check, res: HttpResponse, conventional: number, situation: string): void {
  const allowed = allowedStatuses(t, conventional);
  t.assert(allowed.includes(res.status), `${situation} must be refused with ${allowed.join(' or ')}, got ${res.status}`);
  assertErrorBody(t, res, situation);
}

rule('resources.sandbox.not-found', {}, async (t) => {
  // The names end with random characters: no target holds them.
  await t.property(resourceName, async (name) => {
    const res = await requestSandbox(t, name);
    assertRefused(t, res, 404, `GET /sandboxes/${name} of a name the workspace does not hold`);
  });
});

/** A sandbox name to ask for: a fixture when fixtures can be set, else the named sandbox, else an unknown name. */
async function someSandboxName(t: Check): Promise<string> {
  if (t.config.controlUrl && !t.config.readOnly) {
    const [sandbox] = fc.sample(sandboxFixture(t.config.profile), { numRuns: 1, seed: t.seed }) as [Json];
    await t.control.set('sandboxes', { items: [sandbox] });
    return String(nameOf(sandbox));
  }
  return t.config.sandboxName ?? fc.sample(resourceName, { numRuns: 1, seed: t.seed })[0]!;
}

rule('resources.sandbox.refusals', { needs: ['noScope'] }, async (t) => {
  const name = await someSandboxName(t);
  assertRefused(t, await requestSandbox(t, name, { token: null }), 401, `GET /sandboxes/${name} without credentials`);
  assertRefused(t, await requestSandbox(t, name, { token: t.token('noScope') }), 403, `GET /sandboxes/${name} with a credential that holds no scope`);
});

rule('resources.sandbox.workspace-scoped', { needs: ['control', 'otherWorkspace'] }, async (t: Check) => {
  const other = t.token('otherWorkspace');
  await t.property(sandboxFixture(t.config.profile), async (sandbox) => {
    await t.control.set('sandboxes', { items: [sandbox] });
    const name = String(nameOf(sandbox));
    const res = await requestSandbox(t, name, { token: other });
    const allowed = t.config.profile.sandboxErrorStatuses.filter((s) => s >= 400 && s < 500);
    t.assert(
      allowed.includes(res.status),
      `resources belong to one workspace (section 1): the admin of another workspace asking for ${name} must be refused (${allowed.join(', ')}), got ${res.status}`,
    );
    assertErrorBody(t, res, `GET /sandboxes/${name} from another workspace`);
  });
});
