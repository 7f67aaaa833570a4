import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { carriesBody, ProblemError } from '@maco/platform';
import type { Principal } from './principal';
import { TokenAuthenticator } from './token-authenticator';

/**
 * Judges the bearer token of every request that carries a body before a byte of the body is read: an anonymous 16 MB
 * body was read and parsed before the guard looked at the token, and stalled the service for seconds. A refused
 * request is answered at once and its connection closed (the unread body is not drained). No route of this service
 * takes a body without a token, so this holds for every path, unknown ones included. The guard finds the principal.
 * A token that is correctly signed but refused all the same is the exception: its body is read (not parsed) and kept.
 */
@Injectable()
export class BodyGate implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly authenticator: TokenAuthenticator,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    // preParsing: after every onRequest hook (the rate limit counts there, and a client over it without a valid token
    // hears 429, as before), before the body is read.
    fastify.addHook('preParsing', async (request: FastifyRequest & { user?: Principal }, _reply, payload) => {
      if (!carriesBody(request)) return payload;
      const { principal, problem, signedFor } = await this.authenticator.authenticate(request);
      // A correctly signed token refused all the same (its lifetime, say) comes from the middleware: its write is read
      // and refused unparsed, so the quarantine keeps it. Anyone else is answered without reading a byte.
      if (problem && signedFor) request.refusedBeforeParsing = problem;
      else if (problem) throw closing(request.refusedBeforeParsing ?? problem);
      else request.user = principal;
      return payload;
    });
  }
}

function closing(problem: ProblemError): ProblemError {
  return new ProblemError(problem.code, problem.detail, problem.extensions, {
    ...problem.headers,
    connection: 'close',
  });
}
