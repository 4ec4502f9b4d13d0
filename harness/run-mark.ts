// Positive evidence of another run against the same target. Two runs replace each other's
// fixtures (two pipelines against one staging deployment); a failure on fixtures another
// run replaced is no verdict (suites/support/held.ts). But the absence of what a check set
// is no evidence of another run: a target that renames, drops or rewrites what it stores,
// or answers an earlier fixture set, shows the same absence, and is the rules' to fail.
//
// So each run marks every function it sets with a label of its own (the run's tag, random,
// drawn as the run's memory is made: two runs of one seed differ), written in characters
// of Unicode's private use area that no generated query, name or label holds, so that no
// search can match it and every reader of a listing reads past it (withoutRunMark). A
// listing that shows functions marked by another run proves that run: the register of the
// run keeps the tags it has seen, for the read-backs of every fixture group.
import { TAG_BYTES, tagBytesOf } from './coordination.ts';

/** The label key of the mark. */
export const RUN_MARK_KEY = '\uE000';
/** Each half-byte of a tag as one character from here on. */
const FIRST_DIGIT = 0xe010;

/** The run's mark: its tag, as characters of the private use area. */
function runMark(shared: SharedArrayBuffer): string {
  return [...tagBytesOf(shared)].flatMap((byte) => [byte >> 4, byte & 15]).map((digit) => String.fromCharCode(FIRST_DIGIT + digit)).join('');
}

/** Whether `value` is some run's mark. */
const isMark = (value: unknown): value is string =>
  typeof value === 'string' && value.length === 2 * TAG_BYTES && [...value].every((c) => c.charCodeAt(0) >= FIRST_DIGIT && c.charCodeAt(0) < FIRST_DIGIT + 16);

const labelsOf = (item: unknown): Record<string, unknown> | undefined => {
  const metadata = typeof item === 'object' && item !== null ? (item as { metadata?: unknown }).metadata : undefined;
  const labels = typeof metadata === 'object' && metadata !== null ? (metadata as { labels?: unknown }).labels : undefined;
  return typeof labels === 'object' && labels !== null ? (labels as Record<string, unknown>) : undefined;
};

/** The params of a provider state as the run sends them: each function it sets carries the run's mark among its labels. */
export function marked(state: string, params: object, shared: SharedArrayBuffer): object {
  const items = (params as { items?: unknown[] }).items;
  if (state !== 'functions' || !Array.isArray(items)) return params;
  const mark = runMark(shared);
  return {
    ...params,
    items: items.map((item) => {
      if (typeof item !== 'object' || item === null) return item;
      const metadata = (item as { metadata?: Record<string, unknown> }).metadata ?? {};
      return { ...item, metadata: { ...metadata, labels: { ...(labelsOf(item) ?? {}), [RUN_MARK_KEY]: mark } } };
    }),
  };
}

/** `labels` without the run's mark (any run's): what a check set, or a target holds of its own. */
export function withoutRunMark<L extends Record<string, unknown>>(labels: L): L {
  if (!(RUN_MARK_KEY in labels)) return labels;
  const { [RUN_MARK_KEY]: _mark, ...rest } = labels;
  return rest as L;
}

/** The tags of the runs other than this one whose marks `items` carry. */
function otherRunsIn(items: readonly unknown[], shared: SharedArrayBuffer): string[] {
  const ours = runMark(shared);
  return [...new Set(items.map((item) => labelsOf(item)?.[RUN_MARK_KEY]).filter((value): value is string => isMark(value) && value !== ours))];
}

/** The items of a functions listing's body: a FunctionList's `data`, or the bare array of the versions before 2026-04-28. */
export function listedItems(body: unknown): readonly unknown[] {
  if (Array.isArray(body)) return body;
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data : [];
}

/** The tags of other runs seen by each run, by its memory. */
const seenByRun = new WeakMap<SharedArrayBuffer, Set<string>>();

/** Notes other runs seen in `items`; returns every other run this run has seen so far. */
export function otherRunsSeen(shared: SharedArrayBuffer, items: readonly unknown[] = []): ReadonlySet<string> {
  let seen = seenByRun.get(shared);
  if (!seen) seenByRun.set(shared, (seen = new Set()));
  for (const tag of otherRunsIn(items, shared)) seen.add(tag);
  return seen;
}
