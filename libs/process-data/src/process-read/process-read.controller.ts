import { Controller, Inject, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { MarketRole } from '@maco/domain';
import {
  readQuery,
  Route,
  SERVICE_CONFIG,
  SERVICE_ROLE,
  type ServiceConfig,
  stringifyWithRawJson,
} from '@maco/platform';
import { processDataProblem } from '../process-data.problems';
import type { ProcessView } from '../process-data-api';
import { currentInDialect } from './current-in-dialect';
import { ProcessReadRepository } from './process-read.repository';
import { PROCESS_READ_ROUTE } from './process-read-routes';

/**
 * Operators read a process by any key it has carried (bearer token with the service's role, or OPERATOR). Its
 * `current` state in the service's dialect (`MACO_DIALECT`); each revision's body as received, with its `dialect`.
 */
@Controller()
export class ProcessReadController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceConfig, 'dialect'>,
    private readonly processes: ProcessReadRepository,
  ) {}

  @Route(PROCESS_READ_ROUTE)
  async process(
    @Param('key') key: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { values, errors } = readQuery(PROCESS_READ_ROUTE.query, query);
    // One parameter: at most one problem.
    if (errors.length > 0)
      throw processDataProblem('REQUEST.VALIDATION_FAILED', `The bodies query parameter ${errors[0].message}.`, {
        errors,
      });
    const found = await this.processes.findByKey(this.role, key, { bodies: values.bodies === 'true' });
    // The stored bodies go out as their text: numbers read back exactly as they were sent.
    if (found.kind === 'found') {
      void reply.header('content-type', 'application/json; charset=utf-8');
      const process = { ...found.process, current: currentInDialect(found.process.current, this.config.dialect) };
      return stringifyWithRawJson(process satisfies ProcessView);
    }
    if (found.kind === 'unknown')
      throw processDataProblem(
        'PROCESS_DATA.PROCESS_NOT_FOUND',
        `No process of role ${this.role} carries the key ${key}.`,
      );
    throw processDataProblem(
      'PROCESS_DATA.KEYS_AMBIGUOUS',
      `The key ${key} names ${found.businessKeys.length} processes: ${found.businessKeys.join(', ')}.`,
      {
        businessKeys: found.businessKeys,
      },
    );
  }
}
