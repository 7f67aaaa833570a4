import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type ProblemFieldError, requestFactsOf } from '@maco/platform';
import { OperatorMetrics } from './metrics/operator-metrics';
import { OPERATOR_LOG_FIELDS, type OperatorRead } from './operator.log-fields';
import { operatorProblem } from './operator.problems';

/** What every read of the console does around its query: refuse bad parameters, note the log fields, count it. */
@Injectable()
export class OperatorReads {
  constructor(private readonly metrics: OperatorMetrics) {}

  /** Throws `OPERATOR.INVALID_PARAMETER` naming every bad parameter of the reading; else notes the read's filters. */
  checked(
    read: OperatorRead,
    reading: { errors: ProblemFieldError[]; given: string[] },
    request: FastifyRequest,
  ): void {
    const facts = requestFactsOf(request.raw);
    OPERATOR_LOG_FIELDS.note(facts, {
      operatorRead: read,
      ...(reading.given.length > 0 ? { operatorFilters: reading.given.join(',') } : {}),
    });
    if (reading.errors.length === 0) return;
    this.metrics.read(read, 'invalid');
    const count = reading.errors.length;
    throw operatorProblem(
      'OPERATOR.INVALID_PARAMETER',
      `${count} query parameter${count === 1 ? ' is' : 's are'} invalid.`,
      { errors: reading.errors },
    );
  }

  /** Counts an answered read and notes how many rows it answered and whether it was a first page. */
  answered(read: OperatorRead, request: FastifyRequest, rows: number, nextPage = false): void {
    this.metrics.read(read, 'ok');
    OPERATOR_LOG_FIELDS.note(requestFactsOf(request.raw), {
      operatorRows: String(rows),
      operatorPage: nextPage ? 'next' : 'first',
    });
  }
}
