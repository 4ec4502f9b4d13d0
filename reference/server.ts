// The embedded reference implementation: every endpoint of the specification and
// the test-control endpoint, in memory, on a loopback port. It is the default target
// of `run` and the oracle of the self-tests, so it follows the specification to the
// letter; `fault` starts it with one deliberate defect from the catalogue, `variant`
// with one legal choice where the specification is silent.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiError, BadStateParams, sandboxError, type Area, type AreaEnv, type Reply, type Route, type Surface } from './area.ts';
import { functionsArea } from './areas/functions.ts';
import { metricsArea } from './areas/metrics.ts';
import { resourcesArea } from './areas/resources.ts';
import { sandboxAddressArea } from './areas/sandbox-address.ts';
import { Clock } from './clock.ts';
import { CursorCodec } from './cursors.ts';
import { findFault } from './faults/index.ts';
import { brokenAlone } from './faults/auth.ts';
import type { Faults } from './faults/registry.ts';
import { Selected } from './selected.ts';
import { findVariant } from './variants/index.ts';
import type { Variants } from './variants/registry.ts';
import { DEFAULT_WORKSPACE, Identities, OTHER_WORKSPACE, type Principal } from './identities.ts';
import { matchRoute } from './router.ts';
import { DATA_SETS, demoData, type DemoData, type DemoTarget } from './demo-data.ts';
import { builtInProfiles } from '../spec/profiles.ts';
import { isStateName, stateParamsError } from '../spec/test-control.ts';
import { REFERENCE_CONTROL_PATH, REFERENCE_CONTROL_STATUS as ANSWER } from '../spec/control-answers.ts';

export interface ReferenceOptions {
  port?: number;
  /** Name of one fault of the catalogue (reference/faults/). */
  fault?: string;
  /** Name of one legal variant of the catalogue (reference/variants/). */
  variant?: string;
  /** Several legal variants at once, each of another `choice` and of one profile (`npm run sweep` bundles them): each reshape in turn. */
  variants?: readonly string[];
  /** Sees every request as it arrived, body read (the bench replays them for its floor). */
  onRequest?: (request: ReceivedRequest) => void;
  /** A data set to hold from the start (reference/demo-data.ts), for runs on existing data. */
  data?: string;
}

export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ReferenceHandle {
  baseUrl: string;
  sandboxUrl: string;
  controlUrl: string;
  accountId: string;
  credentials: { admin: string; member: string; noScope: string; otherWorkspace: string };
  fault?: string;
  variant?: string;
  /** With demo data: the sandbox and the process a run on that data reads. */
  demo?: DemoTarget;
  /** With demo data: the provider states it was put in with (self-tests that move the data start from them). */
  demoStates?: DemoData['states'];
  close(): Promise<void>;
}

const CONTROL_PREFIX = '/v0';
const SANDBOX_PREFIX = '/sandbox';
const CONTROL_ENDPOINT = REFERENCE_CONTROL_PATH;
const MAX_REQUEST_BODY = 16 * 1024 * 1024;
/** The control endpoint takes whole fixture sets: 200,000 usage events (the bench's --scale) are about 45 MB. */
const MAX_CONTROL_BODY = 128 * 1024 * 1024;

function unknownVariant(name: string): never {
  throw new Error(`unknown variant "${name}"`);
}

