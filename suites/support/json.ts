// Reading JSON answers, shared by every area.
import fc from 'fast-check';
import type { HttpResponse } from '../../harness/http.ts';

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values of `values` whose `key` (fast-check's rendering of it) no earlier one had: a case or query drawn twice is checked once. */
export function distinct<T>(values: readonly T[], key: (value: T) => unknown = (value) => value): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const rendered = fc.stringify(key(value));
    if (seen.has(rendered)) return false;
    seen.add(rendered);
    return true;
  });
}

/** What a body is, in a few words, for failure messages. */
export function describeBody(res: HttpResponse): string {
  if (!res.isJson) return 'a body that is not JSON';
  if (Array.isArray(res.json)) return `a bare array of ${res.json.length} items`;
  if (isObject(res.json)) return `an object with keys ${Object.keys(res.json).join(', ') || '(none)'}`;
  return `the JSON value ${JSON.stringify(res.json)}`;
}

/** A value as JSON, cut to one short line for failure messages. */
export const show = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** `metadata.name` of an item of section 2.1, or undefined when it has none. */
export const nameOf = (item: unknown): unknown => (isObject(item) && isObject(item.metadata) ? item.metadata.name : undefined);
