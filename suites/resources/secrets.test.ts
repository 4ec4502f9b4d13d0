// Sections 2.3, 4.1, 5: secret values appear in a sandbox response only when the
// caller asks for them and holds the workspace admin role. Every check searches the
// whole raw answer (body and headers) for each generated secret value.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { sandboxWithSecrets } from '../../generators/resources-fixtures.ts';
import { secretsOf, shownSecrets, type Secret } from './secrets.ts';
import { requestSandbox, type SandboxRequest } from './client.ts';
import { nameOf } from '../support/json.ts';
import { expectDocumented } from '../support/documented.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';

type Ask = SandboxRequest['showSecrets'];

function describeAsk(t: Check, ask: Ask): string {
  const param = t.config.profile.showSecretsParam;
  return ask === undefined ? `without ${param}` : `with ${param}=${ask}`;
}

const listShown = (shown: Array<Secret & { shownAt: string }>) => shown.map((s) => `the value set at ${s.setAt} appears in ${s.shownAt}`).join('; ');

/** Sets a sandbox holding secrets and asks for it; `expect` judges the answer. */
async function askForSandbox(
  t: Check,
  credential: string,
  asks: fc.Arbitrary<Ask>,
  expect: (res: HttpResponse, secrets: Secret[], ask: Ask) => void,
  which: 'every' | 'shown' = 'every',
): Promise<void> {
  // The sandboxes of several cases set side by side, each asked for on its own.
  const cases = fc.tuple(sandboxWithSecrets(t.config.profile), asks);
  await sideBySideProperty(t, cases, { state: 'sandboxes', itemsOf: ([sandbox]) => [sandbox] }, async (group) => {
    await t.atOnce(
      group.map(([sandbox, ask]) => async () => {
        const res = await requestSandbox(t, String(nameOf(sandbox)), { token: credential, showSecrets: ask });
        expect(res, secretsOf(sandbox, which === 'shown' ? t.config.profile : undefined), ask);
      }),
    );
  });
}

const secretsHiddenUnlessAsked = rule('resources.secrets.hidden-unless-asked', { needs: ['control'] }, async (t: Check) => {
  await askForSandbox(t, t.config.credentials.admin, fc.constantFrom<Ask>(undefined, 'false'), (res, secrets, ask) => {
    t.assert(res.status === 200, `GET /sandboxes/{name} ${describeAsk(t, ask)} must answer 200 with the sandbox, got ${res.status}`);
    expectDocumented(t, 'getSandbox', res);
    const shown = shownSecrets(res, secrets);
    t.assert(
      shown.length === 0,
      `secret values are shown only when the caller asks for them (section 2.3); the workspace admin asked ${describeAsk(t, ask)} and got ${shown.length} of ${secrets.length}: ${listShown(shown)}`,
    );
  });
});

const secretsMemberNeverSees = rule('resources.secrets.member-never-sees', { needs: ['control', 'member'] }, async (t: Check) => {
  await askForSandbox(t, t.token('member'), fc.constantFrom<Ask>('true', undefined), (res, secrets, ask) => {
    // A masked answer and a refusal are both correct; only a shown value is not.
    if (res.status === 200) expectDocumented(t, 'getSandbox', res);
    const shown = shownSecrets(res, secrets);
    t.assert(
      shown.length === 0,
      `secret values are shown only to the workspace admin role (sections 2.3, 5); a member asking ${describeAsk(t, ask)} got ${shown.length} of ${secrets.length} (status ${res.status}): ${listShown(shown)}`,
    );
  });
});

const secretsShownToAdminWhoAsks = rule('resources.secrets.shown-to-admin-who-asks', { needs: ['control'] }, async (t: Check) => {
  await askForSandbox(t, t.config.credentials.admin, fc.constant<Ask>('true'), (res, secrets, ask) => {
    t.assert(res.status === 200, `GET /sandboxes/{name} ${describeAsk(t, ask)} must answer 200 with the sandbox, got ${res.status}`);
    expectDocumented(t, 'getSandbox', res);
    const shown = new Set(shownSecrets(res, secrets).map((s) => s.value));
    const hidden = secrets.filter((s) => !shown.has(s.value));
    t.assert(
      hidden.length === 0,
      `a workspace admin who asks (${describeAsk(t, ask)}) is shown the secret values (section 2.3); ${hidden.length} of ${secrets.length} are missing: ${hidden.map((s) => s.setAt).join(', ')}`,
    );
  }, 'shown');
});

export const checks = [secretsHiddenUnlessAsked, secretsMemberNeverSees, secretsShownToAdminWhoAsks];
