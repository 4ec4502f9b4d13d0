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
