export * from './write-journal';
export * from './owner-lock';
