// An npm registry on loopback that holds exactly the packages of the clone's lock file,
// served from npm's cache where the clone's `npm ci` put their tarballs. The self-tests
// that install the packed tarball (the README's commands, the action, the GitLab recipe,
// the package itself) point npm at it, so that an install never reaches the network: a
// registry that is slow or refuses the machine's certificates would otherwise hold each
// install to its test's timeout. What it lacks it answers 404 at once, and npm, told not
// to retry, fails within seconds saying which package.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../..', import.meta.url));

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  [field: string]: unknown;
}

/** The fields of a lock entry that npm reads from a version's manifest to resolve and place it. */
const MANIFEST_FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta', 'bin', 'engines', 'os', 'cpu', 'libc', 'license', 'deprecated'];

export interface LocalRegistry {
  url: string;
  /** The variables that point npm at it, and keep it from retrying or waiting on anything else. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Where npm's cache keeps the content of `integrity` (cacache's layout: content-v2/<algorithm>/<hex in 2, 2, rest>). */
function cachedPath(cache: string, integrity: string): string | undefined {
  const [algorithm, digest] = integrity.split(' ')[0]!.split(/-(.*)/s);
  if (!algorithm || !digest) return undefined;
  const hex = Buffer.from(digest, 'base64').toString('hex');
  return path.join(cache, '_cacache', 'content-v2', algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
  const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } }).trim();
  const lock = JSON.parse(readFileSync(path.join(repository, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  // Every version of every package the lock holds, by name (one name may be there at several versions, nested).
  const versions = new Map<string, Map<string, LockEntry>>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || entry.link || !entry.version || !entry.integrity) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!versions.has(name)) versions.set(name, new Map());
    versions.get(name)!.set(entry.version, entry);
  }
  const tarballPath = (name: string, version: string) => `/${name}/-/${name.split('/').pop()}-${version}.tgz`;

  let base = '';
  const server: Server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', 'http://registry').pathname);
    const tarball = /^\/(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(url);
    if (tarball) {
      const entry = versions.get(tarball[1]!)?.get(tarball[2]!);
      const file = entry && cachedPath(cache, entry.integrity!);
      try {
        const bytes = readFileSync(file ?? '');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length }).end(bytes);
      } catch {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `${url}: not in npm's cache (${cache}): run npm ci in the clone first` }));
      }
      return;
    }
    const name = url.slice(1);
    const known = versions.get(name);
    if (!known) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `${name} is not in the clone's package-lock.json` }));
      return;
    }
    const manifests = Object.fromEntries(
      [...known].map(([version, entry]) => [
        version,
        {
          name,
          version,
          ...Object.fromEntries(MANIFEST_FIELDS.filter((field) => entry[field] !== undefined).map((field) => [field, entry[field]])),
          dist: { tarball: `${base}${tarballPath(name, version)}`, integrity: entry.integrity },
        },
      ]),
    );
    const latest = [...known.keys()].at(-1)!;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, 'dist-tags': { latest }, versions: manifests }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/`,
    env: {
      npm_config_registry: `${base}/`,
      npm_config_fetch_retries: '0',
      npm_config_fetch_timeout: '10000',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
