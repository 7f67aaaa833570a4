import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { BearerVerifier } from './bearer-verifier';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { ServiceRoleGuard } from './service-role.guard';

/**
 * Bearer-token verification (the passport strategy) and the guards that use it. The service composition registers
 * {@link JwtAuthGuard} and {@link ServiceRoleGuard} globally, in their fixed place among the other guards; groups may
 * inject {@link BearerVerifier}.
 */
@Global()
@Module({
  imports: [PassportModule],
  providers: [JwtStrategy, JwtAuthGuard, ServiceRoleGuard, BearerVerifier],
  exports: [JwtAuthGuard, ServiceRoleGuard, BearerVerifier],
})
export class AuthModule {}
