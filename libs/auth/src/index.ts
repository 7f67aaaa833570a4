export * from './auth.module';
export * from './bearer-verifier';
export * from './jwt-auth.guard';
export * from './jwt.strategy';
export * from './operator-readable.decorator';
export * from './principal';
export * from './service-role.guard';
export * from './verified-token-cache';
