// The read model's rules as pure functions: per BO4E kind where its id, validity and locations are (kind-rules), how a
// booking's objects are described for the projection (describe), and the MaloIdent normalisation of names, addresses
// and meter numbers. process-store writes and reads them with SQL; bo-read and malo-ident read through them.
export {
  LOCATION_TYPES,
  locationKey,
  locationTypeOf,
  locationTypesOfId,
  lookupKey,
  MAX_ID_LENGTH,
  MESSAGE_LOCATION_LIMIT,
  type LocationType,
  type MessageFacts,
  type NamedLocation,
} from './locations';
export {
  IDENTIFYING_ROLES,
  projectionOptionsOf,
  type DescribeOptions,
  type KindRule,
  type ProjectionOptions,
  type RuleTable,
} from './rule-types';
export { BUSINESS_OBJECT_RULES, type BusinessObjectRules } from './kind-rules';
export {
  describeBusinessObjects,
  locationsOf,
  messageFactsOf,
  objectId,
  objectsOf,
  ownId,
  validityOf,
  type Entry,
  type ObjectDescriptor,
} from './describe';
export * from './malo-ident/normalise';
export * from './malo-ident/malo-ident-keys';
