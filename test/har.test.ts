// `run --har FILE` writes every exchange of the run, provider states included, as HAR 1.2
// that the HAR schema accepts (har-schema, the schemas of the HAR 1.2 format), with no
// credential; the HTML report offers each failure's exchange as a HAR download.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { runForResults, targetEnv } from './support/cli.ts';

/** The schemas of har-schema, each under its own $id, and the validator of a whole HAR file. */
async function harValidator() {
  const require = createRequire(import.meta.url);
  const folder = join(require.resolve('har-schema/package.json'), '..', 'lib');
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json'))) ajv.addSchema(JSON.parse(await readFile(join(folder, file), 'utf8')));
  return ajv.getSchema('har.json#')!;
}

let ref: ReferenceHandle;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cp-conformance-har-'));
});
afterAll(async () => {
  await ref?.close();
  await rm(dir, { recursive: true, force: true });
});

test('run --har writes every request of the run as HAR 1.2 the schema accepts, a page per rule, with no credential', async () => {
  const received: string[] = [];
  ref = await startReference({ onRequest: (request) => received.push(`${request.method} ${request.url}`) });
  const har = join(dir, 'run.har');
  const env = targetEnv(ref);
  const run = await runForResults(['--only', 'functions.sort', '--only', 'metrics.limit', '--only', 'auth', '--runs', '4', '--seed', '5', '--har', har], env);
  expect(run.code).toBe(0);
  const text = await readFile(har, 'utf8');
  const validate = await harValidator();
  const document = JSON.parse(text);
  expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  // Every request the target received, the run's preflight and the provider states included, each once.
  const entries = document.log.entries as Array<{ pageref: string; comment: string; request: { method: string; url: string } }>;
  const origin = new URL(ref.baseUrl).origin;
  // Compared decoded: the client may escape a character of the query (') that the recorded URL shows as it was given.
  const decoded = (line: string) => decodeURIComponent(line);
  expect(entries.map((entry) => decoded(`${entry.request.method} ${entry.request.url.slice(origin.length)}`)).sort()).toEqual(received.map(decoded).sort());
  for (const rule of run.results.rules) expect(document.log.pages.map((page: { id: string }) => page.id)).toContain(rule.id);
  // Provider states are there: the control endpoint's requests.
  expect(entries.some((entry) => entry.request.url.startsWith(ref.controlUrl))).toBe(true);
  expect(entries.some((entry) => /, case \d+/.test(entry.comment))).toBe(true);
  for (const token of Object.values(ref.credentials).filter((value): value is string => typeof value === 'string')) expect(text).not.toContain(token);
});

test("the HTML report offers a failure's exchange as a HAR download the schema accepts", async () => {
  // A fault its rule catches at every seed: a request without Authorization served.
  const faulty = await startReference({ fault: 'auth-missing-accepted' });
  try {
    const run = await runForResults(['--only', 'auth.missing-credentials'], targetEnv(faulty));
    expect(run.code).toBe(1);
    const html = await readFile(join(run.reportDir, 'report.html'), 'utf8');
    const link = /<a download="auth\.missing-credentials\.har" href="data:application\/json;charset=utf-8,([^"]+)">/.exec(html);
    expect(link).not.toBeNull();
    const decoded = link![1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    const validate = await harValidator();
    const document = JSON.parse(decodeURIComponent(decoded));
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.log.entries).toHaveLength(1);
  } finally {
    await faulty.close();
  }
});
