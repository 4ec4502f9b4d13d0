// Builds the installable package (npm pack runs it): the TypeScript sources compiled to
// dist/ with their declarations (the library's types, docs/library.md), beside the data
// files they read at run time, in the same layout; and the lock
// file as npm-shrinkwrap.json, so an install gets the dependencies the suite was tested
// with (a seed replays the same requests only with the same fast-check). And the schemas
// of the provider states beside docs/test-control.md, which links them: the package
// ships docs/, not spec/ (test/test-control-doc.test.ts holds the copies to the sources).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url);
const dist = new URL('dist/', root);
/** What the compiled modules read beside themselves: tsc copies only the JSON files they import. */
const DATA_FILES = ['spec/api-specification.md', 'spec/control-plane.openapi.yaml', 'spec/sandbox.openapi.yaml'];

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', new URL('tsconfig.build.json', root).pathname], { stdio: 'inherit' });
for (const file of DATA_FILES) cpSync(new URL(file, root), new URL(file, dist));
const schemas = new URL('spec/test-control/', root);
const besideDocs = new URL('docs/test-control/', root);
mkdirSync(besideDocs, { recursive: true });
for (const file of readdirSync(schemas).filter((f) => f.endsWith('.schema.json'))) {
  const text = readFileSync(new URL(file, schemas), 'utf8');
  // Written only when it differs: a self-test may be reading the copy meanwhile.
  let copy;
  try {
    copy = readFileSync(new URL(file, besideDocs), 'utf8');
  } catch {
    copy = undefined;
  }
  if (copy !== text) writeFileSync(new URL(file, besideDocs), text);
}
cpSync(new URL('package-lock.json', root), new URL('npm-shrinkwrap.json', root));
