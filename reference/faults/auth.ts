import type { FaultDefinition } from './registry.ts';

// Read by the server's authentication step (reference/server.ts).
export const authFaults = [
  {
    name: 'auth-missing-accepted',
    rule: 'auth.missing-credentials',
    description: 'a control-plane request without Authorization is served as the admin',
  },
  {
    name: 'auth-missing-code-mismatch',
    rule: 'auth.missing-credentials',
    description: 'the 401 for missing credentials carries code 400 in its Error body',
  },
  {
    name: 'auth-invalid-token-forbidden',
    rule: 'auth.invalid-token',
    description: 'an unknown bearer token is answered 403 instead of 401',
  },
  {
    name: 'auth-no-scope-reads-sandboxes',
    rule: 'auth.no-scope-forbidden',
    description: 'a credential without scopes is served GET /sandboxes/{sandboxName} (and answered 404 for a sandbox that is not there, as anyone is)',
  },
  {
    name: 'auth-no-scope-allowed',
    rule: 'auth.no-scope-forbidden',
    description: 'a credential without scopes is served like the admin',
  },
  {
    name: 'auth-sandbox-address-open',
    rule: 'auth.sandbox-address-requires-token',
    description: 'the sandbox address serves requests that carry no bearer token',
  },
  {
    name: 'auth-sandbox-address-any-token',
    rule: 'auth.sandbox-address-invalid-token',
    description: 'the sandbox address serves a request whatever bearer token it carries',
  },
] as const satisfies readonly FaultDefinition[];
