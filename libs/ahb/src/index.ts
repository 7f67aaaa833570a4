export {
  catalogueEntry,
  FINDING_CODES,
  findingsFor,
  isBindingFinding,
  knownPi,
  rulesFor,
  type AhbFieldRule,
  type CatalogueEntry,
  type Finding,
  type FindingCode,
  type FindingsOptions,
  type KnownPi,
} from './findings/findings';
export * from './expression/ahb-expression';
