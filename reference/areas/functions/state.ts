// The `functions` provider state (CONTRACT section 2): the caller's Function objects,
// checked against section 2.1, with the read-only fields filled as the service would.
import { createHmac, randomBytes } from 'node:crypto';
import { BadStateParams } from '../../area.ts';
import type { Faults } from '../../faults/registry.ts';
import type { StoredFunction } from './store.ts';
import { isObject } from '../../json.ts';

// Stryker disable all: test-control endpoint (docs/mutation.md)
const NAME = /^[a-z0-9-]{1,49}$/;
const DISPLAY_NAME_MAX = 63;


function checkMetadata(metadata: unknown, index: number): asserts metadata is Record<string, unknown> & { name: string } {
  const where = `items[${index}].metadata`;
  if (!isObject(metadata)) throw new BadStateParams(`${where} must be an object`);
  if (typeof metadata.name !== 'string' || !NAME.test(metadata.name))
    throw new BadStateParams(`${where}.name must be lowercase alphanumeric and hyphens, at most 49 characters`);
  const { displayName } = metadata;
  if (typeof displayName === 'string' && displayName.length > DISPLAY_NAME_MAX)
    throw new BadStateParams(`${where}.displayName must be at most ${DISPLAY_NAME_MAX} characters`);
}
// Stryker restore all

/**
 * The key the callbackSecrets are derived with: a secret of this server's, so that nobody
 * can tell one, and one function set again keeps its secrets (a workspace whose other
 * functions come and go shows the same functions as before).
 */
const SECRET_KEY = randomBytes(32);

/**
 * Section 2.2: a trigger's id, when omitted, is generated, and duplicates inside one
 * function are disambiguated; an async trigger's callbackSecret is generated, whatever
 * was sent (read-only).
 */
function storedTriggers(triggers: unknown, owner: string, faults: Faults): unknown {
  if (!Array.isArray(triggers)) return triggers;
  const taken = new Set<string>();
  return triggers.map((trigger, i) => {
    if (!isObject(trigger)) return trigger;
    const given = typeof trigger.id === 'string' && trigger.id !== '';
    const sameGenerated = faults.has('functions-generated-trigger-ids-same');
    let id = given ? trigger.id as string : faults.has('functions-trigger-id-not-generated') ? undefined : sameGenerated ? 'trigger' : `trigger-${i + 1}`;
    if (id !== undefined && !faults.has('functions-trigger-duplicate-ids-kept') && (given || !sameGenerated)) for (let n = 2; taken.has(id); n++) id = `${trigger.id}-${n}`;
    if (id !== undefined) taken.add(id);
    const configuration = isObject(trigger.configuration) ? { ...trigger.configuration } : undefined;
    if (configuration && trigger.type === 'http-async' && !faults.has('functions-callback-secret-echoed')) configuration.callbackSecret = createHmac('sha256', SECRET_KEY).update(`${owner}/${i}`).digest('hex').slice(0, 32);
    return { ...trigger, ...(id === undefined ? {} : { id }), ...(configuration ? { configuration } : {}) };
  });
}

/** The stored functions of one workspace; `nowMs` is the server clock. */
export function storedFunctions(items: unknown, workspace: string, nowMs: number, faults: Faults): StoredFunction[] {
  const names = new Set<string>();
  return (items as Array<Record<string, unknown> & { spec: Record<string, unknown> }>).map((item, index) => {
    const { metadata } = item;
    checkMetadata(metadata, index);
    // Stryker disable next-line all: test-control endpoint (docs/mutation.md)
    if (names.has(metadata.name)) throw new BadStateParams(`the name ${metadata.name} is given twice: names are unique in a workspace`);
    names.add(metadata.name);
    // createdAt is kept as given; the other read-only fields are the service's.
    const createdAt = typeof metadata.createdAt === 'string' ? metadata.createdAt : new Date(nowMs).toISOString();
    const createdIso = new Date(Date.parse(createdAt)).toISOString();
    const spec: Record<string, unknown> = { ...item.spec, ...(Array.isArray(item.spec.triggers) ? { triggers: storedTriggers(item.spec.triggers, `${workspace}/${metadata.name}`, faults) } : {}) };
    if (faults.has('functions-enabled-default-false') && spec.enabled === undefined) spec.enabled = false;
    if (faults.has('functions-public-default-true') && spec.public === undefined) spec.public = true;
    if (faults.has('functions-trigger-enabled-default-false') && Array.isArray(spec.triggers))
      spec.triggers = spec.triggers.map((trigger) => (isObject(trigger) && trigger.enabled === undefined ? { ...trigger, enabled: false } : trigger));
    return {
      ...item,
      spec,
      metadata: {
        ...metadata,
        name: metadata.name,
        createdAt,
        updatedAt: createdAt,
        createdBy: 'conformance-fixtures',
        updatedBy: 'conformance-fixtures',
        plan: 'developer',
        url: `https://${metadata.name}-${workspace}.functions.reference.invalid`,
        // A read-only field kept as the request gave it, under a fault.
        workspace: faults.has('resources-workspace-kept-as-given') && typeof metadata.workspace === 'string' ? metadata.workspace : workspace,
      },
      status: 'DEPLOYED',
      events: [{ type: 'Deployed', status: 'DEPLOYED', message: 'set by the functions provider state', revision: 'rev-1', time: createdIso }],
    };
  });
}
