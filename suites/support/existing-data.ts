// CONTRACT 1.3, read once: a check on the data the target already holds derives what it
// expects from the target's own complete answers, and data that moves while it is read
// never fails a check. The data is read again after the check compared; when it changed,
// the check is made once more on the new data, and skipped, saying so, if it changed again.
import type { Check } from '../../harness/check.ts';
import { Skip } from '../../harness/violation.ts';

/** How many times a check is made on data that keeps changing before it gives up. */
const ATTEMPTS = 2;

/**
 * Runs `body` on the data `read` returns, then reads it again: a failure stands only
 * when the data did not change meanwhile (or could not be read twice in a row). `same`
 * compares two readings; `what` names the data in the skip reason.
 */
export async function onStableData<D>(
  t: Check,
  what: string,
  read: () => Promise<D>,
  same: (before: D, after: D) => boolean,
  body: (data: D) => Promise<void>,
): Promise<void> {
  // A reading can fail on moving data too (a cursor of a listing that changed under it): undefined until one succeeds.
  let data: D | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let failure: unknown;
    try {
      data ??= await read();
      await body(data);
    } catch (error) {
      if (error instanceof Skip) throw error;
      failure = error;
    }
    let after: D | undefined;
    try {
      after = await read();
    } catch (error) {
      if (error instanceof Skip) throw error;
      failure ??= error;
    }
    if (data !== undefined && after !== undefined && same(data, after)) {
      if (failure !== undefined) throw failure;
      return;
    }
    // Neither reading succeeded: nothing moved that anyone saw, the reading itself is broken.
    if (data === undefined && after === undefined) throw failure;
    data = after;
  }
  t.skip(
    `${what} changed while the check read it, ${ATTEMPTS} times in a row: data that moves shows nothing (run it again when the target is quieter, or with --control-url)`,
  );
}

/** Two readings compared as JSON, for data read in a stable order. */
export function sameJson(before: unknown, after: unknown): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}
