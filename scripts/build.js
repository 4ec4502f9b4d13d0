// Builds the installable package (npm pack runs it): the TypeScript sources compiled to
// dist/, beside the data files they read at run time, in the same layout; and the lock
// file as npm-shrinkwrap.json, so an install gets the dependencies the suite was tested
// with (a seed replays the same requests only with the same fast-check).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url);
const dist = new URL('dist/', root);
/** What the compiled modules read beside themselves: tsc copies only the JSON files they import. */
const DATA_FILES = ['spec/api-specification.md', 'spec/control-plane.openapi.yaml', 'spec/sandbox.openapi.yaml'];

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', new URL('tsconfig.build.json', root).pathname], { stdio: 'inherit' });
for (const file of DATA_FILES) cpSync(new URL(file, root), new URL(file, dist));
cpSync(new URL('package-lock.json', root), new URL('npm-shrinkwrap.json', root));
