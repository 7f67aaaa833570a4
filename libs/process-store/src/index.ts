// What more than one group shares: the process records and revisions (process-data books, triggers book theirs), the
// read model's per-kind rules and its projection into `business_object` (every booking, the master-data import), the
// versions-in-force read (bo-read, malo-ident), the location and identification keys (projection, malo-ident's flags).
// A repository one group alone uses lives in that group's lib.
export * from './process-record.repository';
export * from './uuid-v7';
export * from './in-transaction';
export * from './read-model/business-object-rules';
export { projectionCtes, versionsInForce, type ProjectionSources } from './read-model/business-object.sql';
export * from './read-model/business-object-read.repository';
export * from './malo-ident/normalise';
export * from './malo-ident/malo-ident-keys';
