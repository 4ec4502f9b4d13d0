// Loads a user's profile file over the defaults; a bad file is a RunError naming the key.
import { readFile } from 'node:fs/promises';
import { defaultProfile, profileSchema, type Profile } from '../spec/profile.ts';
import { RunError } from './run-error.ts';

export async function loadProfile(file: string | undefined): Promise<Profile> {
  if (!file) return defaultProfile;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new RunError(`cannot read the profile ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RunError(`the profile ${file} is not valid JSON: ${(error as Error).message}`);
  }
  // ajv is loaded only for a profile file: most runs use the defaults.
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const validate = new Ajv2020({ allErrors: false }).compile(profileSchema);
  if (!validate(parsed)) {
    const e = validate.errors?.[0];
    const key = e?.keyword === 'additionalProperties' ? `${e.instancePath}/${String(e.params.additionalProperty)}` : e?.instancePath;
    const why = e?.keyword === 'additionalProperties' ? 'is not a profile key' : e?.message;
    throw new RunError(`the profile ${file} is invalid: ${key || '(top level)'} ${why ?? 'is invalid'}`);
  }
  return { ...defaultProfile, ...(parsed as Partial<Profile>) };
}
