import { Controller, createParamDecorator, type ExecutionContext, HttpStatus, Inject, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@maco/auth';
import { platformProblem, requestFactsOf, Route, SERVICE_ROLE } from '@maco/platform';
import { BookingJournal } from '../journal/booking-journal';
import { BookingRoute } from '../metrics/booking-route.decorator';
import type { BookingReceipt, JournaledReceipt } from '../process-data-api';
import type { BookingContext } from './booking-context';
import { BOOKING_PARAMETERS, CREATE_ROUTE, ROLE_PARAMETER, UPDATE_ROUTE } from './booking-routes';
import { ProcessDataService } from './process-data.service';

// The names the booking reads, from its routes' description (Node gives header names in lower case).
const COMMAND = BOOKING_PARAMETERS.command.name;
const FORMAT_VERSION = BOOKING_PARAMETERS.formatVersion.name.toLowerCase();

/** What a booking route takes from its request: the body and the facts the booking records beside it. */
interface BookingRequest {
  body: unknown;
  context: BookingContext;
  /** The role segment of a role-structured path (`/prozessdaten/lf/create`), when the request came that way. */
  pathRole?: string;
  /** The request itself, for the write journal (what was received, byte for byte). */
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The booking's body, `command` query parameter, `X-Format-Version` header, principal and request facts as one
 * handler parameter: Nest resolves every decorated parameter through a pipe chain of its own (an async function, a
 * promise and an array per parameter and request), and these routes are the hot path.
 */
const Booking = createParamDecorator((_data: unknown, context: ExecutionContext): BookingRequest => {
  const http = context.switchToHttp();
  const request = http.getRequest<FastifyRequest & { user?: Principal }>();
  return {
    request,
    reply: http.getResponse<FastifyReply>(),
    body: request.body,
    pathRole: (request.params as Record<string, string> | undefined)?.[ROLE_PARAMETER],
    context: {
      command: (request.query as Record<string, unknown> | undefined)?.[COMMAND],
      formatVersion: request.headers[FORMAT_VERSION],
      tokenSubject: request.user?.subject,
      requestId: request.id,
      jsonText: request.jsonText,
      facts: requestFactsOf(request.raw),
    },
  };
});

/**
 * The MaCo "Prozessdaten" interface group: the middleware books market processes here, under each of the names the
 * vendor's documents give the two operations (the paths of `CREATE_ROUTE` and `UPDATE_ROUTE`).
 */
@Controller()
export class ProcessDataController {
  constructor(
    private readonly processData: ProcessDataService,
    private readonly journal: BookingJournal,
    @Inject(SERVICE_ROLE) private readonly role: string,
  ) {}

  @Route(CREATE_ROUTE)
  @BookingRoute('create')
  createProcessData(@Booking() booking: BookingRequest): Promise<BookingReceipt | JournaledReceipt> {
    const { body, context, pathRole, request, reply } = booking;
    this.ownPath(pathRole);
    return this.journal.book(
      'create',
      request,
      reply,
      () => this.processData.journaledReceipt('create', body, context),
      () => this.processData.create(body, context),
    );
  }

  @Route(UPDATE_ROUTE)
  @BookingRoute('update')
  updateProcessData(
    @Booking() booking: BookingRequest,
    // Passed through so the status a MaloIdent answer sets stands.
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookingReceipt | JournaledReceipt> {
    const { body, context, pathRole, request } = booking;
    this.ownPath(pathRole);
    if (!this.processData.isMaloIdentAnswer(body)) {
      return this.journal.book(
        'update',
        request,
        reply,
        () => this.processData.journaledReceipt('update', body, context),
        () => this.processData.update(body, context),
      );
    }
    // The MaloIdent group's contract on this same path: 201 on success.
    void reply.status(HttpStatus.CREATED);
    return this.journal.book(
      'update',
      request,
      reply,
      () => this.processData.journaledMaloIdentReceipt(body, context),
      () => this.processData.answerMaloIdent(body, context),
    );
  }

  /** `/prozessdaten/{role}/…` of another role is no path of this service. */
  private ownPath(pathRole: string | undefined): void {
    if (pathRole !== undefined && pathRole !== this.role.toLowerCase()) {
      throw platformProblem(
        'REQUEST.NOT_FOUND',
        `This service books for role ${this.role}; /prozessdaten/${pathRole}/… is not one of its paths.`,
      );
    }
  }
}
