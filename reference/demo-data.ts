// `serve --data demo` and `run --embedded-data demo`: a realistic data set the reference
// holds from its start, put through the same provider-state handlers as the control
// endpoint's (so it is checked as they are), for running the suite on existing data
// (CONTRACT 1.3) without a control URL. Deterministic: one seed, a PRNG of its own.
import type { Profile } from '../spec/profile.ts';
import { DEFAULT_WORKSPACE, OTHER_WORKSPACE } from './identities.ts';

/** How the target writes the sandbox fields whose representation the specification leaves to the profile (its variant's). */
export type Representation = Pick<Profile, 'networkLists' | 'routingBody'>;

/** The data sets `serve --data` knows. */
export const DATA_SETS = ['demo'] as const;
export type DataSetName = (typeof DATA_SETS)[number];

/** What a run needs to know of the demo data: the sandbox and the process it reads. */
export interface DemoTarget {
  sandboxName: string;
  processName: string;
  processPid: string;
}

export interface DemoData extends DemoTarget {
  /** Provider states in the order they are put, as the admin credential puts them. */
  states: Array<{ state: string; params: Record<string, unknown> }>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Mulberry32: a small deterministic PRNG, so the data set is the same on every start. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SERVICES = ['checkout', 'billing', 'search', 'auth', 'inventory', 'notify', 'reports', 'image-resize', 'pdf-render', 'webhooks', 'ledger', 'catalog'];
const ROLES = ['api', 'worker', 'cron', 'gateway', 'sync'];
const TEAMS = ['Payments', 'Growth', 'Platform-Core', 'DATA', 'mobile', 'Zürich-Ops', 'Équipe-Données'];
const ENVIRONMENTS = ['Prod-EU', 'prod-us', 'Staging', 'dev'];
const TRIGGER_TYPES = ['http', 'http-async', 'cron'] as const;
const LONG_DESCRIPTION =
  'handles the requests of the storefront and the partner integrations, retries failed deliveries with an exponential backoff, ' +
  'writes an audit record for every change of an order and exposes the health and readiness probes used by the load balancer';

/** `n` in letters, base 26 ("a", "b", ... "ba"): a suffix that keeps a name of letters alone unique. */
const lettersOf = (n: number): string => (n < 26 ? '' : lettersOf(Math.floor(n / 26))) + String.fromCharCode(97 + (n % 26));

function functionsOf(random: () => number, count: number, start: number, prefix: string): Array<Record<string, unknown>> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const items: Array<Record<string, unknown>> = [];
  let createdAt = start;
  for (let i = 0; i < count; i++) {
    // Groups of 2 to 4 functions deployed at one instant (one release): createdAt ties. Some
    // 7 hours apart on average: all fit in the 400 days before `now`, in the past.
    if (i % 3 === 0 || random() < 0.5) createdAt += Math.floor(1 + random() * 12) * HOUR_MS;
    const service = SERVICES[i % SERVICES.length]!;
    const role = ROLES[Math.floor(i / SERVICES.length) % ROLES.length]!;
    // Some named in letters alone, as a team names a service ("billinggateway"): the orders every collation agrees on.
    const name = i % 5 === 4 && prefix === '' ? `${service.replaceAll('-', '')}${role}${lettersOf(i)}` : `${prefix}${service}-${role}-${i}`;
    const triggers = Array.from({ length: Math.floor(random() * 3) }, (_, t) => {
      const type = pick(TRIGGER_TYPES);
      const configuration =
        type === 'cron' ? { schedule: `${t * 5} * * * *` } : type === 'http-async' ? { path: `/${service}/jobs`, callbackUrl: `https://hooks.example.com/${service}`, timeout: 300 } : { path: `/${service}`, authenticationType: 'private' };
      // Two triggers of one function sent with the same id: the server disambiguates them.
      return { ...(t === 0 || random() < 0.5 ? { id: `${service}-trigger` } : {}), type, ...(random() < 0.2 ? { enabled: false } : {}), configuration };
    });
    items.push({
      metadata: {
        name,
        ...(random() < 0.7 ? { displayName: `${service[0]!.toUpperCase()}${service.slice(1)} ${pick(ROLES)} #${i}` } : {}),
        labels: {
          Team: pick(TEAMS),
          env: pick(ENVIRONMENTS),
          ...(random() < 0.3 ? { 'Cost-Center': `CC-${100 + (i % 7)}` } : {}),
          // A few carry a long description: a search may be longer than the 200 characters of q.
          ...(i % 40 === 7 ? { description: `${service} ${ROLES[i % ROLES.length]}: ${LONG_DESCRIPTION}` } : {}),
        },
        createdAt: new Date(createdAt).toISOString(),
      },
      spec: {
        ...(random() < 0.3 ? { enabled: random() < 0.8 } : {}),
        ...(random() < 0.2 ? { public: true } : {}),
        region: pick(['eu-west-1', 'us-east-1']),
        runtime: {
          generation: random() < 0.5 ? 'mk2' : 'mk3',
          memory: pick([512, 1024, 2048, 4096]),
          minScale: 0,
          maxScale: pick([2, 5, 10]),
          envs: [{ name: 'LOG_LEVEL', value: pick(['info', 'debug']), secret: false }],
        },
        ...(triggers.length > 0 ? { triggers } : {}),
      },
    });
  }
  return items;
}