export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceHandle> {
  const fault = options.fault === undefined ? undefined : findFault(options.fault);
  if (options.fault !== undefined && !fault) throw new Error(`unknown fault "${options.fault}"`);
  const faults: Faults = new Selected(fault);
  const named = [...(options.variant === undefined ? [] : [options.variant]), ...(options.variants ?? [])];
  const chosen = named.map((name) => findVariant(name) ?? unknownVariant(name));
  const clash = chosen.find((v, i) => chosen.slice(0, i).some((w) => (w.choice !== undefined && w.choice === v.choice) || (w.profile ?? 'spec') !== (v.profile ?? 'spec')));
  if (clash) throw new Error(`the variant "${clash.name}" makes a choice another of ${named.join(', ')} makes otherwise`);
  const variants: Variants = new Selected(chosen);
  const variant = variants.active;
  if (options.data !== undefined && !(DATA_SETS as readonly string[]).includes(options.data))
    throw new Error(`unknown data set "${options.data}"; the data sets are: ${DATA_SETS.join(', ')}`);
  /** A variant's reshape first: a fault's stands for a defect on top of whatever the target chose. */
  const reshape = (reply: Reply, route: Route): Reply => {
    const answered = variants.all.reduce((shaped, v) => (v.reshape ? v.reshape(shaped, route) : shaped), reply);
    return fault?.reshape ? fault.reshape(answered, route) : answered;
  };
  const clock = new Clock();
  // Choices of the variants of inputs whose answer is not stated: the scheme "bearer" in any case; other refusals' statuses.
  const anyCaseScheme = variants.has('undescribed-inputs-served');
  const refusesOtherwise = variants.has('undescribed-inputs-refused-otherwise');
  // No limit of a request's size is stated: 16 MB, or 128 MB (undescribed-inputs-served).
  const requestLimit = variants.has('undescribed-inputs-served') ? MAX_CONTROL_BODY : MAX_REQUEST_BODY;
  const identities = new Identities(variants.has('member-lists-functions-only') ? ['functions:list'] : undefined);
  const env: AreaEnv = {
    clock,
    // The variant cursor-issue-time-to-the-minute records when a cursor was issued to the minute.
    cursors: new CursorCodec(clock, variants.has('cursor-issue-time-to-the-minute') ? 60_000 : 1),
    faults,
    variants,
    // The variant service-values-otherwise: an account id of another form.
    accountId: variants.has('service-values-otherwise') ? randomUUID() : `acct-${randomBytes(4).toString('hex')}`,
    workspaces: [DEFAULT_WORKSPACE, OTHER_WORKSPACE],
  };
  const areas: Area[] = [functionsArea(env), metricsArea(env), resourcesArea(env), sandboxAddressArea(env)];
  const routes = areas.flatMap((a) => a.routes);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, { status: 500, body: { error: 'Internal', code: 500, message: String(error) } }));
  });
  server.keepAliveTimeout = 30_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://reference');
    const raw = await readBody(req, url.pathname === CONTROL_ENDPOINT ? MAX_CONTROL_BODY : requestLimit);
    if (raw === undefined) return send(res, apiError(413, 'PayloadTooLarge', 'request body too large'));
    // Stryker disable next-line all: the request log of the self-tests, not behaviour
    options.onRequest?.({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: raw });
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        // No answer is stated for a body that is not JSON: 400, or 422 (undescribed-inputs-refused-otherwise).
        return send(res, apiError(url.pathname === CONTROL_ENDPOINT ? ANSWER.notJson : refusesOtherwise ? 422 : 400, 'BadRequest', 'the body is not JSON'));
      }
    }
    const authorization = req.headers.authorization;
    // Stryker disable next-line all: test-control endpoint (docs/mutation.md)
    if (url.pathname === CONTROL_ENDPOINT && req.method === 'POST') return send(res, control(authorization, body));
    const surface: Surface | undefined = under(url.pathname, CONTROL_PREFIX) ? 'control' : under(url.pathname, SANDBOX_PREFIX) ? 'sandbox' : undefined;
    if (!surface) return send(res, apiError(404, 'NotFound', `no such path ${url.pathname}`));
    const prefix = surface === 'control' ? CONTROL_PREFIX : SANDBOX_PREFIX;
    const segments = url.pathname.slice(prefix.length).split('/').filter(Boolean);
    const match = matchRoute(routes, surface, req.method ?? 'GET', segments);
    const errorOf = surface === 'control' ? apiError : (status: number, error: string) => sandboxError(status, error);
    if (!match) return send(res, errorOf(404, 'NotFound', `no such path ${url.pathname}`));
    // No answer is stated for a method a path is not served with: 405, or 404 (undescribed-inputs-refused-otherwise).
    if (match === 'method-not-allowed') return send(res, refusesOtherwise ? errorOf(404, 'NotFound', `no such path ${url.pathname}`) : errorOf(405, 'MethodNotAllowed', `${req.method} is not allowed here`));
    const principal = authenticate(authorization, surface, match.route);
    // Refusals go through a fault's reshape too, so a fault can stand in for a missing check.
    if ('status' in principal) return send(res, reshape(principal, match.route));
    const reply = match.route.handle({ params: match.params, query: url.searchParams, headers: req.headers as Record<string, string | undefined>, body, principal });
    send(res, reshape(reply, match.route));
  }

  /** Section 5: a bearer token on every request; section 7: 401 without it, 403 without the scope. */
  function authenticate(authorization: string | undefined, surface: Surface, route: Route): Principal | Reply {
    const admin = identities.resolve(`Bearer ${identities.admin}`)!;
    const alone = (kind: Parameters<typeof brokenAlone>[1]) => brokenAlone(faults, kind, route.operationId);
    if (surface === 'sandbox') {
      if (!authorization && (faults.has('auth-sandbox-address-open') || alone('sandbox-address-open'))) return admin;
      if (authorization && (faults.has('auth-sandbox-address-any-token') || alone('sandbox-address-any-token'))) return admin;
      return identities.resolve(authorization, anyCaseScheme) ?? sandboxError(401, 'unauthorized: a valid bearer token is required');
    }
    if (!authorization) {
      if (faults.has('auth-missing-accepted') || alone('missing-accepted')) return admin;
      if (route.operationId === 'listFunctions' && faults.has('auth-missing-functions-forbidden')) return apiError(403, 'Forbidden', 'credentials are missing');
      const reply = apiError(401, 'Unauthorized', 'credentials are missing');
      if (faults.has('auth-missing-code-mismatch')) return { status: 401, body: { ...(reply.body as object), code: 400 } };
      if (faults.has('auth-missing-error-left-out')) return { status: 401, body: { ...(reply.body as object), error: undefined } };
      return reply;
    }
    if (authorization === `Token ${identities.admin}` && faults.has('auth-token-scheme-accepted')) return admin;
    const principal = identities.resolve(authorization, anyCaseScheme);
    if (!principal) {
      if (alone('invalid-accepted')) return admin;
      if (faults.has('auth-invalid-token-forbidden')) return apiError(403, 'Forbidden', 'credentials are not valid');
      const reply = apiError(401, 'Unauthorized', 'credentials are invalid');
      return faults.has('auth-invalid-token-code-mismatch') ? { status: 401, body: { ...(reply.body as object), code: 403 } } : reply;
    }
    if (principal.scopes.length === 0 && (faults.has('auth-no-scope-allowed') || alone('no-scope-served'))) return admin;
    if (principal.scopes.length === 0 && route.operationId === 'getSandbox' && faults.has('auth-no-scope-reads-sandboxes')) return admin;
    const refused = apiError(403, 'Forbidden', 'insufficient permissions for this operation');
    if (principal.scopes.includes('admin')) return alone('admin-refused') ? refused : principal;
    const granted = route.scopes === 'any' ? principal.scopes.length > 0 : route.scopes.some((s) => principal.scopes.includes(s));
    if (granted) return principal;
    return principal.scopes.length === 0 && faults.has('auth-no-scope-code-mismatch') ? { status: 403, body: { ...(refused.body as object), code: 401 } } : refused;
  }

  /**
   * CONTRACT section 2: provider states. Each status is of its row of the table the suite
   * reads too (spec/control-answers.ts); docs/test-control.md describes them.
   */
  // Stryker disable all: test-control endpoint (docs/mutation.md)
  function control(authorization: string | undefined, body: unknown): Reply {
    const principal = identities.resolve(authorization);
    // Refused as the API refuses (section 7): 401 without a valid credential, 403 with one that is not admin.
    if (!principal) return apiError(ANSWER.noCredential, 'Unauthorized', 'the control endpoint needs the admin credential');
    if (!principal.scopes.includes('admin')) return apiError(ANSWER.notAdmin, 'Forbidden', 'the control endpoint needs the admin credential');
    const { state, params = {} } = (body ?? {}) as { state?: unknown; params?: Record<string, unknown> };
    const inPlace: Reply = { status: ANSWER.inPlace, body: undefined };
    if (!isStateName(state)) return apiError(ANSWER.unknownState, 'UnknownState', `the state ${JSON.stringify(state)} is not supported`);
    // The params' shape is the schema's (spec/test-control/); the handlers check what it cannot say.
    const invalid = stateParamsError(state, params);
    if (invalid) return apiError(ANSWER.paramsRefused, 'BadState', invalid);
    if (state === 'reset') {
      for (const area of areas) area.reset();
      clock.reset();
      return inPlace;
    }
    if (state === 'clock') {
      clock.advance(params.advanceSeconds as number);
      return inPlace;
    }
    const handler = areas.find((a) => a.states[state])?.states[state];
    if (!handler) return apiError(ANSWER.unknownState, 'UnknownState', `the state ${JSON.stringify(state)} is not supported`);
    try {
      handler(params, principal);
    } catch (error) {
      if (error instanceof BadStateParams) return apiError(ANSWER.paramsRefused, 'BadState', error.message);
      throw error;
    }
    return inPlace;
  }
  // Stryker restore all

  // Stryker disable all: the demo data (docs/mutation.md), through the control endpoint's own handling so it is checked as any state is
  const demo = options.data === undefined ? undefined : demoData(clock.now(), builtInProfiles[variant?.profile ?? 'spec']);
  for (const { state, params } of demo?.states ?? []) {
    const reply = control(`Bearer ${identities.admin}`, { state, params });
    if (reply.status >= 300) throw new Error(`the demo data's state "${state}" was refused: ${JSON.stringify(reply.body)}`);
  }
  // Stryker restore all
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: origin + CONTROL_PREFIX,
    sandboxUrl: origin + SANDBOX_PREFIX,
    controlUrl: origin + CONTROL_ENDPOINT,
    accountId: env.accountId,
    credentials: {
      admin: identities.admin,
      member: identities.member,
      noScope: identities.noScope,
      otherWorkspace: identities.otherWorkspace,
    },
    ...(fault ? { fault: fault.name } : {}),
    ...(variant ? { variant: chosen.map((v) => v.name).join('+') } : {}),
    ...(demo ? { demo: { sandboxName: demo.sandboxName, processName: demo.processName, processPid: demo.processPid }, demoStates: demo.states } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.body === undefined && reply.text === undefined) {
    res.writeHead(reply.status).end();
    return;
  }
  const text = reply.text ?? JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
