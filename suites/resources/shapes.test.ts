// Sections 2.1, 2.3, 2.4, 2.5, 3, 6: the fields every returned resource has, with
// their rules. With the control URL over generated fixtures; without it, over what
// the target holds.
import { rule } from '../../harness/rule.ts';
import { checkReadings, checkResources, labelOf } from './observe.ts';
import { fixtureSet, withDeletingLifecycle, withGivenWorkspaces } from '../../generators/resources-fixtures.ts';
import { isObject } from '../support/json.ts';
import { deletesByLifecycle, deploymentStatusProblems, endpointUrlProblems, eventsProblems, expiresInProblems, metadataProblems, readOnlyProblems, runStateProblems, type Kind } from './shapes.ts';

const EVERY_KIND: Kind[] = ['functions', 'sandboxes', 'egressips', 'customdomains'];
/** Sections 2.2, 2.3, 2.4, 6: the kinds with a deployment status and events. */
const DEPLOYED_KINDS: Kind[] = ['functions', 'sandboxes', 'egressips'];

const metadataFields = rule('resources.metadata.fields', { states: EVERY_KIND, existing: true }, (t) => checkResources(t, EVERY_KIND, (o) => metadataProblems(o.kind, o.returned, o.given)));

const metadataReadOnly = rule('resources.metadata.read-only', { states: EVERY_KIND, existing: true }, (t) => checkResources(t, EVERY_KIND, (o) => readOnlyProblems(o.kind, o.returned)));

// Section 2.1 names the endpoint URL for agents, functions, models and sandboxes; of those, the listed functions and the sandboxes are read here.
const URL_KINDS: Kind[] = ['functions', 'sandboxes'];
const metadataUrlAbsolute = rule('resources.metadata.url-absolute', { states: URL_KINDS, existing: true }, (t) => checkResources(t, URL_KINDS, (o) => endpointUrlProblems(o.returned)));

const deploymentStatus = rule('resources.deployment-status', { states: DEPLOYED_KINDS, existing: true }, (t) => checkResources(t, DEPLOYED_KINDS, (o) => deploymentStatusProblems(o.returned)));

const events = rule('resources.events', { states: DEPLOYED_KINDS, existing: true }, async (t) => {
  // Events are read-only and filled by the target, which may keep none of those the fixtures give.
  let records = 0;
  await checkResources(t, DEPLOYED_KINDS, (o) => {
    records += Array.isArray(o.returned.events) ? o.returned.events.length : 0;
    return eventsProblems(o.returned);
  });
  if (records === 0) t.skip('no sandbox or egress IP came back with events (read-only, filled by the target): no event record to check');
});

const sandboxRunState = rule('resources.sandbox.run-state', { states: ['sandboxes'], existing: true }, async (t) => {
  // Not marked Required: a sandbox may leave it out, and then shows nothing to check.
  const field = t.config.profile.runStateField;
  let shown = 0;
  await checkResources(t, ['sandboxes'], (o) => {
    shown += o.returned[field] === undefined ? 0 : 1;
    return runStateProblems(o.returned, field);
  });
  if (shown === 0) t.skip(`no sandbox came back with the run-state field "${field}" (not marked Required; the profile's runStateField names it): no run state to check`);
});

const sandboxExpiresIn = rule('resources.sandbox.expires-in', { states: ['sandboxes'], existing: true }, (t) => checkResources(t, ['sandboxes'], (o) => expiresInProblems(o.returned)));

const sandboxExpiresInWithLifecycle = rule('resources.sandbox.expires-in-with-lifecycle', { states: ['sandboxes'], existing: true }, async (t) => {
  let deleting = 0;
  await checkReadings(
    t,
    ['sandboxes'],
    (observed) =>
      observed.flatMap((o) => {
        if (!deletesByLifecycle(o.returned)) return [];
        deleting += 1;
        return o.returned.expiresIn === undefined ? [`${labelOf(o)}: it shows a lifecycle whose expiration policy deletes it, and no expiresIn counting down to that deletion`] : [];
      }),
    // On set data every case holds such a sandbox.
    withDeletingLifecycle(fixtureSet(t.config.profile, ['sandboxes'])),
  );
  if (deleting === 0) t.skip('no sandbox came back with a lifecycle whose expiration policy deletes it (action delete): no deletion for expiresIn to count down to');
});

/**
 * "Workspace name, set automatically": every resource one credential is shown is in its
 * workspace, so all name the same one; on set data each fixture gives a workspace of its
 * own, which the target must not keep.
 */
const metadataWorkspaceName = rule('resources.metadata.workspace-name', { states: EVERY_KIND, existing: true }, (t) =>
  checkReadings(
    t,
    EVERY_KIND,
    (observed) => {
      const named = new Map<string, string[]>();
      for (const o of observed) {
        const workspace = isObject(o.returned.metadata) ? o.returned.metadata.workspace : undefined;
        if (typeof workspace === 'string') named.set(workspace, [...(named.get(workspace) ?? []), labelOf(o)]);
      }
      if (named.size <= 1) return [];
      const shown = [...named].map(([w, items]) => `${JSON.stringify(w)} (${items.slice(0, 3).join(', ')}${items.length > 3 ? ', ...' : ''})`);
      // Two causes fit: a resource that names another workspace than its own, or a read that shows another workspace's resources (the workspace-only rules tell which).
      return [
        `the resources one workspace's credential is shown name ${named.size} workspaces in metadata.workspace ("Workspace name, set automatically"): ${shown.join('; ')}; either some name a workspace they are not in, or a read shows another workspace's resources`,
      ];
    },
    withGivenWorkspaces(fixtureSet(t.config.profile, EVERY_KIND)),
  ),
);

export const checks = [metadataFields, metadataReadOnly, metadataWorkspaceName, metadataUrlAbsolute, deploymentStatus, events, sandboxRunState, sandboxExpiresIn, sandboxExpiresInWithLifecycle];
