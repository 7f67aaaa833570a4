import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OperatorReadable } from '@maco/auth';
import { requestFactsOf } from '@maco/platform';
import { BoReadService } from '../bo-read.service';
import { READ_PATHS, readRouteAt } from '../read-routes';

/** Every BO4E read of `READ_ROUTES` on one handler: the route table says which read a path is. */
@Controller()
export class BoReadController {
  constructor(private readonly reads: BoReadService) {}

  @Get(READ_PATHS.map((path) => path.slice(1)))
  @OperatorReadable()
  async read(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const route = readRouteAt(request.routeOptions.url ?? '');
    // Unreachable: only the table's paths are registered.
    if (!route) throw new Error(`no read registered at ${request.routeOptions.url}`);
    const answer = await this.reads.read(route, query, requestFactsOf(request.raw));
    await reply.status(200).type('application/json; charset=utf-8').send(answer);
  }
}
