import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { BodyGate } from './body-gate';
import { JwtStrategy } from './jwt.strategy';
import { JwtAuthGuard } from './jwt-auth.guard';
import { ServiceRoleGuard } from './service-role.guard';
import { TokenAuthenticator } from './token-authenticator';

/**
 * Bearer-token verification (the passport strategy) and the guards that use it. The service composition registers
 * {@link JwtAuthGuard} and {@link ServiceRoleGuard} globally, in their fixed place among the other guards; groups may
 * inject {@link TokenAuthenticator} (the same judgement, e.g. for a request refused before the guards ran). {@link BodyGate} judges the token of a request with a body before the body is read.
 */
@Global()
@Module({
  imports: [PassportModule],
  providers: [JwtStrategy, TokenAuthenticator, JwtAuthGuard, ServiceRoleGuard, BodyGate],
  exports: [JwtAuthGuard, ServiceRoleGuard, TokenAuthenticator],
})
export class AuthModule {}
