import { ArgumentsHost, Catch, HttpException, Inject, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_CONFIG } from '../config/service-config.tokens';
import type { ServiceConfig } from '../config/service-config';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';
import { PROBLEMS, type ProblemCode } from './problem-codes';
import { ProblemError } from './problem.error';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Renders every error as `application/problem+json` (RFC 9457); an unreachable database is a 503 with `Retry-After`,
 * other unknown errors a bare 500.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger(ProblemDetailsFilter.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const problem = this.toProblemError(exception);
    const spec = PROBLEMS[problem.code];
    if (spec.status >= 500) {
      this.logger.error({ requestId: request.id, err: exception }, `${request.method} ${request.url} failed`);
    }
    const { errors, ...extensions } = problem.extensions;
    const body = {
      type: this.config.problemTypeBase + spec.slug,
      title: spec.title,
      status: spec.status,
      detail: problem.detail,
      instance: request.url.split('?')[0],
      code: problem.code,
      correlationId: request.id,
      ...extensions,
      ...(errors ? { errors } : {}),
    };
    void reply.status(spec.status).headers(problem.headers).header('content-type', PROBLEM_CONTENT_TYPE).send(body);
  }

  private toProblemError(exception: unknown): ProblemError {
    if (exception instanceof ProblemError) return exception;
    const status = statusOf(exception);
    if (status === undefined && isDatabaseUnavailable(exception)) {
      return new ProblemError(
        'SERVER.UNAVAILABLE',
        'The database is temporarily unavailable. Retry the request later; a booking that did go through is answered as a replay.',
        {},
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
    const code = status ? codeForStatus(status) : undefined;
    if (!code) return new ProblemError('SERVER.INTERNAL', 'The request could not be processed.');
    return new ProblemError(code, publicDetail(code, exception));
  }
}

function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  // Fastify's own errors (body parser, content type, limits) carry a statusCode.
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function codeForStatus(status: number): ProblemCode | undefined {
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
function publicDetail(code: ProblemCode, exception: unknown): string {
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
