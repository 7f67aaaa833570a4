export * from './console.group';
export * from './console.module';
export * from './console.config';
export * from './console.problems';
