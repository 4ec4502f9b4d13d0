// "What comes back is what went in": every field a fixture set is in the answer
// with the same value. The comparison accepts what the specification leaves open:
// fields the target adds, array order, a zero value (false, 0, "", [], {}) left
// out, a timestamp or duration written another way, and the lists that section 2.3
// says travel as "a string holding a list" in any list notation.
import { isObject, show } from './json.ts';
import { instantOf } from './timestamps.ts';

/** Lists of domain patterns or rulesets; section 2.3 says some are returned as a string holding a list, so any list notation is accepted. */
const LIST_STRING_FIELDS = new Set(['allowedDomains', 'forbiddenDomains', 'rulesets']);

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

const DURATION_UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Seconds of a Go-style duration (`1h30m`, `24h0m0s`, `7d`); undefined when it is not one. */
function durationSeconds(v: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$/.test(v)) return undefined;
  let total = 0;
  for (const [, n, unit] of v.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w)/g)) total += Number(n) * DURATION_UNITS[unit!]!;
  return total;
}

function sameDuration(a: string, b: string): boolean {
  const [x, y] = [durationSeconds(a), durationSeconds(b)];
  return x !== undefined && x === y;
}

/** The items of a list given as an array or as a string in any list notation (JSON, `[a b]`, `a,b`). */
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
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[\s,]+/)
    .map((s) => s.replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

function sameList(given: unknown, returned: unknown): boolean {
  const [a, b] = [listItems(given), listItems(returned)];
  return a !== undefined && b !== undefined && a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/** Differences between what was set and what came back, each as `path: what`; [] when everything set came back. */
export function differences(given: unknown, returned: unknown, path = ''): string[] {
  if (given === undefined) return [];
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (LIST_STRING_FIELDS.has(key) && (typeof given === 'string' || Array.isArray(given))) {
    return sameList(given, returned) ? [] : [`${path} holds ${show(listItems(returned) ?? returned)}, not the list ${show(listItems(given))}`];
  }
  if (returned === undefined || returned === null) return isZero(given) ? [] : [`${path} is missing (set to ${show(given)})`];
  if (Array.isArray(given)) return arrayDifferences(given, returned, path);
  if (isObject(given)) {
    if (!isObject(returned)) return [`${path} is ${show(returned)}, not an object`];
    return Object.keys(given).flatMap((k) => differences(given[k], returned[k], path ? `${path}.${k}` : k));
  }
  if (typeof given === 'string' && typeof returned === 'string' && (sameInstant(given, returned) || sameDuration(given, returned))) return [];
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
