// `--profile NAME|FILE`: a built-in profile by name, or a user's file over the
// defaults; a bad file is a RunError naming the key.
import { readFile } from 'node:fs/promises';
import type { RunSettings } from '../results/model.ts';
import { defaultProfile, profileSchema, type Profile } from '../spec/profile.ts';
import { builtInProfiles, DEFAULT_PROFILE, isProfileName } from '../spec/profiles.ts';
import { assertMatches, parseJson } from './json-file.ts';
import { RunError } from './run-error.ts';

/** The profile of a run and where it came from, as results.json records it. */
export interface ChosenProfile {
  source: string;
  settings: Profile;
}

export async function loadProfile(nameOrFile: string | undefined): Promise<ChosenProfile> {
  if (!nameOrFile) return { source: DEFAULT_PROFILE, settings: defaultProfile };
  if (isProfileName(nameOrFile)) return { source: nameOrFile, settings: builtInProfiles[nameOrFile] };
  const file = nameOrFile;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const names = Object.keys(builtInProfiles).join(', ');
    throw new RunError(`--profile ${file} is neither a built-in profile (${names}) nor a readable file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return { source: file, settings: await profileSettings(parseJson(text, `the profile ${file}`), `the profile ${file}`) };
}

/** The profile an earlier run recorded in its results.json, checked as a file would be. */
export async function recordedProfile(recorded: RunSettings['profile'], what: string): Promise<ChosenProfile> {
  return { source: recorded.source, settings: await profileSettings(recorded.settings, what) };
}

async function profileSettings(value: unknown, what: string): Promise<Profile> {
  const overrides = await assertMatches<Partial<Profile>>(value, profileSchema, what, 'is not a profile key');
  return { ...defaultProfile, ...overrides };
}
