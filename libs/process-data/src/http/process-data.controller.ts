import { Body, Controller, Headers, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import { requestFactsOf } from '@maco/platform';
import { BookingRoute } from '../metrics/booking-route.decorator';
import { FORMAT_VERSION_HEADER, ProcessDataService, type BookingContext, type BookingReceipt } from '../process-data.service';

/** The MaCo "Prozessdaten" interface group: the middleware books market processes here. */
@Controller()
export class ProcessDataController {
  constructor(private readonly processData: ProcessDataService) {}

  @BookingRoute('create')
  @Post('createProcessData')
  @HttpCode(HttpStatus.OK)
  createProcessData(
    @Body() body: unknown,
    @Query('command') command: unknown,
    @Headers(FORMAT_VERSION_HEADER) formatVersion: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<BookingReceipt> {
    return this.processData.create(body, contextOf(command, formatVersion, principal, request));
  }

  @BookingRoute('update')
  @Post('updateProcessData')
  @HttpCode(HttpStatus.OK)
  updateProcessData(
    @Body() body: unknown,
    @Query('command') command: unknown,
    @Headers(FORMAT_VERSION_HEADER) formatVersion: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookingReceipt> {
    const context = contextOf(command, formatVersion, principal, request);
    if (!this.processData.isMaloIdentAnswer(body)) return this.processData.update(body, context);
    // The MaloIdent group's contract on this same path: 201 on success.
    void reply.status(HttpStatus.CREATED);
    return this.processData.answerMaloIdent(body, context);
  }
}

function contextOf(command: unknown, formatVersion: unknown, principal: Principal, request: FastifyRequest): BookingContext {
  return {
    command,
    formatVersion,
    tokenSubject: principal.subject,
    requestId: request.id,
    jsonText: request.jsonText,
    facts: requestFactsOf(request.raw),
  };
}
