// Credentials never leave the process: every string that goes into evidence,
// a log line or a report passes through a Redactor first.
import escapeRegExp from 'escape-string-regexp';

export const MASK = '***';

export class Redactor {
  /** Every spelling of every secret, longest first, so a token that contains another is masked whole. */
  private readonly secrets: string[];
  /** Any of them: one pass over a text tells whether it holds one (most hold none). */
  private readonly anySecret: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined>) {
    // A target may echo a token escaped, as JSON or in a URL; each spelling is masked.
    const spellings = [...secrets]
      .filter((s): s is string => !!s && s.length >= 4)
      .flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
    this.secrets = [...new Set(spellings)].sort((a, b) => b.length - a.length);
    this.anySecret = this.secrets.length > 0 ? new RegExp(this.secrets.map(escapeRegExp).join('|')) : undefined;
  }

  text(value: string): string {
    if (!this.anySecret?.test(value)) return value;
    let out = value;
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
