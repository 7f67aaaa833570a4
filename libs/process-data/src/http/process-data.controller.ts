import { Body, Controller, Headers, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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
  ): Promise<BookingReceipt> {
    return this.processData.update(body, contextOf(command, formatVersion, principal, request));
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
