// The sandbox address (sections 2.6, 4.2): an in-memory filesystem, the processes
// the `processes` provider state gives, and their port monitoring.
import { ACCEPTED_PERMISSIONS, OCTAL_MODE_NOTATION } from '../../spec/accepted-values.ts';
import { sandboxError, type Area, type AreaEnv, type Route } from '../area.ts';

interface Process {
  pid: string;
  name: string;
  stdout: string;
  stderr: string;
}

type Entry = { kind: 'file'; content: string; mode?: string } | { kind: 'directory'; mode?: string };

const PID = /^\d+$/;

export function sandboxAddressArea(env: AreaEnv): Area {
  const files = new Map<string, Entry>();
  let processes: Process[] = [];

  /** Whether a mode in octal notation lets its owner do `what` (2 write, 1 enter, 3 both): the variant filesystem-as-its-user writes as the owner, not root. */
  const ownerMay = (entry: Entry | undefined, what: 1 | 2 | 3): boolean => {
    const owner = entry?.mode === undefined ? 7 : Number(entry.mode.slice(-3, -2));
    return (owner & what) === what;
  };

  /**
   * Creates the missing parent directories; why the write cannot go there, when it
   * cannot. The variant filesystem-as-its-user makes none (but the sandbox's top-level
   * directories, /tmp among them), and writes only into directories its owner may write.
   */
  function makeParents(segments: string[]): string | undefined {
    const asUser = env.variants.has('filesystem-as-its-user');
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i).join('/');
      const existing = files.get(parent);
      // No answer is stated for a parent that is a file: refused, or (undescribed-inputs-served) the file replaced by the directory.
      if (existing?.kind === 'file') {
        if (!env.variants.has('undescribed-inputs-served')) return `/${parent} is a file, not a directory`;
        files.set(parent, { kind: 'directory' });
      }
      if (!existing && asUser && i > 1) return `/${parent} does not exist`;
      if (!existing) files.set(parent, { kind: 'directory' });
      if (asUser && !ownerMay(existing, 3)) return `/${parent}: permission denied`;
    }
    return undefined;
  }

  /** Octal mode notation; the variant refuses-special-permission-modes takes only what every target must accept. */
  const acceptsMode = (mode: string): boolean =>
    (env.variants.has('refuses-special-permission-modes') ? ACCEPTED_PERMISSIONS : OCTAL_MODE_NOTATION).test(mode);

  const writeFile: Route = {
    method: 'PUT',
    surface: 'sandbox',
    path: '/filesystem/*path',
    operationId: 'writeFile',
    scopes: 'any',
    handle({ params, body }) {
      const request = (typeof body === 'object' && body !== null ? body : {}) as { content?: unknown; isDirectory?: unknown; permissions?: unknown };
      const { permissions } = request;
      const modeAccepted = env.faults.has('sandbox-address-bad-permissions-accepted') || (typeof permissions === 'string' && acceptsMode(permissions));
      if (permissions !== undefined && !modeAccepted) return sandboxError(400, `permissions must be in octal mode notation (e.g. 644), got ${JSON.stringify(permissions)}`);
      // Section 2.6 types the fields; a value of another type is refused, not guessed at.
      if (request.isDirectory !== undefined && typeof request.isDirectory !== 'boolean') return sandboxError(400, 'isDirectory must be a boolean');
      if (request.content !== undefined && typeof request.content !== 'string') return sandboxError(400, 'content must be a string');
      const given = (params.path ?? '').split('/').filter(Boolean);
      const segments = env.variants.has('undescribed-inputs-served') ? resolveDots(given) : given;
      if (segments.length === 0 || segments.some((s) => s === '.' || s === '..')) return sandboxError(400, 'the path must name a file or directory inside the sandbox');
      const path = segments.join('/');
      // No answer is stated for a write that meets a file or directory in its way: 400, or 422 (undescribed-inputs-refused-otherwise; both among the profile's filesystem statuses).
      const conflict = env.variants.has('undescribed-inputs-refused-otherwise') ? 422 : 400;
      const blocking = makeParents(segments);
      if (blocking) return sandboxError(conflict, blocking);
      const mode = typeof permissions === 'string' ? permissions : undefined;
      if (request.isDirectory === true && env.faults.has('sandbox-address-directory-write-refused')) return sandboxError(400, 'isDirectory is not supported');
      if (request.isDirectory === true) {
        if (files.get(path)?.kind === 'file') return sandboxError(conflict, `/${path} is a file`);
        files.set(path, { kind: 'directory', ...(mode ? { mode } : {}) });
        return { status: 200, body: { message: env.variants.has('service-values-otherwise') ? 'ok' : 'Directory created', path: `/${path}` } };
      }
      if (files.get(path)?.kind === 'directory') return sandboxError(conflict, `/${path} is a directory`);
      if (files.get(path)?.kind === 'file' && env.faults.has('sandbox-address-file-update-refused')) return sandboxError(409, `/${path} exists`);
      if (!files.has(path) && env.faults.has('sandbox-address-file-create-refused')) return sandboxError(404, `/${path} not found`);
      if (request.content !== undefined && env.faults.has('sandbox-address-content-refused')) return sandboxError(400, 'content is not supported');
      if (files.get(path)?.kind === 'file' && env.variants.has('filesystem-as-its-user') && !ownerMay(files.get(path), 2)) return sandboxError(400, `/${path}: permission denied`);
      files.set(path, { kind: 'file', content: request.content ?? '', ...(mode ? { mode } : {}) });
      return { status: 200, body: { message: env.variants.has('service-values-otherwise') ? 'ok' : 'File written', path: `/${path}` } };
    },
  };

  const processLogs: Route = {
    method: 'GET',
    surface: 'sandbox',
    path: '/process/:identifier/logs',
    operationId: 'getProcessLogs',
    scopes: 'any',
    handle({ params }) {
      const id = params.identifier ?? '';
      const byName = !env.faults.has('sandbox-address-logs-by-name-missing');
      const byPid = !env.faults.has('sandbox-address-logs-by-pid-missing');
      const process = (byPid ? processes.find((p) => p.pid === id) : undefined) ?? (byName ? processes.find((p) => p.name === id) : undefined);
      if (!process) return sandboxError(404, `no process with id or name ${JSON.stringify(id)}`);
      return { status: 200, body: { logs: process.stdout + process.stderr, stdout: process.stdout, stderr: process.stderr } };
    },
  };

  const stopMonitoring: Route = {
    method: 'DELETE',
    surface: 'sandbox',
    path: '/network/process/:pid/monitor',
    operationId: 'stopPortMonitoring',
    scopes: 'any',
    handle({ params }) {
      const pid = params.pid ?? '';
      if (!PID.test(pid)) return env.faults.has('sandbox-address-non-numeric-pid-accepted') ? { status: 200, body: {} } : sandboxError(400, `the pid must be a process id, got ${JSON.stringify(pid)}`);
      // No answer is stated for a pid of no process: 400, or nothing to stop (undescribed-inputs-served).
      if (!processes.some((p) => p.pid === pid) && !env.variants.has('undescribed-inputs-served')) return sandboxError(400, `no process with pid ${pid}`);
      // A process that opened no port (none of the state's did) has no monitor to stop.
      if (env.faults.has('sandbox-address-monitor-without-port-refused')) return sandboxError(404, `process ${pid} monitors no port`);
      return { status: 200, body: {} };
    },
  };

  return {
    routes: [writeFile, processLogs, stopMonitoring],
    // Stryker disable all: test-control endpoint (docs/mutation.md)
    states: {
      processes(params) {
        processes = (params.items as Process[]).map(({ pid, name, stdout, stderr }) => ({ pid, name, stdout, stderr }));
      },
    },
    // Stryker restore all
    reset() {
      files.clear();
      processes = [];
    },
  };
}

/** A path's `.` and `..` segments resolved, as a shell would, never above the root (undescribed-inputs-served). */
function resolveDots(segments: readonly string[]): string[] {
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.') resolved.push(segment);
  }
  return resolved;
}
