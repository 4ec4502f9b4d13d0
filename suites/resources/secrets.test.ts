// Sections 2.3, 4.1, 5: secret values appear in a sandbox response only when the
// caller asks for them and holds the workspace admin role. Every check searches the
// whole raw answer (body and headers) for each generated secret value.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { sandboxWithSecrets, type Json } from '../../generators/resources-fixtures.ts';
import { markedSecrets, secretsOf, shownSecrets, type Secret } from './secrets.ts';
import { readSandbox, requestSandbox, type SandboxRequest } from './client.ts';
import { sameJson } from '../support/existing-data.ts';
import { nameOf } from '../support/json.ts';
import { expectDocumented } from '../support/documented.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';

type Ask = SandboxRequest['showSecrets'];

function describeAsk(t: Check, ask: Ask): string {
  const param = t.config.profile.showSecretsParam;
  return ask === undefined ? `without ${param}` : `with ${param}=${ask}`;
}

const listShown = (shown: Array<Secret & { shownAt: string }>) => shown.map((s) => `the value set at ${s.setAt} appears in ${s.shownAt}`).join('; ');

/**
 * Secret values this short may stand in an answer by chance (a "1", a "true"): on existing
 * data, where the suite did not choose them, they are not searched for.
 */
const MIN_SEARCHED_SECRET = 8;

/**
 * On existing data (CONTRACT 1.3), the sandbox --sandbox-name names as a workspace admin
 * who asks for secrets sees it: its secret values are what the other answers must not
 * show. A failure stands only where it reads the same again, so that a secret rotated
 * meanwhile fails nothing (harness/readings.ts).
 */
async function withShownSecrets(t: Check, body: (sandbox: Json, secrets: Secret[]) => Promise<void>): Promise<void> {
  const name = t.config.sandboxName!;
  const sandbox = await t.existing<Json>({ what: `the sandbox ${name}`, read: (by) => readSandbox(by, name, { showSecrets: 'true' }), same: sameJson });
  const secrets = secretsOf(sandbox, t.config.profile);
  // A value that stands elsewhere in the answer too (a secret host that is also an allowed domain) would be found where it may be.
  const text = JSON.stringify(sandbox);
  const once = (value: string) => text.split(JSON.stringify(value).slice(1, -1)).length === 2;
  const searched = secrets.filter((s) => s.value.length >= MIN_SEARCHED_SECRET && once(s.value));
  if (searched.length < secrets.length)
    t.note(`${secrets.length - searched.length} secret values were not searched for: under ${MIN_SEARCHED_SECRET} characters, or standing in a field that is no secret too, they may be in an answer by right`);
  await body(sandbox, searched);
}

/** The secrets an admin who asks is shown in the sandbox --sandbox-name, each answer of `asks` (by `credential`) judged by `expect`. */
function askForExistingSandbox(t: Check, credential: string, asks: fc.Arbitrary<Ask>, expect: (res: HttpResponse, secrets: Secret[], ask: Ask) => void): Promise<void> {
  return withShownSecrets(t, async (_sandbox, secrets) => {
    if (secrets.length === 0)
      t.skip(`the sandbox ${t.config.sandboxName} shows its workspace admin who asks no secret value (env entries with secret: true, routing secrets): none to look for elsewhere`);
    await t.property(asks, async (ask) => expect(await requestSandbox(t, t.config.sandboxName!, { token: credential, showSecrets: ask }), secrets, ask));
  });
}

/** Sets a sandbox holding secrets and asks for it; `expect` judges the answer. On existing data, asks for --sandbox-name. */
async function askForSandbox(
  t: Check,
  credential: string,
  asks: fc.Arbitrary<Ask>,
  expect: (res: HttpResponse, secrets: Secret[], ask: Ask) => void,
  which: 'every' | 'shown' = 'every',
): Promise<void> {
  if (t.data === 'existing') return askForExistingSandbox(t, credential, asks, expect);
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

const secretsHiddenUnlessAsked = rule('resources.secrets.hidden-unless-asked', { needs: ['control'], states: ['sandboxes'], existing: ['sandboxName'] }, async (t: Check) => {
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

const secretsMemberNeverSees = rule('resources.secrets.member-never-sees', { needs: ['control', 'member'], states: ['sandboxes'], existing: ['sandboxName', 'member'] }, async (t: Check) => {
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

const secretsShownToAdminWhoAsks = rule('resources.secrets.shown-to-admin-who-asks', { needs: ['control'], states: ['sandboxes'], existing: ['sandboxName'] }, async (t: Check) => {
  if (t.data === 'existing') return secretsMarkedAreShown(t);
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

/**
 * On existing data the values set are not known, but what is marked secret is: every env
 * entry with secret: true carries its value, and where the profile shows routing secrets,
 * every {{SECRET:<name>}} a route's headers or body reference is in its secrets, with a value.
 */
function secretsMarkedAreShown(t: Check): Promise<void> {
  return withShownSecrets(t, async (sandbox) => {
    const marked = markedSecrets(sandbox, t.config.profile.routingSecretsShown);
    if (marked.length === 0) t.skip(`the sandbox ${t.config.sandboxName} has no env entry with secret: true${t.config.profile.routingSecretsShown ? ' and no route referencing a secret' : ''}: no secret to be shown`);
    const hidden = marked.filter((m) => typeof m.value !== 'string' || m.value === '');
    t.assert(
      hidden.length === 0,
      `a workspace admin who asks (${describeAsk(t, 'true')}) is shown the secret values (section 2.3); ${hidden.length} of ${marked.length} are not shown: ${hidden.map((m) => m.at).join(', ')}`,
    );
  });
}

export const checks = [secretsHiddenUnlessAsked, secretsMemberNeverSees, secretsShownToAdminWhoAsks];
