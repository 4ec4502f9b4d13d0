// `npm run bench -- --census`: where a run's requests go, read from the reference's
// journal (every request it received): by kind, and the requests sent more than once
// identically in the run; those with no new state of their data in between read the
// same answer again, which a shared reading could have spared.
import { defaultProfile } from '../spec/profile.ts';
import type { JournalEntry } from './journaled-reference.ts';

type Request = Pick<JournalEntry, 'method' | 'url' | 'headers' | 'body'>;

/** The reference's control endpoint (reference/server.ts); its API is under /v0, the sandbox address under /sandbox. */
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

/** The provider state a kind of request reads (a fixture group); every request on the clock and a reset. */
function stateRead(kind: string): string {
  if (kind.includes('metrics')) return 'usage';
  if (kind.includes('sandbox address')) return 'processes';
  return ['functions', 'sandboxes', 'egressips', 'customdomains'].find((state) => kind.includes(`/${state}`)) ?? 'none';
}

/**
 * For each request, how many times the state it reads had been set when it arrived
 * ('' for the control endpoint's): two identical requests of one count read the same data.
 */
function dataVersions(journal: readonly Request[]): string[] {
  const sets = new Map<string, number>();
  let everything = 0;
  return journal.map((request) => {
    const kind = kindOf(request);
    if (!kind.includes(' control: ')) return `${everything}.${sets.get(stateRead(kind)) ?? 0}`;
    const state = stateOf(request.body);
    if (state === 'clock' || state === 'reset') everything += 1;
    else sets.set(state, (sets.get(state) ?? 0) + 1);
    return '';
  });
}

/**
 * The requests sent more than once identically: the same method, URL, version header,
 * body and credential (`credentialOf` names it). `repeats` counts the sendings after the
 * first; `onSameData` those with no provider state of their data set since the one
 * before (on set data a request read again after a new state is another reading);
 * `ignoringCredential` as `repeats`, a request with another credential counted as the same.
 */
export function repeats(journal: readonly Request[], top: number, credentialOf: (authorization: string | undefined) => string) {
  const versions = dataVersions(journal);
  /** The journal's indexes of each request sent more than once, the most sent first. */
  const sentAgain = (withCredential: boolean) => {
    const groups = new Map<string, number[]>();
    journal.forEach((request, at) => {
      const key = JSON.stringify([request.method, request.url, request.headers[VERSION_HEADER], request.body, withCredential && request.headers.authorization]);
      const group = groups.get(key);
      if (group) group.push(at);
      else groups.set(key, [at]);
    });
    return [...groups.values()].filter((ats) => ats.length > 1).sort((a, b) => b.length - a.length);
  };
  const again = (ats: number[]) => ats.length - 1;
  const againOnSameData = (ats: number[]) => ats.length - new Set(ats.map((at) => versions[at])).size;
  const total = (groups: number[][], count: (ats: number[]) => number) => groups.reduce((sum, ats) => sum + count(ats), 0);
  const repeated = sentAgain(true);
  return {
    repeats: total(repeated, again),
    repeatedRequests: repeated.length,
    onSameData: total(repeated, againOnSameData),
    ignoringCredential: total(sentAgain(false), again),
    top: repeated.slice(0, top).map((ats) => {
      const request = journal[ats[0]!]!;
      return {
        times: ats.length,
        onSameData: againOnSameData(ats),
        request: `${request.method} ${readable(request.url)}`.slice(0, 160),
        version: request.headers[VERSION_HEADER] ?? '',
        credential: credentialOf(request.headers.authorization),
        body: request.body.slice(0, 60),
      };
    }),
  };
}
