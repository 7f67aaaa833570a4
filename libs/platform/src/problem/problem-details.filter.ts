import { ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/service-config.tokens';
import { allowedMethods } from '../http/allowed-methods';
import type { ProblemDetails } from '../platform-api';
import { AnswerWithheld } from './answer-withheld';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';
import { ProblemError } from './problem.error';
import {
  PLATFORM_PROBLEMS,
  type PlatformProblemCode,
  PROBLEM_CATALOG,
  type ProblemCatalog,
  type ProblemDefinition,
} from './problem-catalog';
import { RefusalRecorders } from './refusal-recorders';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Renders every error as `application/problem+json` (RFC 9457) with the status, slug and title its code has in the
 * service's catalog (platform's codes and each group's); an unreachable database is a 503 with `Retry-After`, a path
 * known for other methods a 405 with `Allow`, other unknown errors a bare 500.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger(ProblemDetailsFilter.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Optional() @Inject(PROBLEM_CATALOG) private readonly catalog: ProblemCatalog = PLATFORM_PROBLEMS,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
    @Optional() private readonly refusals?: RefusalRecorders,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // Its connection is closed already: there is no one to answer.
    if (exception instanceof AnswerWithheld) return;
    this.answer(this.toProblemError(exception, request), exception, request, reply, true);
  }

  private answer(
    given: ProblemError,
    exception: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
    keep: boolean,
  ): void {
    let problem = given;
    let spec = this.catalog[problem.code];
    if (!spec) {
      this.logger.error(
        { requestId: request.id, code: problem.code },
        `problem code ${problem.code} is not registered by any interface group`,
      );
      problem = new ProblemError('SERVER.INTERNAL', 'The request could not be processed.');
      spec = PLATFORM_PROBLEMS['SERVER.INTERNAL'];
    }
    // A problem a recorder answers instead of a refusal it could not keep is logged by that recorder.
    if (spec.status >= 500 && keep) {
      this.logger.error({ requestId: request.id, err: exception }, `${request.method} ${request.url} failed`);
    }
    const body = problemDetails(problem, spec, {
      type: this.config.problemTypeBase + spec.slug,
      instance: request.url.split('?')[0],
      correlationId: request.id,
    });
    const send = () =>
      void reply.status(spec.status).headers(problem.headers).header('content-type', PROBLEM_CONTENT_TYPE).send(body);
    // A group that keeps its refusals stores this one before the caller hears of it; one it could not keep is answered
    // with the problem the group names instead.
    const recorder = keep ? this.refusals?.for(request) : undefined;
    if (!recorder) return send();
    void recorder.record(request, { status: spec.status, problem: body }).then((instead) => {
      if (instead instanceof AnswerWithheld) return;
      return instead ? this.answer(instead, instead, request, reply, false) : send();
    }, send);
  }

  private toProblemError(exception: unknown, request: FastifyRequest): ProblemError {
    if (exception instanceof ProblemError) return exception;
    const status = statusOf(exception);
    if (status === undefined && isDatabaseUnavailable(exception)) {
      return new ProblemError(
        'SERVER.UNAVAILABLE',
        'The database is temporarily unavailable. Retry the request later; a write that did go through is answered as a replay.',
        {},
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
    const code = status ? codeForStatus(status) : undefined;
    if (!code) return new ProblemError('SERVER.INTERNAL', 'The request could not be processed.');
    if (code === 'REQUEST.NOT_FOUND') {
      const allowed = this.methodsAllowedFor(request);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return new ProblemError(
          'REQUEST.METHOD_NOT_ALLOWED',
          `${request.method} is not allowed here; use ${allowed.join(', ')}.`,
          {},
          { allow: allowed.join(', ') },
        );
      }
    }
    return new ProblemError(code, publicDetail(code, exception));
  }

  private methodsAllowedFor(request: FastifyRequest): string[] {
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    return fastify ? allowedMethods(fastify, request.url.split('?')[0]) : [];
  }
}

/**
 * The problem-details body of a problem: its definition's title and status, the detail, the code, then the
 * request's members (`type`, `instance`, `correlationId`), the problem's extensions and its field errors last.
 */
export function problemDetails(
  problem: ProblemError,
  spec: ProblemDefinition,
  request: { type?: string; instance?: string; correlationId?: string } = {},
): ProblemDetails {
  const { errors, ...extensions } = problem.extensions;
  return {
    ...(request.type !== undefined ? { type: request.type } : {}),
    title: spec.title,
    status: spec.status,
    detail: problem.detail,
    ...(request.instance !== undefined ? { instance: request.instance } : {}),
    code: problem.code,
    ...(request.correlationId !== undefined ? { correlationId: request.correlationId } : {}),
    ...extensions,
    ...(errors ? { errors } : {}),
  };
}

function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  // Fastify's own errors (body parser, content type, limits) carry a statusCode.
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function codeForStatus(status: number): PlatformProblemCode | undefined {
  switch (status) {
    case 400:
      return 'REQUEST.MALFORMED_JSON';
    case 401:
      return 'AUTH.UNAUTHENTICATED';
    case 403:
      return 'AUTH.ROLE_NOT_PERMITTED';
    case 404:
      return 'REQUEST.NOT_FOUND';
    case 405:
      return 'REQUEST.METHOD_NOT_ALLOWED';
    case 413:
      return 'REQUEST.PAYLOAD_TOO_LARGE';
    case 415:
      return 'REQUEST.UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'REQUEST.RATE_LIMITED';
    case 503:
      return 'SERVER.UNAVAILABLE';
    default:
      return undefined;
  }
}

// Fastify's and Nest's messages for client errors are safe to show; they never contain data of ours.
function publicDetail(code: PlatformProblemCode, exception: unknown): string {
  switch (code) {
    case 'REQUEST.MALFORMED_JSON':
      return `The request body is not valid JSON: ${(exception as Error).message}`;
    case 'REQUEST.PAYLOAD_TOO_LARGE':
      return 'The request body exceeds the configured size limit.';
    case 'REQUEST.UNSUPPORTED_MEDIA_TYPE':
      return 'Send the body as application/json.';
    default:
      return (exception as Error).message;
  }
}
