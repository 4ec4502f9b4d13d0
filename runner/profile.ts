// `--profile NAME|FILE`: a built-in profile by name, or a user's file over the
// defaults; a bad file is a RunError naming the key.
import { readFile } from 'node:fs/promises';
import { defaultProfile, profileSchema, type Profile } from '../spec/profile.ts';
import { builtInProfiles, isProfileName } from '../spec/profiles.ts';
import { RunError } from './run-error.ts';

export async function loadProfile(nameOrFile: string | undefined): Promise<Profile> {
  if (!nameOrFile) return defaultProfile;
  if (isProfileName(nameOrFile)) return builtInProfiles[nameOrFile];
  const file = nameOrFile;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const names = Object.keys(builtInProfiles).join(', ');
    throw new RunError(`--profile ${file} is neither a built-in profile (${names}) nor a readable file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
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
