import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { BearerVerifier } from './bearer-verifier';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { BodyGate } from './body-gate';
import { ServiceRoleGuard } from './service-role.guard';
import { TokenAuthenticator } from './token-authenticator';

/**
 * Bearer-token verification (the passport strategy) and the guards that use it. The service composition registers
 * {@link JwtAuthGuard} and {@link ServiceRoleGuard} globally, in their fixed place among the other guards; groups may
 * inject {@link BearerVerifier}. {@link BodyGate} judges the token of a request with a body before the body is read.
 */
@Global()
@Module({
  imports: [PassportModule],
  providers: [JwtStrategy, TokenAuthenticator, JwtAuthGuard, ServiceRoleGuard, BearerVerifier, BodyGate],
  exports: [JwtAuthGuard, ServiceRoleGuard, BearerVerifier, TokenAuthenticator],
})
export class AuthModule {}