const SECRET_ENV = 'sk_demo_4f1c9b7e2a6d4c0e8b3f5a1d7c9e2b40';
const SECRET_ROUTE = 'rk_demo_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d';

function sandboxes(workspaceSuffix: string, withSecrets: boolean, as: Representation): Array<Record<string, unknown>> {
  const domains = ['*.example.com', 'api.stripe.com'];
  const base = (name: string, extra: Record<string, unknown> = {}) => ({
    metadata: { name, displayName: `Sandbox ${name}`, labels: { Owner: 'Data-Science', purpose: 'notebooks' } },
    spec: {
      enabled: true,
      region: 'eu-west-1',
      runtime: { image: 'sandbox/python:3.12', memory: 4096, envs: [{ name: 'TZ', value: 'UTC', secret: false }], ports: [{ target: 8888, name: 'jupyter', protocol: 'HTTP' }] },
      ...extra,
    },
    state: 'RUNNING',
  });
  if (!withSecrets) return [base(`scratch${workspaceSuffix}`)];
  return [
    // A lifecycle that deletes it: the sandbox a run reads shows expiresIn counting down to that deletion.
    base('demo-sandbox', {
      lifecycle: { expirationPolicies: [{ type: 'ttl-idle', value: '72h', action: 'delete' }] },
      runtime: {
        image: 'sandbox/node:20',
        memory: 2048,
        envs: [
          { name: 'NODE_ENV', value: 'production', secret: false },
          { name: 'STRIPE_KEY', value: SECRET_ENV, secret: true },
        ],
      },
      network: {
        allowedDomains: as.networkLists === 'string' ? JSON.stringify(domains) : domains,
        proxy: {
          routing: [
            {
              destinations: ['api.stripe.com'],
              headers: { Authorization: 'Bearer {{SECRET:stripe}}' },
              body: as.routingBody === 'string' ? '{"account":"{{SECRET:stripe}}"}' : { account: '{{SECRET:stripe}}' },
              secrets: { stripe: SECRET_ROUTE },
            },
          ],
        },
      },
    }),
    { ...base('etl-runner', { lifecycle: { expirationPolicies: [{ type: 'ttl-idle', value: '24h', action: 'delete' }], terminatedRetention: '48h' } }), state: 'STANDBY' },
    base('preview-build'),
  ];
}

const egressIps = (names: string[], octet: number) =>
  names.map((name, i) => ({ metadata: { name, displayName: `Egress ${name}`, gatewayName: 'gw-main', vpcName: 'vpc-prod' }, spec: { ipFamily: 'IPv4', publicIp: `203.0.113.${octet + i}` } }));

const customDomains = (domains: string[]) =>
  domains.map((name, i) => ({
    metadata: { name, displayName: name.toUpperCase(), labels: { Zone: i % 2 === 0 ? 'Public' : 'internal' } },
    spec: { cnameRecords: `${name}.cname.example.net`, txtRecords: { [`_verify-${i}`]: `token-${i}` }, region: 'eu-west-1', status: i === 0 ? 'verified' : 'pending', subjectAlternativeNames: [`www.${name}`] },
  }));

const RESOURCE_TYPES = ['sandbox', 'function', 'agent', 'job', 'volume'];
const BILLING = [
  { dimension: 'memory', unit: 0.5 },
  { dimension: 'invocations', unit: 20 },
  { dimension: 'active-time', unit: 1.5 },
];

/**
 * Usage over the 30 days before `now`, all in the past: 300 resources of five types in
 * both workspaces, each billed in one to three dimensions (some 600 combinations: a walk
 * of the finest grouping at the largest page has pages after the second, where a clamp
 * of the first page only shows), whole days without any event (empty buckets), and the
 * volumes' daily billing at midnight. All but the first 60 resources were used 9 days
 * ago or earlier, so the last day and week hold a page of combinations or less and the
 * suite reads the month (suites/metrics/existing.ts), where windows past 7 days and their
 * days' ends show.
 */
