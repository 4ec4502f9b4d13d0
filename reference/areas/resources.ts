// Sandboxes, egress IPs and custom domains (sections 2.1 to 2.5, 3, 4.1, 6) and their
// provider states `sandboxes`, `egressips`, `customdomains`.
import type { Area, AreaEnv } from '../area.ts';
import { customDomains, egressIps } from './resources/listings.ts';
import { sandboxes } from './resources/sandboxes.ts';

export function resourcesArea(env: AreaEnv): Area {
  const sandbox = sandboxes(env);
  const listings = [egressIps(env), customDomains(env)];
  const stores = [sandbox.store, ...listings.map((l) => l.store)];
  return {
    routes: [sandbox.route, ...listings.map((l) => l.route)],
    // Stryker disable all: test-control endpoint (docs/mutation.md)
    states: {
      sandboxes: (params, principal) => sandbox.store.replace(params, principal, sandbox.fill),
      ...Object.fromEntries(listings.map((l) => [l.state, (params, principal) => l.store.replace(params, principal, l.fill)] as const)),
    },
    // Stryker restore all
    reset() {
      for (const store of stores) store.clear();
    },
  };
}
