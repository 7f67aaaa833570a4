import { Body, Controller, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestFactsOf } from '@maco/platform';
import { IdentifyLocationService } from '../identify-location.service';

/** `POST /identifyLocation`: 200 with a JSON array (`[]` when none) and the paging headers `Treffer-…`. */
@Controller()
export class IdentifyLocationController {
  constructor(private readonly locations: IdentifyLocationService) {}

  @Post('identifyLocation')
  async identify(@Body() body: unknown, @Query('command') command: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = await this.locations.identify(body, request.headers, command, requestFactsOf(request.raw));
    await reply.status(200).headers(answer.headers).type('application/json; charset=utf-8').send(answer.body);
  }
}
