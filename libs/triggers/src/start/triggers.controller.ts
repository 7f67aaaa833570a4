import { Body, Controller, Headers, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import { requestFactsOf, Route } from '@maco/platform';
import { TRIGGER_ROUTE } from './trigger-route';
import { FORMAT_VERSION_HEADER, TriggersService } from './triggers.service';

/** Triggers: the backend starts a process at the middleware (`POST /inbound` there). */
@Controller()
export class TriggersController {
  constructor(private readonly triggers: TriggersService) {}

  /** 201 when the middleware took the trigger, 202 while it is still being delivered; problems otherwise. */
  @Route(TRIGGER_ROUTE)
  async trigger(
    @Param('eventname') eventname: string,
    @Body() body: unknown,
    @Headers(FORMAT_VERSION_HEADER) formatVersion: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const answer = await this.triggers.trigger(eventname, body, {
      formatVersion,
      tokenSubject: principal.subject,
      requestId: request.id,
      jsonText: request.jsonText,
      facts: requestFactsOf(request.raw),
    });
    await reply.status(answer.status === 'sent' ? 201 : 202).send(answer);
  }
}
