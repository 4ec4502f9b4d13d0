// The test-control endpoint as this project documents it (docs/test-control.md): each
// state's schema, the rules each state enables as the checks declare them, the
// reference implementation refusing params its schema refuses; and the project's
// documents point nowhere outside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { declaredChecks } from '../runner/run-suites.ts';
import { stateParamsError, stateParamsSchemas, type StateName } from '../spec/test-control.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const guide = readFileSync(path.join(root, 'docs/test-control.md'), 'utf8');
const states = Object.keys(stateParamsSchemas) as StateName[];

/** The section of one state: from its heading to the next. */
const sectionOf = (state: StateName) => (guide.split(/^### /m).find((section) => section.startsWith(`\`${state}\``)) ?? '').split(/^## /m)[0]!;

test('every state has its section, with a link to its schema file, which exists', () => {
  for (const state of states) {
    const link = `test-control/${state}.params.schema.json`;
    expect(sectionOf(state), state).toContain(`(${link})`);
    expect(existsSync(path.join(root, 'docs', link)), link).toBe(true);
  }
});

test("each state's section lists exactly the rules that declare it, (optional) where the rule also runs without the control URL", async () => {
  const checks = await declaredChecks();
  for (const state of states) {
    const expected = checks
      .filter((check) => check.states.includes(state))
      .map((check) => `${check.id}${check.needs.includes('control') ? '' : ' (optional)'}`)
      .sort();
    const rulesLine = sectionOf(state).split('- rules: ')[1]?.split('\n\n')[0] ?? '';
    const documented = [...rulesLine.matchAll(/`([a-z0-9.-]+)`( \(optional\))?/g)].map(([, id, optional]) => `${id}${optional ?? ''}`).sort();
    expect(documented, state).toEqual(expected);
  }
});

test('the schemas take what the suite sends and refuse what breaks them, with where', () => {
  expect(stateParamsError('processes', { items: [{ pid: '42', name: 'web', stdout: '', stderr: '' }] })).toBeUndefined();
  expect(stateParamsError('processes', { items: [{ pid: 'web', name: 'web', stdout: '', stderr: '' }] })).toBe('params/items/0/pid must match pattern "^[0-9]+$"');
  expect(stateParamsError('usage', { events: [{ time: 'yesterday' }] })).toMatch(/^params\/events\/0 must have required property/);
  expect(stateParamsError('clock', {})).toBe("params must have required property 'advanceSeconds'");
});

let reference: ReferenceHandle;
beforeAll(async () => (reference = await startReference()));
afterAll(() => reference.close());

test('the reference implementation refuses params its schema refuses with 422, and an unknown state with 404', async () => {
  const post = (body: object) =>
    fetch(reference.controlUrl, { method: 'POST', headers: { authorization: `Bearer ${reference.credentials.admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const refused = await post({ state: 'functions', params: { items: [{ metadata: { name: 'f' } }] } });
  expect(refused.status).toBe(422);
  expect(await refused.json()).toMatchObject({ message: "params/items/0 must have required property 'spec'" });
  expect((await post({ state: 'weather', params: {} })).status).toBe(404);
  expect((await post({ state: 'functions', params: { items: [] } })).status).toBe(204);
});

/** What a user of the project reads: the README, docs/, the OpenAPI documents and the rule catalogue. */
const documents = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), 'spec/control-plane.openapi.yaml', 'spec/sandbox.openapi.yaml', ...readdirSync(path.join(root, 'spec/rules')).map((f) => `spec/rules/${f}`)];

test("no document of the project points outside it: no link leaves the repository, and none names the team's shared files", () => {
  for (const document of documents) {
    const text = readFileSync(path.join(root, document), 'utf8');
    expect(text, document).not.toMatch(/\.\.\/shared|CONTRACT|STYLE-ANCHORS/);
    for (const [, target] of text.matchAll(/\]\((?!https?:|#)([^)#\s]+)/g)) {
      const resolved = path.resolve(path.dirname(path.join(root, document)), target!);
      expect(resolved.startsWith(root) && existsSync(resolved), `${document} links ${target}`).toBe(true);
    }
  }
});
