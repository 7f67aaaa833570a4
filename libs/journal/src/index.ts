export * from './write-journal';
