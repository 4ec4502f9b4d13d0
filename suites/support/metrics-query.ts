// The path and window of a metrics query (section 4.1: "Required query parameters:
// startTime, endTime"; the path under /accounts/{accountId} is the profile's), shared by
// the metrics area and the read-back of the usage state (held.ts).
import type { Window } from '../../generators/metrics-fixtures.ts';
import { rfc3339 } from '../../generators/calendar.ts';
import type { Check } from '../../harness/check.ts';

/** The profile's metrics path for the run's account, plus `suffix`. */
export function metricsPath(t: Check, suffix = ''): string {
  const accountId = t.config.accountId ?? t.skip('no --account-id given: the metrics checks need the account');
  return t.config.profile.metricsPath.replace('{accountId}', encodeURIComponent(accountId)) + suffix;
}

export const windowQuery = (w: Window) => ({ startTime: rfc3339(w.start), endTime: rfc3339(w.end) });
