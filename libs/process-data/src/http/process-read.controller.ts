import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { OperatorReadable } from '@maco/auth';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from '@maco/platform';
import { processDataProblem } from '../process-data.problems';
import { ProcessReadRepository, type ProcessView } from '../process-read.repository';

/** Operators read a process by any key it has carried (bearer token with the service's role, or OPERATOR). */
@Controller('processes')
export class ProcessReadController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly processes: ProcessReadRepository,
  ) {}

  @Get(':key')
  @OperatorReadable()
  async process(@Param('key') key: string, @Query('bodies') bodies: unknown): Promise<ProcessView> {
    if (bodies !== undefined && bodies !== 'true' && bodies !== 'false') {
      throw processDataProblem('REQUEST.VALIDATION_FAILED', 'The bodies query parameter must be true or false.', {
        errors: [{ pointer: '#/bodies', message: 'must be true or false' }],
      });
    }
    const found = await this.processes.findByKey(this.role, key, { bodies: bodies === 'true' });
    if (found.kind === 'found') return found.process;
    if (found.kind === 'unknown') throw processDataProblem('PROCESS_DATA.PROCESS_NOT_FOUND', `No process of role ${this.role} carries the key ${key}.`);
    throw processDataProblem('PROCESS_DATA.KEYS_AMBIGUOUS', `The key ${key} names ${found.businessKeys.length} processes: ${found.businessKeys.join(', ')}.`, {
      businessKeys: found.businessKeys,
    });
  }
}
