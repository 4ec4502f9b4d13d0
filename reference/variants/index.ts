// The catalogue of legal variants: each one choice the specification leaves open,
// made otherwise than the reference makes it by default. test/variants.test.ts runs
// the whole suite against each. Variants without `reshape` are read by the area code
// through `variants.has`.
import { createHash } from 'node:crypto';
import type { Reply, Route } from '../area.ts';
import { isObject } from '../json.ts';
import type { VariantDefinition } from './registry.ts';
import { extensibleObjects, mapStringsUnder, onSuccess, resourcesOf, timeseriesPointsWithoutUsage, withoutRoutingSecrets } from './reshape.ts';
import { absentFieldsAsNull, durationsAsIntervalText, durationsInIso8601, listsAsPostgresArrays, logsThroughPty, routingAsStored, textInNfc } from './answered-otherwise.ts';

const RESOURCE_READS = ['listFunctions', 'getSandbox', 'listEgressIps', 'listCustomDomains'] as const;
/** Every control-plane Error body without `field` (section 7 marks only `error` Required). */
const withoutErrorField = (field: string) => (reply: Reply, route: Route): Reply => {
  const body = reply.body as Record<string, unknown> | undefined;
  if (route.surface !== 'control' || reply.status < 400 || typeof body?.error !== 'string') return reply;
  const { [field]: _dropped, ...rest } = body;
  return { ...reply, body: rest };
};

const TIMESTAMP_KEYS = new Set(['createdAt', 'updatedAt', 'lastUsedAt', 'lastVerifiedAt', 'time', 'timestamp', 'startTime', 'endTime']);

/** `2026-01-02T03:04:05Z` as the same instant two hours east, with milliseconds: `2026-01-02T05:04:05.000+02:00`. */
function withOffset(text: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(ms) ? text : `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, 23)}+02:00`;
}

const EVENT_TIME_KEYS = new Set(['time']);

/** `2026-01-02T03:04:05Z` as the same instant in the ISO 8601 basic form two hours east: `20260102T050405+0200`. */
function basicForm(text: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(ms) ? text : `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, 19).replace(/[-:]/g, '')}+0200`;
}

