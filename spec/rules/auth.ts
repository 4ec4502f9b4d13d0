import type { RuleDefinition } from './rule.ts';

// Section 5: every request carries a bearer token; section 7: refusals carry the Error body.
export const authRules = [
  {
    id: 'auth.missing-credentials',
    level: 'MUST',
    section: '5, 7',
    title: 'A control-plane read without credentials is refused: 401 on GET /functions, a 4xx elsewhere, with an Error body (its code, when present, the status)',
    quote: 'GET /functions | 401 | Credentials invalid or missing.',
  },
  {
    id: 'auth.invalid-token',
    level: 'MUST',
    section: '5, 7',
    title: 'A control-plane read with an invalid or malformed bearer token is refused: 401 on GET /functions, a 4xx elsewhere, with an Error body (its code, when present, the status)',
    quote: 'GET /functions | 401 | Credentials invalid or missing.',
  },
  {
    id: 'auth.no-scope-forbidden',
    level: 'MUST',
    section: '5, 7',
    title: 'A valid credential that holds no scope is refused: 403 on GET /functions, a 4xx elsewhere, with an Error body (its code, when present, the status)',
    quote: 'The default requirement of the control plane is `admin` or an API key.',
  },
  {
    id: 'auth.sandbox-address-requires-token',
    level: 'MUST',
    section: '4.2, 5',
    title: 'A sandbox-address request without the bearer token is refused with a 4xx and an {error} body',
    quote: 'The sandbox address takes the bearer token in the same header.',
  },
  {
    id: 'auth.sandbox-address-invalid-token',
    level: 'MUST',
    section: '4.2, 5',
    title: 'A sandbox-address request with an invalid or malformed bearer token is refused with a 4xx and an {error} body',
    quote: 'The sandbox address takes the bearer token in the same header.',
  },
] as const satisfies readonly RuleDefinition[];
