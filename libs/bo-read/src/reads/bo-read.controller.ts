import { Controller, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestFactsOf, Route } from '@maco/platform';
import { BoReadService } from './bo-read.service';
import { READ_DESCRIPTIONS } from './read-descriptions';
import type { ReadRoute } from './read-routes';

type ReadHandler = (
  this: BoReadController,
  query: Record<string, unknown>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<void>;

/** The BO4E reads of `READ_ROUTES`: one handler per read (named by its operationId), registered from its description below. */
@Controller()
export class BoReadController {
  constructor(private readonly reads: BoReadService) {}

  /** What each read's handler does: check, read, answer the objects' JSON text as it is. */
  async answer(
    route: ReadRoute,
    query: Record<string, unknown>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const answer = await this.reads.read(route, query, requestFactsOf(request.raw));
    await reply.status(200).type('application/json; charset=utf-8').send(answer);
  }
}

// A row of the table is a handler: `@Route(description)` with `@Query() @Req() @Res()`, as if written out 23 times.
const prototype = BoReadController.prototype as unknown as Record<string, ReadHandler>;
for (const [route, description] of READ_DESCRIPTIONS) {
  const name = route.operationId;
  prototype[name] = function (query, request, reply) {
    return this.answer(route, query, request, reply);
  };
  Route(description)(prototype, name, Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor);
  [Query(), Req(), Res()].forEach((parameter, index) => parameter(prototype, name, index));
}
