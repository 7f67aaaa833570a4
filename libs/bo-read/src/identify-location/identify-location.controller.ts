import { Body, Controller, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestFactsOf, Route } from '@maco/platform';
import { IdentifyLocationService } from './identify-location.service';
import { IDENTIFY_LOCATION_ROUTE } from './identify-location-route';

/** `POST /identifyLocation`: 200 with a JSON array (`[]` when none) and the paging headers `Treffer-…`. */
@Controller()
export class IdentifyLocationController {
  constructor(private readonly locations: IdentifyLocationService) {}

  @Route(IDENTIFY_LOCATION_ROUTE)
  async identify(
    @Body() body: unknown,
    @Query('command') command: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const answer = await this.locations.identify(body, request.headers, command, requestFactsOf(request.raw));
    await reply.status(200).headers(answer.headers).type('application/json; charset=utf-8').send(answer.body);
  }
}
