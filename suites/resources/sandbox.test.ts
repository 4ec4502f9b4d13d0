// Sections 2.3, 4.1, 7: GET /sandboxes/{sandboxName} returns the sandbox as set, and
// refuses unknown names and other workspaces' sandboxes.
import { rule, type Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { resourceName, sandboxFixture } from '../../generators/resources-fixtures.ts';
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

/** 4xx statuses of the profile's list of GET /sandboxes error statuses (section 7 does not show them). */
const clientErrorStatuses = (t: Check) => t.config.profile.sandboxErrorStatuses.filter((s) => s >= 400 && s < 500);

/** Section 7: an Error body whose `code` is the HTTP status. */
function assertErrorBody(t: Check, res: HttpResponse, situation: string): void {
  const body = res.json;
  t.assert(
    isObject(body) && typeof body.error === 'string' && body.code === res.status,
    `${situation}: the ${res.status} answer must carry an Error body with error (string) and code ${res.status} (section 7), got ${show(res.text)}`,
  );
  assertDocumented(t, 'getSandbox', res);
}

rule('resources.sandbox.not-found', {}, async (t: Check) => {
  // The names end with random characters: no target holds them.
  await t.property(resourceName, async (name) => {
    const res = await requestSandbox(t, name);
    // 404 unless the profile leaves it out of the error statuses.
    const allowed = t.config.profile.sandboxErrorStatuses.includes(404) ? [404] : clientErrorStatuses(t);
    t.assert(allowed.includes(res.status), `GET /sandboxes/${name} of a name the workspace does not hold must answer ${allowed.join(' or ')}, got ${res.status}`);
    assertErrorBody(t, res, `GET /sandboxes/${name} of an unknown name`);
  });
});

rule('resources.sandbox.workspace-scoped', { needs: ['control', 'otherWorkspace'] }, async (t: Check) => {
  const other = t.token('otherWorkspace');
  await t.property(sandboxFixture(t.config.profile), async (sandbox) => {
    await t.control.set('sandboxes', { items: [sandbox] });
    const name = String(nameOf(sandbox));
    const res = await requestSandbox(t, name, { token: other });
    const allowed = clientErrorStatuses(t);
    t.assert(
      allowed.includes(res.status),
      `resources belong to one workspace (section 1): the admin of another workspace asking for ${name} must be refused (${allowed.join(', ')}), got ${res.status}`,
    );
    assertErrorBody(t, res, `GET /sandboxes/${name} from another workspace`);
  });
});
