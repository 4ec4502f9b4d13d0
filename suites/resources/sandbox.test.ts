// Sections 2.3, 4.1, 7: GET /sandboxes/{sandboxName} returns the sandbox as set, and
// refuses unknown names and other workspaces' sandboxes.
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { resourceName, sandboxFixture, type Json } from '../../generators/resources-fixtures.ts';
import { differences } from '../support/compare.ts';
import { routeSecretNameProblems, specWithoutSecrets } from './secrets.ts';
import { readSandbox, requestSandbox } from './client.ts';
import { nameOf, show } from '../support/json.ts';
import { workspacesOf } from '../support/workspaces.ts';
import { expectNoProblems } from '../support/documented.ts';
import { representationProblems } from './shapes.ts';
import { expectRefused, refusalStatuses } from '../support/error-body.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';

const sandboxSpec = rule('resources.sandbox.spec', { needs: ['control'], states: ['sandboxes'], existing: ['sandboxName'] }, async (t) => {
  if (t.data === 'existing') {
    // What was set is not known: the representation section 2.3 and the profile give is.
    t.note('what was set is not known on existing data: only the representation of the fields is checked');
    return expectNoProblems(t, representationProblems(t.config.profile, await readSandbox(t, t.config.sandboxName!)));
  }
  await overSandboxes(t, async (sandbox) => {
    const returned = await readSandbox(t, String(nameOf(sandbox)));
    // Secret values are the secrets rules' concern: they are masked here, and of the routes' secrets only the names compared.
    expectNoProblems(t, [...differences(specWithoutSecrets(sandbox), returned.spec, 'spec'), ...routeSecretNameProblems(sandbox, returned), ...representationProblems(t.config.profile, returned)]);
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

const sandboxWorkspaceScoped = rule(
  'resources.sandbox.workspace-scoped',
  { needs: ['control', 'otherWorkspace'], states: ['sandboxes'], existing: ['sandboxName', 'otherWorkspace'] },
  async (t: Check) => {
    const other = t.token('otherWorkspace');
    if (t.data === 'existing') return existingSandboxScoped(t, other);
    await overSandboxes(t, async (sandbox) => {
      const name = String(nameOf(sandbox));
      const res = await requestSandbox(t, name, { token: other });
      expectRefused(t, res, `resources belong to one workspace (section 1): the admin of another workspace asking for ${name}`, { status: clientErrorStatuses(t) });
    });
  },
);

/**
 * On existing data, the other workspace may hold a sandbox of the same name (names are
 * unique within a workspace): its answer is a refusal, or a sandbox of its own
 * workspace, never this one's (told apart by metadata.workspace, "set automatically").
 */
async function existingSandboxScoped(t: Check, other: string): Promise<void> {
  const name = t.config.sandboxName!;
  const ours = workspacesOf([await readSandbox(t, name)]);
  if (ours.size === 0) t.skip(`the sandbox ${name} carries no metadata.workspace: nothing would tell another workspace's sandbox of that name from it`);
  const res = await requestSandbox(t, name, { token: other });
  if (res.status === 200) {
    const theirs = workspacesOf([res.json]);
    const leaked = [...theirs].filter((w) => ours.has(w));
    t.assert(
      theirs.size > 0 && leaked.length === 0,
      `resources belong to one workspace (section 1): the admin of another workspace asking for ${name} was served ${theirs.size > 0 ? `the sandbox of workspace ${show(leaked)}, this one's` : 'a sandbox that names no workspace'}`,
    );
    return;
  }
  expectRefused(t, res, `resources belong to one workspace (section 1): the admin of another workspace asking for ${name}`, { status: clientErrorStatuses(t) });
}

export const checks = [sandboxSpec, sandboxNotFound, sandboxWorkspaceScoped];
