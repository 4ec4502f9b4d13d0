// The built-in profiles `--profile NAME` names: `spec`, the specification's letter
// and the defaults of CONTRACT section 3; `blaxel`, the documented behaviour of the
// public service the specification describes, where it departs from the letter (from
// its public OpenAPI documents: the control plane's `api-reference/controlplane.yml`
// and the sandbox API's `sandbox-api/docs/openapi.yml`).
import { defaultProfile, type Profile } from './profile.ts';

export const builtInProfiles = {
  spec: defaultProfile,
  blaxel: {
    ...defaultProfile,
    versionHeader: 'Blaxel-Version',
    legacyVersions: ['2026-04-16'],
    unversionedListing: 'legacy',
    customDomainStatuses: ['pending', 'verified', 'failed'],
    egressIpFamilies: ['IPv4', 'IPv6'],
    networkLists: 'array',
    routingBody: 'object',
    routingSecretsShown: false,
    monitorStopBody: 'object',
  },
} as const satisfies Record<string, Profile>;

export type ProfileName = keyof typeof builtInProfiles;

/** The profile of a run without `--profile`. */
export const DEFAULT_PROFILE: ProfileName = 'spec';

export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(builtInProfiles, name);
}
