/** The group's own settings, read from the environment once at start-up (`MALO_IDENT_CONFIG`). */
export interface MaloIdentConfig {
  /** `MALO_IDENT_MAX_CANDIDATES` (1…100, default 10): at most this many candidates are answered. */
  maxCandidates: number;
  /**
   * `MALO_IDENT_OWN_GRID_AREAS`: comma-separated grid area numbers (`netzgebietNr`) served as "eigener Service".
   * Unset or empty: every grid area of this backend's data is its own.
   */
  ownGridAreas?: string[];
}

export const MALO_IDENT_CONFIG = Symbol('MALO_IDENT_CONFIG');

/** Reads the settings; a value out of range refuses to start (a typo must not silently answer 10). */
export function loadMaloIdentConfig(env: Record<string, string | undefined> = process.env): MaloIdentConfig {
  const rawMax = env['MALO_IDENT_MAX_CANDIDATES'];
  const maxCandidates = rawMax === undefined || rawMax === '' ? 10 : Number(rawMax);
  if (!Number.isInteger(maxCandidates) || maxCandidates < 1 || maxCandidates > 100) {
    throw new Error(`MALO_IDENT_MAX_CANDIDATES must be an integer from 1 to 100, is ${rawMax}`);
  }
  const areas = (env['MALO_IDENT_OWN_GRID_AREAS'] ?? '')
    .split(',')
    .map((area) => area.trim())
    .filter((area) => area.length > 0);
  return { maxCandidates, ...(areas.length > 0 ? { ownGridAreas: areas } : {}) };
}
