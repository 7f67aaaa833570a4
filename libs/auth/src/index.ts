export * from './auth.module';
export * from './jwt-auth.guard';
export * from './jwt.strategy';
export * from './principal';
export * from './service-role.guard';
export * from './verified-token-cache';
