// RFC 3339 date-times (with `Z` or a numeric offset), parsed strictly: every field
// in range, so that `2025-02-30T00:00:00Z` is refused rather than rolled over.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Epoch milliseconds of an RFC 3339 date-time, or undefined when it is not one. */
export function parseRfc3339(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(utc(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetHours = Number(m[9] ?? 0);
  const offsetMinutes = Number(m[10] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const fraction = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const sign = m[8] === '-' ? -1 : 1;
  return utc(year, month - 1, day, hour, minute, second, fraction) - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** Date.UTC without its mapping of years 0-99 to 1900-1999. */
function utc(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

/** RFC 3339 UTC, without fractional seconds when there are none. */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}
