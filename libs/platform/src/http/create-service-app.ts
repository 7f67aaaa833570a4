import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DynamicModule, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ConfigEnvironment } from '../config/config-reader';
import type { ServiceConfig } from '../config/service-config';
import { ServiceConfigModule } from '../config/service-config.module';
import { PinoNestLogger } from '../logging/nest-logger';
import { answerClientError } from './client-error';
import { installJsonBodyParser } from './json-body';

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;
/** Longest path parameter routed (a request line of this is well within Node's 16 KiB header limit). */
const MAX_PARAM_LENGTH = 4096;

/**
 * Creates a service on Fastify with the platform's HTTP rules: JSON bodies only (anything else is
 * 415), a body size limit (413), request ids taken from `X-Request-Id` or generated, and echoed.
 * Not yet listening: call `app.listen`. The groups' configs are read from `options.env` (default `process.env`), the
 * environment `config` came from.
 */
export async function createServiceApp(
  appModule: Type<unknown> | DynamicModule,
  config: ServiceConfig,
  options: { logLevels?: LogLevel[]; env?: ConfigEnvironment } = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    // A path parameter is a key a client chose, as long as the route allows: Fastify's default of 100 characters
    // answered a longer one 414 in Fastify's own format, before the route could answer it with problem details.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    logger: false,
    // Errors Node's HTTP parser reports before Fastify sees a request (oversize headers: 431, garbage: 400).
    clientErrorHandler: (error, socket) => answerClientError(error, socket, config.problemTypeBase),
  });
  const fastify = adapter.getInstance();
  // Fastify parses text/plain by default; this interface takes JSON only.
  fastify.removeContentTypeParser('text/plain');
  installJsonBodyParser(fastify, { maxDepth: config.jsonMaxDepth, maxArrayLength: config.jsonMaxArrayLength });
  // Closing the server only ends connections idle at that moment: a keep-alive connection whose request was in
  // flight would stay open after its answer and hold the shutdown until its timeout. Answers given while closing
  // therefore end their connection.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A JSON answer is never to be sniffed, rendered, framed or referred from (OWASP REST headers); pages such as the
    // console or the API docs set their own policy.
    if (String(reply.getHeader('content-type') ?? '').includes('json')) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      reply.header('referrer-policy', 'no-referrer');
    }
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const app = await NestFactory.create<NestFastifyApplication>(
    { module: ServiceRootModule, imports: [ServiceConfigModule.register(config, options.env), appModule] },
    adapter,
    // autoFlushLogs off: a start that fails is reported by startService alone (one sentence for a StartupError), not
    // also by Nest's buffered stack trace.
    {
      bodyParser: false,
      abortOnError: false,
      bufferLogs: true,
      autoFlushLogs: false,
      ...(options.logLevels ? { logger: options.logLevels } : {}),
    },
  );
  app.useLogger(app.get(PinoNestLogger));
  app.flushLogs();
  app.enableShutdownHooks();
  return app;
}

class ServiceRootModule {}
