import { type ConfigVariable, defineGroupConfig } from '@maco/platform';

/** The group's own settings, read at start-up with platform's (`MALO_IDENT_CONFIG`). */
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

export const MALO_IDENT_CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'MALO_IDENT_MAX_CANDIDATES', meaning: 'NB: most candidates one `/identifyMarketlocation` answers' },
  {
    name: 'MALO_IDENT_OWN_GRID_AREAS',
    unset: '— (all)',
    meaning:
      'NB: comma-separated grid area numbers (`netzgebietNr`) served as "eigener Service" (`trefferNetzgebiet`, ' +
      '`trefferNetzgebiet3KJ`); unset: every grid area of the data',
  },
];

/** A value out of range refuses to start (a typo must not silently answer 10). */
export const maloIdentConfig = defineGroupConfig(
  MALO_IDENT_CONFIG,
  (read): MaloIdentConfig => {
    const maxCandidates = read.integer('MALO_IDENT_MAX_CANDIDATES', 10, { min: 1, max: 100 });
    const areas = read.list('MALO_IDENT_OWN_GRID_AREAS');
    return { maxCandidates, ...(areas.length > 0 ? { ownGridAreas: areas } : {}) };
  },
  MALO_IDENT_CONFIG_VARIABLES,
);
