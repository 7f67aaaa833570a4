export * from './bootstrap-service';
export * from './compose-service';
