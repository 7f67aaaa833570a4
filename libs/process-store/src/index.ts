export * from './process-record.repository';
export * from './uuid-v7';
export * from './process-read.repository';
