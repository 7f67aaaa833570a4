import { Inject, Injectable } from '@nestjs/common';
import { type Dialect, type MarketRole, receiveBody } from '@maco/domain';
import { type RequestFacts, SERVICE_ROLE } from '@maco/platform';
import { BO_READ_LOG_FIELDS } from '../bo-read.log-fields';
import { boReadProblem } from '../bo-read.problems';
import { BoReadMetrics } from '../metrics/bo-read-metrics';
import { IMPORT_STAMMDATEN } from '../openapi/bo-read-schemas';
import { stammdatenCheck } from '../stammdaten-check';
import { BusinessObjectImportRepository, type ImportOutcome } from './business-object-import.repository';

const checkImport = stammdatenCheck(IMPORT_STAMMDATEN);

/** The refusal's detail in the terms of the body it refuses. */
const MALFORMED: Readonly<Record<Dialect | 'mixed', string>> = {
  de: 'The body must be {"stammdaten": {"KIND": [ … ]}}, the shape the BO4E reads answer.',
  en: 'The body must be {"masterData": {"KIND": [ … ]}}, the shape the BO4E reads answer in English.',
  mixed: 'The body must be in one dialect: {"stammdaten": {"KIND": [ … ]}} or {"masterData": {"KIND": [ … ]}}.',
};

/**
 * Imports master data the company already has (`POST /masterData`, `{"stammdaten": {"KIND": [ … ]}}`, the shape the
 * reads answer) into the role's read model under the booking path's per-kind rules. Objects the rules cannot describe
 * are refused one by one; the others are imported in one statement. An English document (`{"masterData": …}`) is
 * imported in the canonical German form, its refusals pointing into it as sent.
 */
@Injectable()
export class MasterDataImportService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly objects: BusinessObjectImportRepository,
    private readonly metrics: BoReadMetrics,
  ) {}

  async import(body: unknown, facts?: RequestFacts): Promise<ImportOutcome> {
    const received = receiveBody(body);
    const errors = received.ok
      ? checkImport(received.canonical).map((error) => ({ ...error, pointer: received.pointerOf(error.pointer) }))
      : received.errors;
    if (!received.ok || errors.length > 0) {
      throw boReadProblem('BO_READ.IMPORT_MALFORMED', MALFORMED[received.ok ? received.dialect : 'mixed'], { errors });
    }
    const { stammdaten } = received.canonical as { stammdaten: Record<string, unknown> };
    const outcome = await this.objects.import(this.role, stammdaten, received.pointerOf);
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
