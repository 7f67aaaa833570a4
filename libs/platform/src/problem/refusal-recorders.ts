import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ProblemDetails } from '../platform-api';
import type { AnswerWithheld } from './answer-withheld';
import type { ProblemError } from './problem.error';

/** What a refused request was answered with: its status and problem-details body. */
export interface RefusalAnswer {
  status: number;
  problem: ProblemDetails;
}

/**
 * Keeps what a group's routes refused. `covers` decides cheaply whether the request is one of its routes; `record`
 * stores it before the answer goes out (the caller may never send it again) and must not throw. When it cannot keep
 * what it must keep (its store is full), it returns the problem to answer instead: a refusal nobody keeps is never
 * answered as if it were kept. Or an {@link AnswerWithheld}, the connection closed: the caller retries that.
 */
export interface RefusalRecorder {
  covers(request: FastifyRequest): boolean;
  record(request: FastifyRequest, answer: RefusalAnswer): Promise<ProblemError | AnswerWithheld | void>;
}

/** The recorders the service's groups registered; the problem-details filter asks them before answering an error. */
@Injectable()
export class RefusalRecorders {
  private readonly recorders: RefusalRecorder[] = [];

  register(recorder: RefusalRecorder): void {
    this.recorders.push(recorder);
  }

  /** The recorder of the request's route, if any group keeps its refusals. */
  for(request: FastifyRequest): RefusalRecorder | undefined {
    return this.recorders.find((recorder) => recorder.covers(request));
  }
}
