export * from './bootstrap-service';
export * from './compose-service';
export * from './route-listing';
