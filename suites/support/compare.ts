// "What comes back is what went in": every field a fixture set is in the answer
// with the same value. The comparison accepts what the specification leaves open:
// fields the target adds, array order, a zero value (false, 0, "", [], {}) left
// out or answered as null, a timestamp or duration written another way, the lists of
// section 2.3 in any list notation, a routing body (JSON text) written again with other
// spacing or key order, header names in another case, and text in another Unicode
// normal form (NFC and NFD are the same text).
import { isObject, show } from './json.ts';
import { instantOf } from './timestamps.ts';

/**
 * Section 2.3's lists of domain patterns, of strings and of destinations: `allowedDomains`,
 * `forbiddenDomains` (of network and network.proxy), `rulesets`, `bypass` and the
 * `destinations` of egress policies and proxy routes. Some are "Returned as a string holding
 * a list" in a notation not shown, so every one is compared as a set of items, in any notation.
 */
const LIST_FIELDS = new Set(['allowedDomains', 'forbiddenDomains', 'rulesets', 'bypass', 'destinations']);

/** Section 2.3's duration strings: `lifecycle.expirationPolicies[].value`, `lifecycle.terminatedRetention`, `runtime.ttl`. */
const DURATION_FIELDS = new Set(['value', 'terminatedRetention', 'ttl']);

/** Nothing set: what a server may leave out of an answer without losing information. */
function isZero(v: unknown): boolean {
  if (v === false || v === 0 || v === '' || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.values(v).every(isZero);
  return false;
}

function sameInstant(a: string, b: string): boolean {
  const instant = instantOf(a);
  return instant !== undefined && instant === instantOf(b);
}

const GO_UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, μs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const GO_DURATION = /^(\d+(\.\d+)?(ns|us|µs|μs|ms|s|m|h|d|w))+$/;
/** ISO 8601 durations without years or months (whose seconds depend on the calendar): `PT168H`, `P7D`, `P1W`, `P1DT2H30M`, `PT0.5S`. */
const ISO_DURATION = /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;
/** `H:MM:SS` (Postgres' interval output, any number of hours), with fractions of a second. */
const CLOCK = /^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/;
/** Postgres' interval text: `7 days`, `1 day 02:00:00`, `3 weeks`, `2 hours 30 mins`, `@ 1 day` (no months or years). */
const INTERVAL_PART = /(\d+(?:\.\d+)?)\s*(weeks?|w|days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b/gi;
const INTERVAL_UNITS: Record<string, number> = { w: 604_800, d: 86_400, h: 3600, m: 60, s: 1 };

/**
 * The seconds of a duration string (section 2.3: "Duration string", its format not shown),
 * in any notation a server writes back: Go's (`24h`, `1h30m0s`), ISO 8601's (`PT24H`,
 * `P1D`), `H:MM:SS` and Postgres' interval text (`24:00:00`, `1 day`, `7 days 01:00:00`);
 * undefined when it is none of them.
 */
function durationSeconds(text: string): number | undefined {
  const v = text.trim();
  if (GO_DURATION.test(v)) {
    let total = 0;
    for (const [, n, unit] of v.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h|d|w)/g)) total += Number(n) * GO_UNITS[unit!]!;
    return total;
  }
  const iso = ISO_DURATION.exec(v);
  if (iso && v !== 'P' && !/T$/i.test(v)) {
    const [w, d, h, m, s] = iso.slice(1).map((n) => (n === undefined ? 0 : Number(n.replace(',', '.'))));
    return w! * 604_800 + d! * 86_400 + h! * 3600 + m! * 60 + s!;
  }
  const clock = CLOCK.exec(v);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  // Postgres' interval text: unit words, then maybe a clock part.
  const words = v.replace(/^@\s*/, '');
  const clockTail = /(?:^|\s)(\d+:[0-5]\d:[0-5]\d(?:\.\d+)?)$/.exec(words);
  const unitsPart = clockTail ? words.slice(0, clockTail.index).trim() : words;
  const parts = [...unitsPart.matchAll(INTERVAL_PART)];
  if (parts.length === 0 && !clockTail) return undefined;
  if (unitsPart.replace(INTERVAL_PART, '').trim() !== '') return undefined;
  let total = clockTail ? durationSeconds(clockTail[1]!)! : 0;
  for (const [, n, unit] of parts) total += Number(n) * INTERVAL_UNITS[unit!.charAt(0).toLowerCase()]!;
  return total;
}

function sameDuration(a: string, b: string): boolean {
  const [x, y] = [durationSeconds(a), durationSeconds(b)];
  return x !== undefined && y !== undefined && Math.abs(x - y) < 1e-6;
}

