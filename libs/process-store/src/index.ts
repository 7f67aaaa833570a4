// What more than one group shares of the database: the process records and revisions (process-data books, triggers
// book theirs), the read model's projection into `business_object` (every booking, the master-data import) and the
// versions-in-force read (bo-read, malo-ident). The rules themselves are @maco/read-model's pure functions. A
// repository one group alone uses lives in that group's lib.
export * from './process-record/record-facts';
export * from './process-record/body-hash.sql';
export { answerDeadlines } from './process-record/deadline-answer.sql';
export { plannedEachTime } from './process-record/statement';
export {
  createBatchJson,
  createBatcher,
  CREATE_BATCH_LIMITS,
  INSERT_RECORDS_WITH_REVISIONS,
  INSERT_RECORDS_WITH_REVISIONS_AND_ANSWERS,
  INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES,
  type CreateRow,
} from './process-record/create-records';
export { LOCKING_COUNTERPARTS } from './process-record/key-resolution';
export {
  REPEATED_UPDATE_CONSTRAINT,
  UPDATE_RECORD_WITH_REVISION,
  UPDATE_RECORD_WITH_REVISION_AND_ANSWERS,
  UPDATE_RECORD_WITH_REVISION_AND_DEADLINES,
} from './process-record/update-revision';
export * from './process-record/process-record.repository';
export * from './uuid-v7';
export * from './in-transaction';
export { projectionCtes, versionsInForce, type ProjectionSources } from './read-model/business-object.sql';
export * from './read-model/business-object-read.repository';
