// Opaque, tamper-proof cursors: an HMAC-signed payload that binds the cursor to its
// query and records when it was issued, so binding and expiry are checked on use.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { Variants } from './variants/registry.ts';

export const CURSOR_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type CursorRejection = 'malformed' | 'other-query' | 'expired';

export type CursorVerdict<P> = { ok: true; position: P; issuedAt: number } | { ok: false; reason: CursorRejection };

/**
 * The status a rejected cursor is refused with: "The status code is not shown"
 * (section 7). 400 by default; the variant `cursor-rejection-statuses` answers 410 to
 * an expired cursor and 422 to one of another query.
 */
export function cursorRejectionStatus(reason: CursorRejection, variants: Variants): number {
  if (!variants.has('cursor-rejection-statuses')) return 400;
  return reason === 'expired' ? 410 : reason === 'other-query' ? 422 : 400;
}

/** What a cursor is bound to, part by part (workspace, filters, sort, q...): each part is compared on use. */
export type Binding = Record<string, unknown>;

/** Each part of a binding as a short digest: the cursor stays opaque and short whatever q holds. */
function digestOf(binding: Binding): Record<string, string> {
  return Object.fromEntries(Object.entries(binding).map(([part, value]) => [part, createHash('sha256').update(JSON.stringify(value ?? null)).digest('base64url').slice(0, 12)]));
}

export class CursorCodec {
  private readonly key = randomBytes(32);

  /** `issueTimeUnitMs`: the precision the issue time is recorded to, truncated (1: milliseconds). */
  constructor(
    private readonly clock: Clock,
    private readonly issueTimeUnitMs = 1,
  ) {}

  /** `issuedAt`: now, unless a fault dates the cursor from another one's issue. */
  issue<P>(binding: Binding, position: P, issuedAt = this.clock.now()): string {
    const t = Math.floor(issuedAt / this.issueTimeUnitMs) * this.issueTimeUnitMs;
    const payload = Buffer.from(JSON.stringify({ b: digestOf(binding), t, p: position })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * `unchecked`: parts of the binding not compared; `uncheckedIfIssuedWith`: parts not
   * compared when the cursor was issued with that value (a filter it was issued without).
   * Both only ever under a fault.
   */
  open<P>(cursor: string, binding: Binding, lifetimeMs = CURSOR_LIFETIME_MS, unchecked: readonly string[] = [], uncheckedIfIssuedWith: Binding = {}): CursorVerdict<P> {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'malformed' };
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { b: Record<string, string>; t: number; p: P };
    const wanted = digestOf(binding);
    const lax = digestOf(uncheckedIfIssuedWith);
    const parts = new Set([...Object.keys(wanted), ...Object.keys(decoded.b)]);
    const compared = (part: string) => !unchecked.includes(part) && !(part in lax && decoded.b[part] === lax[part]);
    if ([...parts].some((part) => compared(part) && wanted[part] !== decoded.b[part])) return { ok: false, reason: 'other-query' };
    if (this.clock.now() - decoded.t > lifetimeMs) return { ok: false, reason: 'expired' };
    return { ok: true, position: decoded.p, issuedAt: decoded.t };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/**
 * For the faults that give a later page's cursor other rules than a first page's (bound
 * to nothing, never expiring, or the first page's living 25 hours): the cursors issued by
 * pages after a cursor. Holds nothing unless such a fault is on.
 */
export class LaterPageCursors {
  private readonly issued = new Set<string>();

  constructor(private readonly faults: { unbound: boolean; neverExpire: boolean; firstPageLives25h: boolean }) {}

  /** `cursor` was issued by a page asked with a cursor (`continued`) or without. */
  note(cursor: string, continued: boolean): void {
    const tracking = this.faults.unbound || this.faults.neverExpire || this.faults.firstPageLives25h;
    if (tracking && continued && cursor !== '') this.issued.add(cursor);
  }

  /** The parts of `binding` left unchecked for `cursor`: all of them for a later page's under the fault. */
  unchecked(cursor: string, binding: Binding): string[] {
    return this.faults.unbound && this.issued.has(cursor) ? Object.keys(binding) : [];
  }

  /** The lifetime of `cursor`, `lifetimeMs` unless a fault gives its kind of page another. */
  lifetimeOf(cursor: string, lifetimeMs: number): number {
    const later = this.issued.has(cursor);
    if (later && this.faults.neverExpire) return Number.POSITIVE_INFINITY;
    if (!later && this.faults.firstPageLives25h) return (CURSOR_LIFETIME_MS * 25) / 24;
    return lifetimeMs;
  }
}