/**
 * The items of a list given as an array or as a string in any list notation: JSON text,
 * a Postgres array literal (`{a.com,b.io}`, `{}`, `{"a.com"}`), `[a b]`, or items
 * separated by commas, semicolons or blanks. Domain patterns and ruleset names hold
 * none of those separators.
 */
function listItems(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
  if (v === undefined || v === null) return [];
  if (typeof v !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')) return parsed as string[];
  } catch {
    // Not JSON: another list notation.
  }
  return v
    .trim()
    .replace(/^[[{(]|[\]})]$/g, '')
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

function sameList(given: unknown, returned: unknown): boolean {
  const [a, b] = [listItems(given), listItems(returned)];
  const key = (items: string[]) => items.map((s) => s.normalize('NFC')).sort().join('\n');
  return a !== undefined && b !== undefined && a.length === b.length && key(a) === key(b);
}

/** JSON text parsed; undefined when it is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A routing body (section 2.3: `body` (string)) set as JSON text: a server that stores it
 * as JSON writes it back with its own spacing and key order, so when what was set is JSON
 * the parsed values are compared (with the answer's body as text or, where the profile's
 * routingBody says so, as the object itself; its representation is representationProblems').
 */
function bodyDifferences(given: string, returned: unknown, path: string): string[] | undefined {
  const parsed = parsedJson(given);
  if (parsed === undefined || typeof parsed !== 'object' || parsed === null) return undefined;
  const back = typeof returned === 'string' ? parsedJson(returned) : returned;
  if (back === undefined || back === null) return undefined;
  const problems = [...differences(parsed, back), ...differences(back, parsed)];
  return problems.length === 0 ? [] : [`${path} is ${show(returned)}, not the JSON ${given} as set`];
}

/** Header names are case-insensitive (RFC 9110 section 5.1): the answer's headers by lowercase name. */
function byLowercaseName(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Differences between what was set and what came back, each as `path: what`; [] when everything set came back. */
export function differences(given: unknown, returned: unknown, path = ''): string[] {
  if (given === undefined) return [];
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (LIST_FIELDS.has(key) && (typeof given === 'string' || Array.isArray(given))) {
    return sameList(given, returned) ? [] : [`${path} holds ${show(listItems(returned) ?? returned)}, not the list ${show(listItems(given))}`];
  }
  if (returned === undefined || returned === null) return isZero(given) ? [] : [`${path} is missing (set to ${show(given)})`];
  if (key === 'body' && typeof given === 'string') {
    const asJson = bodyDifferences(given, returned, path);
    if (asJson) return asJson;
  }
  if (Array.isArray(given)) return arrayDifferences(given, returned, path);
  if (isObject(given)) {
    if (!isObject(returned)) return [`${path} is ${show(returned)}, not an object`];
    if (key === 'headers') {
      const [set, back] = [byLowercaseName(given), byLowercaseName(returned)];
      return Object.keys(given).flatMap((k) => differences(set[k.toLowerCase()], back[k.toLowerCase()], path ? `${path}.${k}` : k));
    }
    return Object.keys(given).flatMap((k) => differences(given[k], returned[k], path ? `${path}.${k}` : k));
  }
  if (typeof given === 'string' && typeof returned === 'string') {
    if (given.normalize('NFC') === returned.normalize('NFC') || sameInstant(given, returned)) return [];
    if (DURATION_FIELDS.has(key) && sameDuration(given, returned)) return [];
  }
  return given === returned ? [] : [`${path} is ${show(returned)}, not ${show(given)} as set`];
}

/** Every element set is matched by a distinct element returned, in any order. */
function arrayDifferences(given: unknown[], returned: unknown, path: string): string[] {
  if (!Array.isArray(returned)) return [`${path} is ${show(returned)}, not an array`];
  const matches = given.map((g) => returned.map((r) => differences(g, r).length === 0));
  const used = new Set<number>();
  const assign = (i: number): boolean => {
    if (i === given.length) return true;
    for (let j = 0; j < returned.length; j++) {
      if (used.has(j) || !matches[i]![j]) continue;
      used.add(j);
      if (assign(i + 1)) return true;
      used.delete(j);
    }
    return false;
  };
  if (assign(0)) return [];
  // Show the element-wise differences of the first element without a match of its own.
  const lone = matches.findIndex((row) => !row.some(Boolean));
  if (lone >= 0) {
    const near = differences(given[lone], returned[lone], `${path}[${lone}]`);
    return near.length ? near : [`${path} has no element ${show(given[lone])}`];
  }
  return [`${path} is ${show(returned)}, not the elements ${show(given)} as set`];
}
