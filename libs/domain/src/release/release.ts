import type { ReleaseName } from '../domain-api';
import RELEASE_DATA from './data/releases.json';

export type { ReleaseName } from '../domain-api';

/** A release of the interface: the BDEW format version and the instant it takes effect. */
export interface Release {
  name: ReleaseName;
  formatVersion: string;
  validFrom: Date;
}

/** Every release, oldest first (from `data/releases.json`: a new release is a data change). */
export const RELEASES: readonly Release[] = Object.freeze(
  RELEASE_DATA.releases
    .map((release) => ({
      name: release.name as ReleaseName,
      formatVersion: release.formatVersion,
      validFrom: new Date(release.validFrom),
    }))
    .sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime()),
);

const BY_SPELLING = new Map<string, ReleaseName>(
  RELEASES.flatMap((release) => [
    [release.name, release.name],
    [release.formatVersion.toUpperCase(), release.name],
  ]),
);

/** The release a header names: `04/26` or `FV2604` (any case, surrounding blanks ignored); undefined if unknown. */
export function parseRelease(value: string): ReleaseName | undefined {
  return BY_SPELLING.get(value.trim().toUpperCase());
}

/**
 * The release in force at an instant, undefined before the first one. Releases start at midnight German legal
 * time (BDEW), so the boundaries are 22:00 or 23:00 UTC of the day before; comparing instants handles any offset
 * a `nachrichtendatum` carries.
 */
export function releaseInForceAt(instant: Date): ReleaseName | undefined {
  let inForce: ReleaseName | undefined;
  for (const release of RELEASES) if (instant.getTime() >= release.validFrom.getTime()) inForce = release.name;
  return inForce;
}
