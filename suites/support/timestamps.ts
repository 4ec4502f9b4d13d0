// Timestamps in answers, read in one place. CONTRACT 3: any RFC 3339 form (fractions
// of a second, `Z` or an offset); section 6 calls event times ISO 8601, whose basic
// form (`20260102T030405Z`) is accepted there too.

const EXTENDED = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(?:[.,]\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;
const ISO_8601_BASIC = /^\d{8}T\d{4}(\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(\d{2})?)?$/;
const ISO_8601_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?$/;

/** The instant of a date-time with a zone (RFC 3339 and the extended ISO 8601 forms), in ms; undefined when it is not one. */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = EXTENDED.exec(value);
  if (!m) return undefined;
  const [, date, minutes, seconds = ':00', zone] = m as unknown as [string, string, string, string | undefined, string];
  const offset = /^[Zz]$/.test(zone) ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${date}T${minutes}${seconds.replace(',', '.')}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Section 6: "ISO 8601 timestamp", in any of its date-time forms. */
export function isIso8601(value: unknown): boolean {
  return typeof value === 'string' && (instantOf(value) !== undefined || ISO_8601_BASIC.test(value) || ISO_8601_LOCAL.test(value));
}
