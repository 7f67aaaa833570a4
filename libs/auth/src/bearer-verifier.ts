import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { JwtStrategy } from './jwt.strategy';
import type { Principal } from './principal';

interface PassportAttempt {
  success(user: Principal): void;
  fail(): void;
  error(): void;
  pass(): void;
  authenticate(request: unknown, options: object): void;
}

/**
 * Verifies a request's bearer token outside the guards, with the same strategy: for requests refused before the guards
 * ran (a body that does not parse is answered before any guard), to tell an authenticated caller from anyone else.
 */
@Injectable()
export class BearerVerifier {
  constructor(private readonly strategy: JwtStrategy) {}

  verify(request: FastifyRequest): Promise<Principal | undefined> {
    return new Promise((resolve) => {
      // passport runs a strategy on a per-request copy whose callbacks report the outcome; so does this.
      const attempt = Object.create(this.strategy) as PassportAttempt;
      attempt.success = (user) => resolve(user);
      attempt.fail = attempt.error = attempt.pass = () => resolve(undefined);
      try {
        attempt.authenticate(request, {});
      } catch {
        resolve(undefined);
      }
    });
  }
}
