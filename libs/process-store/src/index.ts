export * from './process-record.repository';
export * from './uuid-v7';
export * from './process-read.repository';
export * from './in-transaction';
export * from './trigger-process.repository';
export * from './read-model/business-object-rules';
export * from './read-model/business-object-read.repository';
export * from './read-model/business-object-import.repository';
