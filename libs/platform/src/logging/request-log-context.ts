import { Injectable } from '@nestjs/common';
import { currentRequestFacts, safeBusinessKey, safePruefidentifikator } from './request-facts';

/** What a booking adds to its request's log line. Values that do not look like what they claim are dropped. */
export interface BookingLogFields {
  operation?: 'create' | 'update';
  pruefidentifikator?: unknown;
  businessKey?: unknown;
}

/**
 * Adds booking facts to the one log line of the current request (`role` is on every line already). Safe to call
 * anywhere: outside a request it does nothing. Found through AsyncLocalStorage, so callers need no request object.
 */
@Injectable()
export class RequestLogContext {
  set(fields: BookingLogFields): void {
    const facts = currentRequestFacts();
    if (!facts) return;
    if (fields.operation === 'create' || fields.operation === 'update') facts.operation = fields.operation;
    const pruefidentifikator = safePruefidentifikator(fields.pruefidentifikator);
    if (pruefidentifikator) facts.pruefidentifikator = pruefidentifikator;
    const businessKey = safeBusinessKey(fields.businessKey);
    if (businessKey) facts.businessKey = businessKey;
  }
}
