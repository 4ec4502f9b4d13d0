import { existsSync, readFileSync } from 'node:fs';

/**
 * The version of the package this program belongs to, read at run time from its
 * package.json: two folders up from dist/runner/ once installed, one up from runner/ in a clone.
 */
export function packageVersion(): string {
  for (let dir = new URL('.', import.meta.url); dir.pathname !== '/'; dir = new URL('..', dir)) {
    const file = new URL('package.json', dir);
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (json.name === 'cp-conformance' && json.version) return json.version;
  }
  throw new Error('the package.json of cp-conformance was not found beside the program');
}
