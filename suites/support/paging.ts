// Section 2.8, read once for every paged listing: follow `nextCursor` while `hasMore`
// is true; `nextCursor` is "empty when there are no more pages", so a page that says
// more but gives no cursor cannot be continued, and a walk must end.
import type { Check } from '../../harness/check.ts';

export interface PageMeta {
  hasMore: boolean;
  nextCursor: string;
}


/**
 * Fetches the first page (cursor undefined), then each next one, handing each page to
 * `onPage` as it comes and keeping none. Fails the check when a page says hasMore but
 * has an empty nextCursor, or when the walk goes past `maxPages`. Returns the page count.
 */
export async function followCursors<P extends PageMeta>(
  t: Check,
  what: string,
  maxPages: number,
  fetchPage: (cursor: string | undefined, index: number) => Promise<P>,
  onPage: (page: P, index: number) => void,
): Promise<number> {
  let page = await fetchPage(undefined, 0);
  onPage(page, 0);
  let count = 1;
  while (page.hasMore) {
    t.assert(page.nextCursor !== '', `${what}: page ${count} says hasMore true but its nextCursor is empty, so the listing cannot be continued (section 2.8)`);
    t.assert(count < maxPages, `${what}: after ${count} pages every item is listed, yet hasMore is still true: following nextCursor does not end`);
    page = await fetchPage(page.nextCursor, count);
    onPage(page, count);
    count += 1;
  }
  return count;
}

/**
 * Section 2.8 on one page of a walk, given how many items the walk has not listed yet:
 * `hasMore` says whether any remain, and `nextCursor` is empty when none does (a page
 * that says more with an empty cursor is `followCursors`' to report). [] when both hold.
 * `moreMayHaveCome`: items may have been added since they were counted (existing data
 * that moved), so hasMore may be true with none known to remain.
 */
export function pageMetaProblems(page: PageMeta, remaining: number, items: string, moreMayHaveCome = false): string[] {
  const problems: string[] = [];
  if (page.hasMore !== remaining > 0 && !(moreMayHaveCome && page.hasMore))
    problems.push(`${remaining} ${items} are not listed yet, so hasMore must be ${remaining > 0}; got ${page.hasMore}`);
  if (!page.hasMore && page.nextCursor !== '') problems.push(`hasMore is false, so nextCursor must be empty (section 2.8: "empty when there are no more pages"); got ${JSON.stringify(page.nextCursor)}`);
  return problems;
}
