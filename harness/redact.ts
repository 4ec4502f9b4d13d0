// Credentials never leave the process: every string that goes into evidence,
// a log line or a report passes through a Redactor first.

export const MASK = '***';

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Iterable<string | undefined>) {
    // A target may echo a token escaped, as JSON or in a URL; each spelling is masked.
    const spellings = [...secrets]
      .filter((s): s is string => !!s && s.length >= 4)
      .flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
    // Longest first, so a token that contains another is masked whole.
    this.secrets = [...new Set(spellings)].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    // includes() first: most strings hold no secret, and searching is far cheaper than splitting.
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
    return out;
  }

  /** Masks the Authorization header whatever its value, and any secret in the others. */
  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = name.toLowerCase() === 'authorization' ? maskAuthorization(value) : this.text(value);
    }
    return out;
  }

  /** Deep copy of a JSON value with every string masked. */
  json<T>(value: T): T {
    return JSON.parse(this.text(JSON.stringify(value))) as T;
  }
}

function maskAuthorization(value: string): string {
  const scheme = value.split(' ')[0];
  return scheme && scheme !== value ? `${scheme} ${MASK}` : MASK;
}