/** The resources used in the last week too. */
const RECENT_RESOURCES = 60;

function usageEvents(random: () => number, now: number): Array<Record<string, unknown>> {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const quietDays = new Set([3, 4, 11, 19, 26]);
  const events: Array<Record<string, unknown>> = [];
  for (let r = 0; r < 300; r++) {
    const resourceType = RESOURCE_TYPES[r % RESOURCE_TYPES.length]!;
    const workspace = r % 4 === 3 ? OTHER_WORKSPACE : DEFAULT_WORKSPACE;
    const billed = BILLING.slice(0, 1 + (r % 3));
    const resourceUuid = `00000000-0000-4000-8000-${String(100_000_000_000 + r).slice(1)}`;
    const firstDay = r < RECENT_RESOURCES ? 1 : 9;
    for (let e = 0; e < 9; e++) {
      let day = firstDay + Math.floor(random() * (31 - firstDay));
      while (quietDays.has(day)) day = firstDay + Math.floor(random() * (31 - firstDay));
      const time = dayStart - day * DAY_MS + Math.floor(random() * DAY_MS);
      const { dimension, unit } = billed[e % billed.length]!;
      const usage = Math.round(random() * 1000) / 10;
      events.push({
        time: new Date(time).toISOString(),
        workspace,
        resourceType,
        resourceName: `${resourceType}-${r}`,
        resourceUuid,
        billingDimension: dimension,
        usage,
        cost: Math.round(usage * unit * 100) / 10_000,
      });
    }
    // Storage is billed once a day, at midnight: events on the buckets' boundaries, where an end taken as inclusive shows.
    // Each costs more than a part's total may be off by (a hundredth of a cent an event, the unit of these amounts), so counting them twice shows.
    if (resourceType === 'volume' && r < RECENT_RESOURCES)
      for (let day = 1; day <= 30; day++)
        if (!quietDays.has(day)) events.push({ time: new Date(dayStart - day * DAY_MS).toISOString(), workspace, resourceType, resourceName: `${resourceType}-${r}`, resourceUuid, billingDimension: 'memory', usage: 24, cost: 0.24 });
  }
  return events;
}

/** The demo data set of a reference started at `now`, its sandbox fields written `as` the target writes them. */
export function demoData(now: number, as: Representation): DemoData {
  const random = prng(20261125);
  const start = now - 400 * DAY_MS;
  // Some names repeat in the other workspace: names are unique within a workspace only.
  const otherFunctions = functionsOf(random, 15, start, '');
  const demo: DemoTarget = { sandboxName: 'demo-sandbox', processName: 'web-server', processPid: '4242' };
  return {
    ...demo,
    states: [
      // Past two pages of 200: the clamp on every page of a walk and the legacy array of
      // every function show (the bench's scale data holds 10,000).
      { state: 'functions', params: { items: functionsOf(random, 450, start, '') } },
      { state: 'functions', params: { workspace: OTHER_WORKSPACE, items: otherFunctions.slice(0, 8).concat(functionsOf(random, 7, start, 'other-')) } },
      { state: 'sandboxes', params: { items: sandboxes('', true, as) } },
      { state: 'sandboxes', params: { workspace: OTHER_WORKSPACE, items: sandboxes('-other', false, as) } },
      { state: 'egressips', params: { items: egressIps(['egress-eu-1', 'egress-eu-2', 'egress-us-1'], 10) } },
      { state: 'egressips', params: { workspace: OTHER_WORKSPACE, items: egressIps(['egress-other-1', 'egress-other-2'], 50) } },
      { state: 'customdomains', params: { items: customDomains(['shop.example.com', 'api.example.com', 'docs.example.org']) } },
      { state: 'customdomains', params: { workspace: OTHER_WORKSPACE, items: customDomains(['other.example.net']) } },
      { state: 'usage', params: { events: usageEvents(random, now) } },
      {
        state: 'processes',
        params: {
          items: [
            { pid: demo.processPid, name: demo.processName, stdout: 'listening on :3000\nGET /health 200\n', stderr: 'warning: NODE_ENV is production\n' },
            { pid: '4343', name: 'queue-worker', stdout: 'worker started\njob 17 done\n', stderr: '' },
          ],
        },
      },
    ],
  };
}
