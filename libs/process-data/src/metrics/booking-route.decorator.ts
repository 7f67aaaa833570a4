import { RouteConfig } from '@nestjs/platform-fastify';
import type { BookingOperation } from './booking-metrics';

export const BOOKING_OPERATION_CONFIG = 'macoBookingOperation';

/**
 * Marks a handler as a booking route: 4xx answers on it, also those given before the handler runs (401, 403, 413,
 * 415, malformed JSON), count as rejected bookings (409 as conflict). Sets the Fastify route's `config`.
 */
export const BookingRoute = (operation: BookingOperation): MethodDecorator =>
  RouteConfig({ [BOOKING_OPERATION_CONFIG]: operation });

export function bookingOperationOf(config: unknown): BookingOperation | undefined {
  const operation = (config as Record<string, unknown> | undefined)?.[BOOKING_OPERATION_CONFIG];
  return operation === 'create' || operation === 'update' ? operation : undefined;
}
