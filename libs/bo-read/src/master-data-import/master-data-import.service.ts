import { Inject, Injectable } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { type RequestFacts, SERVICE_ROLE } from '@maco/platform';
import { BO_READ_LOG_FIELDS } from '../bo-read.log-fields';
import { boReadProblem } from '../bo-read.problems';
import { BoReadMetrics } from '../metrics/bo-read-metrics';
import { IMPORT_STAMMDATEN } from '../openapi/bo-read-schemas';
import { stammdatenCheck } from '../stammdaten-check';
import { BusinessObjectImportRepository, type ImportOutcome } from './business-object-import.repository';

const checkImport = stammdatenCheck(IMPORT_STAMMDATEN);

/**
 * Imports master data the company already has (`POST /masterData`, `{"stammdaten": {"KIND": [ … ]}}`, the shape the
 * reads answer) into the role's read model under the booking path's per-kind rules. Objects the rules cannot describe
 * are refused one by one; the others are imported in one statement.
 */
@Injectable()
export class MasterDataImportService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly objects: BusinessObjectImportRepository,
    private readonly metrics: BoReadMetrics,
  ) {}

  async import(body: unknown, facts?: RequestFacts): Promise<ImportOutcome> {
    const errors = checkImport(body);
    if (errors.length > 0) {
      throw boReadProblem(
        'BO_READ.IMPORT_MALFORMED',
        'The body must be {"stammdaten": {"KIND": [ … ]}}, the shape the BO4E reads answer.',
        { errors },
      );
    }
    const outcome = await this.objects.import(this.role, (body as { stammdaten: Record<string, unknown> }).stammdaten);
    BO_READ_LOG_FIELDS.note(facts, {
      importedCount: String(outcome.imported),
      unchangedCount: String(outcome.unchanged),
      refusedCount: String(outcome.refused.length),
    });
    this.metrics.imported('imported', outcome.imported);
    this.metrics.imported('unchanged', outcome.unchanged);
    this.metrics.imported('refused', outcome.refused.length);
    return outcome;
  }
}
