import { Controller, createParamDecorator, HttpCode, HttpStatus, Post, Res, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@maco/auth';
import { requestFactsOf } from '@maco/platform';
import { BookingRoute } from '../metrics/booking-route.decorator';
import { FORMAT_VERSION_HEADER, ProcessDataService, type BookingContext, type BookingReceipt } from '../process-data.service';

/** What a booking route takes from its request: the body and the facts the booking records beside it. */
interface BookingRequest {
  body: unknown;
  context: BookingContext;
}

/**
 * The booking's body, `command` query parameter, `X-Format-Version` header, principal and request facts as one
 * handler parameter: Nest resolves every decorated parameter through a pipe chain of its own (an async function, a
 * promise and an array per parameter and request), and these routes are the hot path.
 */
const Booking = createParamDecorator((_data: unknown, context: ExecutionContext): BookingRequest => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Principal }>();
  return {
    body: request.body,
    context: {
      command: (request.query as Record<string, unknown> | undefined)?.['command'],
      formatVersion: request.headers[FORMAT_VERSION_HEADER],
      tokenSubject: request.user?.subject,
      requestId: request.id,
      jsonText: request.jsonText,
      facts: requestFactsOf(request.raw),
    },
  };
});

/** The MaCo "Prozessdaten" interface group: the middleware books market processes here. */
@Controller()
export class ProcessDataController {
  constructor(private readonly processData: ProcessDataService) {}

  @BookingRoute('create')
  @Post('createProcessData')
  @HttpCode(HttpStatus.OK)
  createProcessData(@Booking() { body, context }: BookingRequest): Promise<BookingReceipt> {
    return this.processData.create(body, context);
  }

  @BookingRoute('update')
  @Post('updateProcessData')
  @HttpCode(HttpStatus.OK)
  updateProcessData(@Booking() { body, context }: BookingRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<BookingReceipt> {
    if (!this.processData.isMaloIdentAnswer(body)) return this.processData.update(body, context);
    // The MaloIdent group's contract on this same path: 201 on success.
    void reply.status(HttpStatus.CREATED);
    return this.processData.answerMaloIdent(body, context);
  }
}
