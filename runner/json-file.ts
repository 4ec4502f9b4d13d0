// The JSON files a run reads (a profile, an expectations file, an earlier
// results.json): a file that cannot be read, is not JSON or breaks its schema is a
// RunError of one line naming the file and the first problem.
import { readFile } from 'node:fs/promises';
import { RunError } from './run-error.ts';

/** `what` names the file in the message, e.g. `--expect conformance-expectations.json`. */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new RunError(`${what} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseJson(text, what);
}

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RunError(`${what} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Checks `value` against a JSON Schema and returns it typed. `unknownKey` ends the message
 * of a key the schema does not allow ("is not a profile key"), the likeliest typo.
 */
export async function assertMatches<T>(value: unknown, schema: object, what: string, unknownKey: string): Promise<T> {
  // ajv is loaded only when a file is read: most runs read none.
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const validate = new Ajv2020({ allErrors: false, strict: false }).compile(schema);
  if (validate(value)) return value as T;
  const e = validate.errors?.[0];
  const key = e?.keyword === 'additionalProperties' ? `${e.instancePath}/${String(e.params.additionalProperty)}` : e?.instancePath;
  const why = e?.keyword === 'additionalProperties' ? unknownKey : e?.message;
  throw new RunError(`${what} is invalid: ${key || '(top level)'} ${why ?? 'is invalid'}`);
}