const catalogue = [
  {
    name: 'error-body-without-code',
    decides: 'CONTRACT 3: "Error body `code`: may be absent" (section 7 marks only `error` Required)',
    description: 'every control-plane Error body leaves `code` out',
    reshape: withoutErrorField('code'),
  },
  {
    name: 'error-body-without-message',
    decides: 'section 7: the Error body\'s `message` is not marked Required (stated only for the metrics 403: "the message is Access denied")',
    description: 'every control-plane Error body leaves `message` out, but the 403 of the metrics endpoint',
    // The metrics 403 keeps it: its message is stated.
    reshape: (reply, route) => (route.operationId === 'getAccountMetrics' && reply.status === 403 ? reply : withoutErrorField('message')(reply, route)),
  },
  {
    name: 'error-words-reworded',
    decides: 'section 7: "Complete list of `error` values: not shown"; no `message` is stated but the metrics 403\'s ("the message is Access denied")',
    description: 'every Error body of both surfaces says its `error` (and `message`, but the metrics 403\'s) in other words than the reference\'s',
    reshape: (reply, route) => {
      const body = reply.body as Record<string, unknown> | undefined;
      if (reply.status < 400 || typeof body?.error !== 'string') return reply;
      const stated = route.operationId === 'getAccountMetrics' && reply.status === 403;
      return { ...reply, body: { ...body, error: `request failed (${reply.status})`, ...(typeof body.message === 'string' && !stated ? { message: 'see the documentation' } : {}) } };
    },
  },
  {
    name: 'refuses-unknown-versions',
    choice: 'versions',
    decides: 'section 9: "Other version dates ... not shown" (CONTRACT 3: "any date may be refused as an unknown version with a 4xx Error body")',
    description: 'GET /functions answers 400 to any version date but 2026-04-28, so it has no older version the suite can find',
    skips: ['functions.version.legacy-before-2026-04-28'],
  },
  {
    name: 'name-sort-locale-collation',
    choice: 'name collation',
    decides: 'section 4.1: the sort enum `name:asc`, `name:desc` names the order, not the collation',
    description: 'the name sorts follow a locale collation that ignores hyphens at first (a database in a glibc locale): "ab-c" between "abb" and "abd"',
  },
  {
    name: 'search-full-case-folding',
    choice: 'search folding',
    decides: 'section 4.1: `q` is "Trimmed and lowercased by the server"; how the fields are compared with it, and how letters whose foldings differ fold, are not stated',
    description: 'q and the fields it searches are compared under full case folding (ICU, Python\'s casefold, a case-insensitive collation): "ß" as "ss", final sigma as sigma; q\'s length is counted before folding',
  },
  {
    name: 'search-accent-folding',
    choice: 'search folding',
    decides: 'section 4.1: `q` is "Trimmed and lowercased by the server"; how the fields are compared with it is not stated',
    description: 'q and the fields it searches are lowercased and stripped of accents, as a search engine\'s asciifolding filter does: "e" finds "é", "cafe" finds "Café"',
  },
  {
    name: 'name-sort-natural',
    choice: 'name collation',
    decides: 'section 4.1: the sort enum `name:asc`, `name:desc` names the order, not the collation',
    description: 'the name sorts follow a natural-sort comparison (runs of digits as numbers, the text between them as strings): "a2" before "a-1", "svc-9" before "svc-10"',
  },
  {
    name: 'name-sort-numeric-collation',
    choice: 'name collation',
    decides: 'section 4.1: the sort enum `name:asc`, `name:desc` names the order, not the collation',
    description: 'the name sorts compare the digits in names as numbers (ICU numeric collation): "fn-9" before "fn-10"',
  },
  {
    name: 'filesystem-as-its-user',
    decides: 'section 4.2: "Creates or updates a file or directory." does not say whether missing parent directories are made, nor as whom the sandbox writes',
    description:
      'PUT /filesystem/{path} makes no missing parent directory (but the top-level ones, /tmp among them) and writes as the files\' owner: a directory whose mode denies its owner writing takes no write into it, a file whose mode denies its owner writing is not written over (400)',
  },
  {
    name: 'auto-resolution-inclusive',
    choice: 'length of a window',
    decides: 'section 4.1: "`resolution`: when omitted, chosen from the window length" (CONTRACT 3 gives "under 7 days hourly" as the default; a window of exactly 7 days is within the 7 days hourly may serve)',
    description: 'an omitted resolution is the finest whose maximum window is at least the window\'s length: exactly 7 days is hourly',
  },
  {
    name: 'resolution-cap-in-whole-hours',
    choice: 'length of a window',
    decides: 'section 4.1: "An explicit value has a maximum window; a window beyond the cap returns 400", with the maximum windows "not shown" (section 8) nor how a window is measured',
    description: 'an explicit resolution measures the window in whole hours, rounded down: a window one second past the maximum is served',
  },
  {
    name: 'window-bounds-utc-only',
    decides: 'section 4.1: "Exact type and format of startTime and endTime ... not shown"',
    description: 'startTime and endTime are accepted in UTC with `Z` and whole seconds only: the same instant written with a numeric offset, or with a fraction of a second, is refused with a 400',
  },
  {
    name: 'undescribed-inputs-served',
    choice: 'answers to undescribed inputs',
    decides:
      'the specification states no answer to an `anchor` other than `end`, to `anchor=end` with a cursor, to a `groupBy` naming a dimension twice, to a metrics `limit` under 1 (section 8 gives that limit no minimum), to a window that ends before it starts, to a `Service-Version` that is not a date, to a file path with `.` or `..` segments, to a file write whose parent is a file, to stopping the monitor of no process, to the scheme of "Authorization: Bearer <token>" in another case, nor to a request body of some size',
    description:
      'each is served: another anchor is ignored, anchor=end ignores the cursor, a dimension named twice counts once, a metrics limit under 1 is 1, a window that ends before it starts holds nothing, a version that is not a date is the latest, `.` and `..` are resolved, a file in the way of a parent is replaced by the directory, there is no monitor to stop, `bearer` is Bearer, a body of up to 128 MB is read (the reference: 16 MB)',
  },
  {
    name: 'empty-window-no-entry',
    decides: 'section 4.1: "Several dimensions return one entry per unique combination." says nothing of an answer without groupBy over a window with no matching event',
    description: 'without groupBy, a window (or filter) that matches no event answers `data: []` (the reference answers one entry of cost 0)',
  },
  {
    name: 'service-values-otherwise',
    decides:
      'the values the service fills are not stated: the read-only `plan`, `createdBy`, `updatedBy` (section 2.1), an event\'s `message` and `revision` (section 6), an async trigger\'s generated `callbackSecret` (section 2.2), how a secret is masked (section 2.3), the precision of `expiresIn` ("seconds until automatic deletion"), the account id\'s form, the `message` of a file write (section 4.2: "200: `message`, `path`")',
    description:
      'plan `enterprise`, createdBy and updatedBy `svc:control-plane`, the events replaced by one of its own (type `rollout`, message and revision words of its own), every deployment status `DEPLOYED` and every sandbox `RUNNING` whatever the state gave, the createdAt of sandboxes, egress IPs and custom domains the time it stored them (the state\'s kept for functions only: CONTRACT 2), callbackSecrets `whsec_` and 40 hex digits, masked secrets `[hidden]` (a secret env entry without a value too), expiresIn rounded up to whole minutes, an account id that is a UUID, and `ok` as the message of every file or directory written',
    reshape: (reply, route) =>
      onSuccess(RESOURCE_READS, (body) => {
        for (const resource of resourcesOf(body)) {
          const metadata = resource.metadata;
          if (isObject(metadata)) Object.assign(metadata, { plan: 'enterprise', createdBy: 'svc:control-plane', updatedBy: 'svc:control-plane' });
          if (isObject(metadata) && route.operationId !== 'listFunctions' && typeof metadata.updatedAt === 'string') metadata.createdAt = metadata.updatedAt;
          if (typeof resource.status === 'string') resource.status = 'DEPLOYED';
          if (typeof resource.state === 'string') resource.state = 'RUNNING';
          const events = Array.isArray(resource.events) ? resource.events.filter(isObject) : [];
          if (events.length) resource.events = [{ type: 'rollout', status: resource.status ?? 'DEPLOYED', message: 'rolled out', revision: 'r-7f3a', time: events[0]?.time }];
          for (const trigger of Array.isArray(resource.spec?.triggers) ? resource.spec.triggers : []) {
            const configuration = trigger?.configuration;
            if (isObject(configuration) && typeof configuration.callbackSecret === 'string')
              configuration.callbackSecret = `whsec_${createHash('sha1').update(configuration.callbackSecret).digest('hex')}`;
          }
        }
        return body;
      })(reply, route),
  },
  {
    name: 'metrics-orders-otherwise',
    decides: 'sections 2.7 and 4.1 state no order of the metrics entries nor of the resource types enum\'s values',
    description: 'the metrics entries come in the descending order of their group keys, paged along it, and the resource types enum lists its values in reverse code-unit order (the reference: ascending both)',
  },
  {
    name: 'timeseries-points-without-usage',
    decides: 'section 2.7: "bucket usage follows the same rule" (as summary.usage, "only when billing_dimension is grouped": a condition for it, not a promise of it); CONTRACT 3 shows a point as `{"timestamp","cost","usage"?}`',
    description: 'no timeseries point carries `usage`, the entries\' summaries do (grouped by billing_dimension): every MUST rule passes; metrics.timeseries.bucket-usage (SHOULD) warns',
    warns: ['metrics.timeseries.bucket-usage'],
    reshape: timeseriesPointsWithoutUsage,
  },
  {
    name: 'json-media-types-otherwise',
    decides: 'the specification names no media type of its answers',
    description: 'answers are `application/json; charset=utf-8`, and Error bodies `application/problem+json` (the reference: `application/json`)',
    reshape: (reply) => ({ ...reply, contentType: reply.status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8' }),
  },
  {
    name: 'member-lists-functions-only',
    decides: 'section 5: "The default requirement of the control plane is `admin` or an API key." and "Scope required by each endpoint other than listing functions: not shown"',
    description: 'the member credential holds functions:list alone: GET /sandboxes/{sandboxName} refuses it with 403 (the reference\'s member also holds sandboxes:get, sandboxes:list and customdomains:list)',
  },
  {
    name: 'undescribed-inputs-refused-otherwise',
    choice: 'answers to undescribed inputs',
    decides:
      'the specification states no answer to a file write that meets a file or directory in its way, to a metrics account other than the caller\'s, to a method a path is not served with, nor to a request body that is not JSON',
    description: 'each is refused with another status than the reference\'s: 422 (not 400) for the write and the body, within the profile\'s filesystem statuses; 403 (not 404); 404 (not 405)',
  },
  {
    name: 'unversioned-legacy',
    choice: 'versions',
    decides: 'section 9: "what the default is when the header is omitted: not shown"',
    description: 'without the version header GET /functions answers the legacy bare array (the reference answers a page by default)',
  },
  {
    name: 'blaxel-service',
    decides: 'the profile `blaxel`: the public service documents Blaxel-Version, arrays for network lists, an object routing body, write-only routing secrets and a monitor stop answer with fields',
    description:
      'the reference as the public service documents itself: the Blaxel-Version header (2026-04-16 legacy and the default, 2026-04-28 paged, 400 invalid_api_version otherwise); routing secrets never returned; DELETE .../monitor answers {path, message}',
    profile: 'blaxel',
    reshape: (reply, route) => {
      if (route.operationId === 'getSandbox') return onSuccess(['getSandbox'], withoutRoutingSecrets)(reply, route);
      return onSuccess(['stopPortMonitoring'], () => ({ path: '', message: 'Port monitoring stopped' }))(reply, route);
    },
  },
  {
    name: 'no-meta-total',
    decides: 'section 2.8 `total` is not marked Required (CONTRACT 3: "the metrics `meta.total` may be absent")',
    description: 'the paged listing and the metrics pages carry `meta` without `total`',
    skips: ['functions.pagination.total-not-narrowed'],
    reshape: onSuccess(['listFunctions', 'getAccountMetrics'], (body) => (body?.meta && delete body.meta.total, body)),
  },
  {
    name: 'sparse-read-only-metadata',
    choice: 'absent fields',
    decides:
      'section 2.1: `plan`, `url`, `createdBy`, `updatedBy`, `createdAt`, `updatedAt` are read-only and not marked Required; sections 3 and 6: nor are `status`, `events` and an event\'s fields; section 2.3: `expiresIn` is "present only when lifecycle is configured", which a lifecycle does not make it',
    description:
      'functions, sandboxes, egress IPs and custom domains come back without metadata.plan, url, createdBy, updatedBy and updatedAt, and without createdAt but where the functions state gave it (CONTRACT 2: "kept as given"); without a deployment status; no events in three forms (functions without `events`, sandboxes with `events: []`, egress IPs with event records without fields); sandboxes without expiresIn: every MUST rule passes; resources.sandbox.expires-in-with-lifecycle (SHOULD) warns',
    warns: ['resources.sandbox.expires-in-with-lifecycle'],
    reshape: (reply, route) => {
      const fields = ['plan', 'url', 'createdBy', 'updatedBy', 'updatedAt', ...(route.operationId === 'listFunctions' ? [] : ['createdAt'])];
      return onSuccess(RESOURCE_READS, (body) => {
        for (const resource of resourcesOf(body)) {
          for (const field of fields) delete resource.metadata?.[field];
          delete resource.expiresIn;
          delete resource.status;
          if (route.operationId === 'listFunctions') delete resource.events;
          else if (Array.isArray(resource.events)) resource.events = route.operationId === 'getSandbox' ? [] : resource.events.map(() => ({}));
        }
        return body;
      })(reply, route);
    },
  },
  {
    name: 'subject-alternative-names-objects',
    decides: 'section 2.5: `spec.subjectAlternativeNames | array`, no item type given',
    description:
      'a custom domain set without subject alternative names comes back with names of the target\'s own that are not strings (an object and a number); names set come back as set',
    reshape: onSuccess(['listCustomDomains'], (domains) => {
      for (const domain of resourcesOf(domains)) {
        const spec = domain.spec ?? (domain.spec = {});
        if (!Array.isArray(spec.subjectAlternativeNames) || spec.subjectAlternativeNames.length === 0)
          spec.subjectAlternativeNames = [{ name: `www.${domain.metadata?.name}`, validation: 'pending' }, 443];
      }
      return domains;
    }),
  },
  {
    name: 'file-write-message-only',
    decides: 'section 2.6: the file write response\'s `message` and `path` are not marked Required',
    description: 'PUT /filesystem/{path} answers 200 with `{message}` alone',
    reshape: onSuccess(['writeFile'], (body) => ({ message: body.message })),
  },
  {
    name: 'process-logs-merged-only',
    decides: 'section 2.6: the process logs response\'s `logs`, `stderr`, `stdout` are not marked Required',
    description: 'GET /process/{identifier}/logs answers 200 with `{logs}` alone, both streams merged',
    reshape: onSuccess(['getProcessLogs'], (body) => ({ logs: body.logs })),
  },
  {
    name: 'search-length-before-trimming',
    decides: 'section 4.1 `q`: "Trimmed and lowercased by the server. Fewer than 2 characters means the unfiltered listing." does not say whether the length is counted before or after trimming',
    description: 'q is counted before trimming: `" a "` searches for `a` (the reference counts after trimming and lists every function)',
  },
  {
    name: 'clamps-limit-under-minimum',
    decides: 'CONTRACT 3: "`limit` under its minimum: refused with a 4xx Error body, or clamped to the minimum" (section 4.1: "minimum 1")',
    description: 'GET /functions serves an integer limit under 1 as limit=1',
  },
  {
    name: 'anchor-name-sort-ignored',
    decides: 'section 4.1 `anchor`: "Supported only for createdAt sorts (asc or desc)." does not say how a name sort with anchor=end is answered',
    description: 'anchor=end with a name sort is served as without the anchor: the first page of that order (the reference refuses it with 400)',
  },
  {
    name: 'anchor-end-page-boundaries',
    decides: 'CONTRACT 3: "the tail page of `anchor=end`: the last `limit` items, or the last page on the page boundaries of the walk from the first page" (section 4.1: "Returns the tail page directly")',
    description: 'anchor=end returns the last page of the walk from the first (7 functions, limit 3: the 7th alone)',
  },
  {
    name: 'refuses-special-permission-modes',
    decides: 'CONTRACT 3: "modes with setuid, setgid or sticky bits may be refused with a 4xx" (section 2.6: "octal mode notation")',
    description: 'PUT /filesystem refuses four-digit modes that do not start with 0 (4755, 1777) with 400',
  },
  {
    name: 'extra-unknown-fields',
    choice: 'metrics entry fields',
    decides: 'the specification lists fields, not that no other may appear (section 2.7: "Full field list ...: not shown")',
    description:
      'every JSON object of every answer (errors too), at any depth (meta, summary, each resource, its metadata, spec, triggers, ports, events, each metrics entry and timeseries point), carries a field of the vendor\'s own; free-form maps such as labels excepted',
    reshape: (reply, route) => {
      // "Monitor stop response: empty JSON object" does say no field appears there.
      if (route.operationId === 'stopPortMonitoring' || typeof reply.body !== 'object' || reply.body === null) return reply;
      const body = structuredClone(reply.body);
      for (const object of extensibleObjects(body)) object['x-vendor'] = { region: 'eu-1', traceId: 'c0ffee' };
      return { ...reply, body };
    },
  },
  {
    name: 'metrics-entry-fields-named-otherwise',
    choice: 'metrics entry fields',
    decides: 'section 2.7: "Full field list of the entry and of the top-level response: not shown" (the entry fields of workspace, resource_type and resource_name are named, those of resource_uuid and billing_dimension are not)',
    description: 'each metrics entry holds its resource_uuid in `resource_uuid` and its billing_dimension in `meter` (the reference: `resourceUuid`, `billingDimension`)',
    reshape: onSuccess(['getAccountMetrics'], (body) => {
      for (const entry of resourcesOf(body)) {
        for (const [from, to] of [['resourceUuid', 'resource_uuid'], ['billingDimension', 'meter']] as const) {
          if (!(from in entry)) continue;
          entry[to] = entry[from];
          delete entry[from];
        }
      }
      return body;
    }),
  },
  {
    name: 'cursor-rejection-statuses',
    decides: 'section 7: a rejected cursor, "The status code is not shown" (CONTRACT 3: "any 4xx with an Error body")',
    description: 'GET /functions and the metrics endpoint refuse an expired cursor with 410 and a cursor of another query with 422 (a malformed one with 400)',
  },
  {
    name: 'cursor-issue-time-to-the-minute',
    decides: 'section 8: "Pagination cursor lifetime | 24 hours", not to what precision it is measured',
    description: 'a cursor records when it was issued to the minute (truncated), so it expires up to a minute before 24 hours to the millisecond',
  },
  {
    name: 'lenient-enum-values',
    decides: 'section 4.1 lists the `sort` enum and the group-by enum, not how another value is answered',
    description: 'an unknown `sort` is served with the default order, and unknown `groupBy` dimensions are dropped',
    warns: ['functions.sort.unknown-rejected', 'metrics.group-by.unknown-rejected'],
  },
  {
    name: 'offset-timestamps',
    choice: 'timestamp form',
    decides: 'CONTRACT 3: "timestamps: any RFC 3339 form (fractions of a second, `Z` or an offset)"',
    description: 'every timestamp in an answer is written with milliseconds and a +02:00 offset, the same instant',
    reshape: (reply) => (typeof reply.body === 'object' && reply.body !== null ? { ...reply, body: mapStringsUnder(reply.body, TIMESTAMP_KEYS, withOffset) } : reply),
  },
  {
    name: 'basic-iso8601-event-times',
    choice: 'timestamp form',
    decides: 'section 6: an event\'s `time` is an "ISO 8601 timestamp", of no one form',
    description: 'every event time is written in the ISO 8601 basic form with a zone offset, the same instant (`20260102T050405+0200`)',
    reshape: (reply) => (typeof reply.body === 'object' && reply.body !== null ? { ...reply, body: mapStringsUnder(reply.body, EVENT_TIME_KEYS, basicForm) } : reply),
  },
  // Resources and sandbox address: what a fixture set, written back in another form the specification leaves open.
  {
    name: 'durations-in-iso8601',
    choice: 'duration notation',
    decides: 'section 2.3: `lifecycle.expirationPolicies[].value`, `lifecycle.terminatedRetention` and `runtime.ttl` are each a "Duration string", in no notation given',
    description: 'GET /sandboxes/{sandboxName} writes every duration in ISO 8601, as Java\'s Duration does (`24h` set, `PT24H` answered; `90m`, `PT1H30M`)',
    reshape: durationsInIso8601,
  },
  {
    name: 'durations-as-interval-text',
    choice: 'duration notation',
    decides: 'section 2.3: `lifecycle.expirationPolicies[].value`, `lifecycle.terminatedRetention` and `runtime.ttl` are each a "Duration string", in no notation given',
    description: 'GET /sandboxes/{sandboxName} writes every duration as a Postgres interval column prints it (`24h` set, `24:00:00` answered)',
    reshape: durationsAsIntervalText,
  },
  {
    name: 'network-lists-as-postgres-arrays',
    decides: 'section 2.3: network.allowedDomains is "Returned as a string holding a list" (forbiddenDomains and firewall.rulesets: "Same representation"), in no list notation given',
    description: 'those lists are answered as a Postgres text[] column prints them: `{api.example.com,*.cdn.io}`, `{}` (the reference: JSON text)',
    reshape: listsAsPostgresArrays,
  },
  {
    name: 'routing-as-stored-json',
    decides: 'section 2.3: a proxy route\'s `body` is a string and its `headers` a map, neither with a form given; HTTP header names are case-insensitive (RFC 9110)',
    description: 'each proxy route\'s body (JSON text) comes back as a jsonb column writes it (`{"key": "..."}`, keys reordered), and its header names in lowercase (`authorization`)',
    reshape: routingAsStored,
  },
  {
    name: 'process-logs-through-a-pty',
    decides: 'section 2.6: `logs`, `stderr`, `stdout` are strings; how the sandbox collects what a process writes is not stated',
    description: 'GET /process/{identifier}/logs answers each stream as a pseudo-terminal and a line collector give it: every line feed a CR LF, the last line ended',
    reshape: logsThroughPty,
  },
  {
    name: 'text-in-nfc',
    decides: 'section 2.1: labels are a "Map of string to string" (and env values, display names strings), without saying whether text is kept in its Unicode normal form',
    description: 'GET /sandboxes/{sandboxName}, /egressips and /customdomains answer every string in Unicode normalization form C (a decomposed "é" set comes back composed)',
    reshape: textInNfc,
  },
  {
    name: 'absent-fields-as-null',
    choice: 'absent fields',
    decides: 'CONTRACT 3: "A field is required only where the specification marks it Required (...) any other field may be absent": a serializer that writes every field it knows (Jackson, Go without omitempty, Pydantic\'s model_dump()) writes an absent one as null',
    description: 'every answer holds each field of its documented schema the reference leaves out, as null: resources (a sandbox without a lifecycle has `"expiresIn": null`), functions, metrics (`"usage": null` without billing_dimension) and the sandbox address',
    reshape: absentFieldsAsNull,
  },
  {
    name: 'expires-in-with-ttl',
    decides: 'section 2.3: `expiresIn` is "seconds until automatic deletion according to TTL and lifecycle policies; present only when lifecycle is configured", and a TTL (`runtime.ttl`, `runtime.expires`) is set outside `lifecycle`',
    description: 'a sandbox set with runtime.ttl or runtime.expires and no lifecycle is answered with expiresIn too: the seconds until the earlier of its TTL (from its last use) and its expiry time, 0 once past',
  },
  {
    name: 'sandbox-without-run-state',
    decides: 'section 2.3: the read-only current-state field (RUNNING or STANDBY) is not marked Required (CONTRACT 3)',
    description: 'GET /sandboxes/{sandboxName} answers no run-state field',
    skips: ['resources.sandbox.run-state'],
    reshape: onSuccess(['getSandbox'], (body) => (delete body.state, body)),
  },
  {
    name: 'egress-ip-family-from-address',
    decides: 'section 2.4: spec.ipFamily is a string ("Allowed values of ipFamily: not shown"), which a service may derive from the provisioned address',
    description: 'GET /egressips answers spec.ipFamily as the family of spec.publicIp (`IPv4` or `IPv6`), set or not',
    reshape: onSuccess(['listEgressIps'], (items) => {
      for (const item of resourcesOf(items)) if (isObject(item.spec) && typeof item.spec.publicIp === 'string') item.spec.ipFamily = item.spec.publicIp.includes(':') ? 'IPv6' : 'IPv4';
      return items;
    }),
  },
  {
    name: 'amounts-rounded-to-cents',
    choice: 'amounts',
    decides: 'section 2.7 gives costs "(USD)" and usages the units of their billing dimension (`gbs`, `count`, `hours`), not their precision nor how a sum is rounded (Postgres numeric(12,2), Stripe amounts in cents)',
    description:
      'every cost of a metrics answer (each point, each entry\'s summary.cost, summary.totalCost) is rounded to whole cents, and every usage (each point, summary.usage, summary.totalUsage) to whole units, each on its own from the exact sum',
    reshape: onSuccess(['getAccountMetrics'], (body) => {
      const cents = (x: unknown) => (typeof x === 'number' ? Math.round(x * 100) / 100 : x);
      const whole = (x: unknown) => (typeof x === 'number' ? Math.round(x) : x);
      const round = (amounts: unknown) => {
        if (!isObject(amounts)) return;
        for (const key of ['cost', 'totalCost'] as const) if (key in amounts) amounts[key] = cents(amounts[key]);
        for (const key of ['usage', 'totalUsage'] as const) if (key in amounts) amounts[key] = whole(amounts[key]);
      };
      round(body?.summary);
      for (const entry of resourcesOf(body)) {
        round(entry.summary);
        for (const point of Array.isArray(entry.timeseries) ? entry.timeseries : []) round(point);
      }
      return body;
    }),
  },
  {
    name: 'weeks-start-sunday',
    choice: 'where buckets start',
    decides: 'section 2.7: "one entry per resolution bucket over the whole window", not where a bucket starts (CONTRACT 3 names the resolutions, not the day a week starts on): BigQuery DATE_TRUNC(WEEK) and MySQL WEEK() mode 0 start weeks on Sunday',
    description: 'weekly buckets start on Sunday (00:00 UTC); a window that starts on another day has a first point named by the Sunday before it (the reference: ISO weeks, from Monday)',
  },
  {
    name: 'buckets-from-window-start',
    choice: 'where buckets start',
    decides: 'section 2.7: "one entry per resolution bucket over the whole window", not where a bucket starts: a Prometheus range query steps from its start, InfluxDB\'s GROUP BY time() takes an offset',
    description: 'hourly, daily and weekly buckets start at startTime, each an hour, a day or 7 days after the one before, whatever the time of day (months stay calendar months); the first point is named by startTime',
  },
  {
    name: 'auto-resolution-in-whole-days',
    choice: 'length of a window',
    decides: 'section 4.1: "`resolution`: when omitted, chosen from the window length" (CONTRACT 3: "under 7 days hourly, under 90 days daily, under 1 year weekly"), not how the length is measured nor how long "1 year" is',
    description: 'an omitted resolution counts the window in whole days, rounded up, and a year as 366 days: a window of 6 days and an hour is daily, one of exactly 365 days weekly',
  },
  {
    name: 'event-amounts-truncated',
    choice: 'amounts',
    decides: 'section 2.7 gives costs "(USD)" and usages the units of their billing dimension, not the precision a store keeps an event\'s amounts in nor how it cuts them to it',
    description: 'each usage event is kept with its cost truncated to whole cents and its usage to whole units (integer columns fed by integer division): every amount of an answer is an exact sum of those',
  },
] as const satisfies readonly VariantDefinition[];

/** The name of a variant of the catalogue: `variants.has('...')` with another does not compile. */
export type VariantName = (typeof catalogue)[number]['name'];

export const variants: readonly VariantDefinition[] = catalogue;

const byName = new Map(variants.map((v) => [v.name, v]));
if (byName.size !== variants.length) throw new Error('the variant catalogue has duplicate names');

export function findVariant(name: string): VariantDefinition | undefined {
  return byName.get(name);
}
