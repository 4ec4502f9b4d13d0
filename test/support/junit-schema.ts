// Validates a junit.xml against the JUnit schema that Jenkins' xUnit plugin
// checks reports against (test/fixtures/junit-10.xsd, the Surefire dialect
// GitHub's and GitLab's JUnit readers take too). libxml2 does the validating:
// compiled to WebAssembly by the devDependency xmllint-wasm (no native build, so
// it works on a fresh clone after `npm ci`), else Debian's xmllint.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const run = promisify(execFile);

export const JUNIT_XSD = fileURLToPath(new URL('../fixtures/junit-10.xsd', import.meta.url));

export const VALIDATOR_MISSING =
  'no XML Schema validator: run `npm ci` (installs the devDependency xmllint-wasm) or `apt-get install -y libxml2-utils` (xmllint)';

export interface SchemaVerdict {
  valid: boolean;
  /** libxml2's messages, one per violation. */
  errors: string[];
}

export type JunitValidator = (xml: string) => Promise<SchemaVerdict>;

/** The first validator this machine has, or undefined when it has none. */
export async function findJunitValidator(): Promise<JunitValidator | undefined> {
  const xsd = await readFile(JUNIT_XSD, 'utf8');
  try {
    const { validateXML } = await import('xmllint-wasm');
    return async (xml) => {
      const verdict = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [xsd] });
      return { valid: verdict.valid, errors: verdict.errors.map((error) => error.rawMessage) };
    };
  } catch {
    // Not installed: fall through to the system's xmllint.
  }
  try {
    await run('xmllint', ['--version']);
  } catch {
    return undefined;
  }
  return validateWithXmllint;
}

async function validateWithXmllint(xml: string): Promise<SchemaVerdict> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cp-junit-'));
  const file = path.join(dir, 'junit.xml');
  try {
    await writeFile(file, xml);
    await run('xmllint', ['--noout', '--schema', JUNIT_XSD, file]);
    return { valid: true, errors: [] };
  } catch (error) {
    // xmllint exits non-zero and names each violation on stderr.
    const stderr = String((error as { stderr?: unknown }).stderr ?? error);
    return { valid: false, errors: stderr.trim().split('\n') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Fails the test with libxml2's messages when the report does not validate. */
export async function expectValid(validate: JunitValidator, xml: string): Promise<void> {
  const verdict = await validate(xml);
  expect(verdict.errors).toEqual([]);
  expect(verdict.valid).toBe(true);
}
