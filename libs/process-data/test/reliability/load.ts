/** The reliability suites' tools live in @maco/testing (the many-instances suite of apps/lf uses them too). */
export {
  hasMarktlokationField,
  marktlokationenOf,
  randomInt,
  RELIABILITY_SEED,
  reverseKeys,
  runPool,
  seededRandom,
  seededUuid,
  withDokumentennummer,
  withMarktlokationField,
} from '@maco/testing';
