// `npm run bench -- --census`: where a run's requests go, read from the reference's
// journal (every request it received): by kind, and the requests sent more than once
// identically in the run, which a cache or a shared reading could have spared.
import { defaultProfile } from '../spec/profile.ts';
import type { JournalEntry } from './journaled-reference.ts';

type Request = Pick<JournalEntry, 'method' | 'url' | 'headers' | 'body'>;

/** The reference's paths (reference/server.ts): the control endpoint, the API under /v0, the sandbox address under /sandbox. */
const CONTROL_ENDPOINT = '/__control';

/** What a request is for: a provider state by its name, or the method and the part of the API. */
export function kindOf(request: Request): string {
  const { pathname } = new URL(request.url, 'http://target');
  if (pathname === CONTROL_ENDPOINT) return `${request.method} control: ${stateOf(request.body)}`;
  const [surface, area, ...rest] = pathname.split('/').filter(Boolean);
  if (surface === 'sandbox') return `${request.method} sandbox address`;
  // /v0/accounts/{accountId}/metrics[/enums/…]: the metrics, whatever the account.
  if (area === 'accounts') return `${request.method} metrics${rest.length > 2 ? ` /${rest.slice(2).join('/')}` : ''}`;
  return `${request.method} /${area ?? ''}${rest.length ? '/{name}' : ''}`;
}

function stateOf(body: string): string {
  try {
    return String((JSON.parse(body) as { state?: unknown }).state);
  } catch {
    return '(not JSON)';
  }
}

/** The journal's requests by kind, the most frequent first. */
export function byKind(journal: readonly Request[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const kind of journal.map(kindOf)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

/** A URL to read in a table: the query decoded, the metrics path without the API prefix and the account. */
function readable(url: string): string {
  const short = url.replace(/^\/v0\/accounts\/[^/]+\/metrics/, 'metrics').replace(/^\/v0/, '');
  try {
    return decodeURIComponent(short);
  } catch {
    return short; // a probe's malformed escape
  }
}

const VERSION_HEADER = defaultProfile.versionHeader.toLowerCase();

/**
 * The requests sent more than once identically: the same method, URL, version header and
 * body. `repeats` counts the sendings after the first, with the credential (a request
 * with another credential is another check) and without it.
 */
export function repeats(journal: readonly Request[], top: number) {
  const group = (withCredential: boolean) => {
    const groups = new Map<string, { request: Request; times: number }>();
    for (const request of journal) {
      const key = JSON.stringify([request.method, request.url, request.headers[VERSION_HEADER], request.body, withCredential && request.headers.authorization]);
      const seen = groups.get(key);
      if (seen) seen.times += 1;
      else groups.set(key, { request, times: 1 });
    }
    return [...groups.values()].filter((g) => g.times > 1).sort((a, b) => b.times - a.times);
  };
  const sent = (groups: ReturnType<typeof group>) => groups.reduce((sum, g) => sum + g.times - 1, 0);
  const repeated = group(true);
  return {
    repeats: sent(repeated),
    repeatedRequests: repeated.length,
    repeatsIgnoringCredential: sent(group(false)),
    top: repeated.slice(0, top).map(({ request, times }) => ({
      times,
      kind: kindOf(request),
      request: `${request.method} ${readable(request.url)}`.slice(0, 200),
      version: request.headers[VERSION_HEADER] ?? '',
      body: request.body.slice(0, 60),
    })),
  };
}
