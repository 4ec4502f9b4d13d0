// The folders carry the architecture: spec/ (the specification as data) ← generators/
// ← suites/ ← runner/ ← lib/ (the library); the areas of suites/ share only
// suites/support/; reporters/ read results; the reference implementation is reached over
// HTTP, never imported by the checks. This reads every import of the sources and holds
// them to that.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['spec', 'generators', 'suites', 'harness', 'runner', 'reporters', 'results', 'cli', 'reference', 'lib'];

interface Edge {
  from: string;
  to: string;
  /** Erased at runtime: `import type`, or braces holding only `type` names. */
  typeOnly: boolean;
}

function sources(folder: string): string[] {
  return (readdirSync(path.join(root, folder), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'(\.[^']+)'|import\(\s*(?:\/\*[^*]*\*\/\s*)?'(\.[^']+)'\s*\)/gm;

function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const [, , typeKeyword, clause = '', specifier, dynamic] = match;
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1]?.split(',').map((name) => name.trim()).filter(Boolean);
    const typeOnly = typeKeyword !== undefined || (names !== undefined && names.length > 0 && names.every((name) => name.startsWith('type ')));
    return { from: file, to: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier ?? dynamic!)), typeOnly };
  });
}

const files = FOLDERS.flatMap(sources);
const edges = files.flatMap(edgesOf);
const folderOf = (file: string) => file.split('/')[0]!;
/** `suites/functions/limit.test.ts` → `functions`; the files right under suites/ are their own area. */
const areaOf = (file: string) => {
  const [, second, third] = file.split('/');
  return third === undefined ? second!.replace(/\.test\.ts$/, '') : second!;
};
const show = (list: Edge[]) => list.map((edge) => `${edge.from} → ${edge.to}`);

test('the imports were found: the graph is not empty', () => {
  expect(files.length).toBeGreaterThan(100);
  expect(edges.length).toBeGreaterThan(300);
  expect(edges.some((edge) => edge.from.startsWith('suites/') && edge.to.startsWith('generators/'))).toBe(true);
});

test('spec/ and generators/ never import the checks, the runner or the reference', () => {
  const allowed: Record<string, string[]> = { spec: ['spec', 'results'], generators: ['spec', 'generators'] };
  const wrong = edges.filter((edge) => folderOf(edge.from) in allowed && !allowed[folderOf(edge.from)]!.includes(folderOf(edge.to)));
  expect(show(wrong)).toEqual([]);
});

test('no area of suites/ imports another: they share suites/support/ only', () => {
  const wrong = edges.filter((edge) => {
    if (!edge.from.startsWith('suites/') || !edge.to.startsWith('suites/') || edge.to.startsWith('suites/support/')) return false;
    return areaOf(edge.from) !== areaOf(edge.to);
  });
  expect(show(wrong)).toEqual([]);
});

test('the checks reach the reference implementation over HTTP only, and know nothing of the runner or the reports', () => {
  const wrong = edges.filter(
    (edge) => ['suites', 'generators', 'harness', 'spec'].includes(folderOf(edge.from)) && ['reference', 'runner', 'cli', 'reporters'].includes(folderOf(edge.to)),
  );
  expect(show(wrong)).toEqual([]);
});

test('harness/ never imports suites/: the suites compose the harness with their knowledge of the API (suites/checks.entry.ts)', () => {
  const wrong = edges.filter((edge) => folderOf(edge.from) === 'harness' && folderOf(edge.to) === 'suites');
  expect(show(wrong)).toEqual([]);
});

test('reporters/ read results: they import results/ and the Redactor, nothing that runs checks', () => {
  const wrong = edges.filter((edge) => folderOf(edge.from) === 'reporters' && !['reporters', 'results'].includes(folderOf(edge.to)) && edge.to !== 'harness/redact.ts');
  expect(show(wrong)).toEqual([]);
});

test('runner/ does not import cli/: the command line drives the runner, not the other way', () => {
  expect(show(edges.filter((edge) => folderOf(edge.from) === 'runner' && folderOf(edge.to) === 'cli'))).toEqual([]);
});

test('lib/ is what a caller imports (docs/library.md): it composes every folder but cli/, and no folder imports it', () => {
  expect(show(edges.filter((edge) => folderOf(edge.from) === 'lib' && folderOf(edge.to) === 'cli'))).toEqual([]);
  expect(show(edges.filter((edge) => folderOf(edge.from) !== 'lib' && folderOf(edge.to) === 'lib'))).toEqual([]);
});

test('no cycle among the modules that import one another at runtime', () => {
  const runtime = new Map<string, string[]>();
  for (const edge of edges.filter((e) => !e.typeOnly)) runtime.set(edge.from, [...(runtime.get(edge.from) ?? []), edge.to]);
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, trail: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of runtime.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  expect(cycles).toEqual([]);
});
