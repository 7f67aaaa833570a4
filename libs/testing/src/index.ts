export * from './process-data-contract';
export * from './samples';
export * from './stammdaten-mutations';
export * from './test-database';
export * from './test-service';
export * from './tokens';
export * from './seeded-random';
export * from './openapi-export';
