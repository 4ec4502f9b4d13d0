// Sections 2.3, 4.1, 7: GET /sandboxes/{sandboxName} returns the sandbox as set, and
// refuses unknown names and other workspaces' sandboxes.
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { resourceName, sandboxFixture, type Json } from '../../generators/resources-fixtures.ts';
import { differences } from '../support/compare.ts';
import { specWithoutSecrets } from './secrets.ts';
import { readSandbox, requestSandbox } from './client.ts';
import { nameOf } from '../support/json.ts';
import { expectNoProblems } from '../support/documented.ts';
import { representationProblems } from './shapes.ts';
import { expectRefused, refusalStatuses } from '../support/error-body.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';

const sandboxSpec = rule('resources.sandbox.spec', { needs: ['control'] }, async (t) => {
  await overSandboxes(t, async (sandbox) => {
    const returned = await readSandbox(t, String(nameOf(sandbox)));
    // Secret values are the secrets rules' concern: they are masked here.
    expectNoProblems(t, [...differences(specWithoutSecrets(sandbox), returned.spec, 'spec'), ...representationProblems(t.config.profile, returned)]);
  });
});

/** Generated sandboxes, those of several cases set side by side, each read on its own. */
const overSandboxes = (t: Check, check: (sandbox: Json) => Promise<void>) =>
  sideBySideProperty(t, sandboxFixture(t.config.profile), { state: 'sandboxes', itemsOf: (sandbox) => [sandbox] }, async (group) => {
    await t.atOnce(group.map((sandbox) => () => check(sandbox)));
  });

/** The profile's GET /sandboxes error statuses a refusal may take (section 7 does not show them). */
const clientErrorStatuses = (t: Check) => refusalStatuses(t.config.profile.sandboxErrorStatuses);

const sandboxNotFound = rule('resources.sandbox.not-found', {}, async (t: Check) => {
  // The names end with random characters: no target holds them.
  await t.property(resourceName, async (name) => {
    const res = await requestSandbox(t, name);
    // 404 unless the profile leaves it out of the error statuses.
    const allowed = t.config.profile.sandboxErrorStatuses.includes(404) ? [404] : clientErrorStatuses(t);
    expectRefused(t, res, `GET /sandboxes/${name} of a name the workspace does not hold`, { status: allowed });
  });
});

const sandboxWorkspaceScoped = rule('resources.sandbox.workspace-scoped', { needs: ['control', 'otherWorkspace'] }, async (t: Check) => {
  const other = t.token('otherWorkspace');
  await overSandboxes(t, async (sandbox) => {
    const name = String(nameOf(sandbox));
    const res = await requestSandbox(t, name, { token: other });
    expectRefused(t, res, `resources belong to one workspace (section 1): the admin of another workspace asking for ${name}`, { status: clientErrorStatuses(t) });
  });
});

export const checks = [sandboxSpec, sandboxNotFound, sandboxWorkspaceScoped];
