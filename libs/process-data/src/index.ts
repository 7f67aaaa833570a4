export * from './process-data.module';
export * from './process-data.service';
export * from './persistence/process-record.entity';
export * from './persistence/process-revision.entity';
export * from './booking/canonical-body';
export * from './booking/merge-process-state';
export * from './openapi/openapi-document';
export * from './openapi/setup-openapi';
