import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal';
import { TokenAuthenticator } from './token-authenticator';

/**
 * Verifies a request's bearer token outside the guards, by the same judgement: for requests refused before the guards
 * ran (a body that does not parse is answered before any guard), to tell an authenticated caller from anyone else.
 */
@Injectable()
export class BearerVerifier {
  constructor(private readonly authenticator: TokenAuthenticator) {}

  async verify(request: FastifyRequest): Promise<Principal | undefined> {
    const { principal } = await this.authenticator.authenticate(request);
    return principal;
  }
}
