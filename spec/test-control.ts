// The test-control endpoint's provider states (docs/test-control.md): their names and a
// JSON Schema of each state's params. The reference implementation validates what it
// receives with them, and the suite what it sends.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import reset from './test-control/reset.params.schema.json' with { type: 'json' };
import functions from './test-control/functions.params.schema.json' with { type: 'json' };
import sandboxes from './test-control/sandboxes.params.schema.json' with { type: 'json' };
import egressips from './test-control/egressips.params.schema.json' with { type: 'json' };
import customdomains from './test-control/customdomains.params.schema.json' with { type: 'json' };
import usage from './test-control/usage.params.schema.json' with { type: 'json' };
import processes from './test-control/processes.params.schema.json' with { type: 'json' };
import clock from './test-control/clock.params.schema.json' with { type: 'json' };

export const stateParamsSchemas = { reset, functions, sandboxes, egressips, customdomains, usage, processes, clock };

export type StateName = keyof typeof stateParamsSchemas;

export const isStateName = (name: unknown): name is StateName => typeof name === 'string' && Object.hasOwn(stateParamsSchemas, name);

const ajv = new Ajv2020({ strict: true, allErrors: false });
addFormats.default(ajv, ['date-time']);
// Compiled when first used: a run compiles the validators of the states it sets, not all eight.
const validators = new Map<StateName, ReturnType<typeof ajv.compile>>();

/** Why `params` do not fit the state's schema ("/items/0/pid must match pattern ..."), or undefined when they do. */
export function stateParamsError(state: StateName, params: unknown): string | undefined {
  let validate = validators.get(state);
  if (!validate) validators.set(state, (validate = ajv.compile(stateParamsSchemas[state])));
  if (validate(params)) return undefined;
  const [error] = validate.errors ?? [];
  return error ? `params${error.instancePath} ${error.message}` : 'params do not fit the schema';
}
