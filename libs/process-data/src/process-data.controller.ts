import { Body, Controller, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import { ProcessDataService, type BookingReceipt } from './process-data.service';

/** The MaCo "Prozessdaten" interface group: the middleware books market processes here. */
@Controller()
export class ProcessDataController {
  constructor(private readonly processData: ProcessDataService) {}

  @Post('createProcessData')
  @HttpCode(HttpStatus.OK)
  createProcessData(
    @Body() body: unknown,
    @Query('command') command: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<BookingReceipt> {
    return this.processData.create(body, { command, tokenSubject: principal.subject, requestId: request.id, receivedAt: new Date() });
  }

  @Post('updateProcessData')
  @HttpCode(HttpStatus.OK)
  updateProcessData(
    @Body() body: unknown,
    @Query('command') command: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<BookingReceipt> {
    return this.processData.update(body, { command, tokenSubject: principal.subject, requestId: request.id, receivedAt: new Date() });
  }
}
