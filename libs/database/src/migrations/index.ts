import { CreateProcessTables1763700000000 } from './1763700000000-CreateProcessTables';
import { StoreCreateBodyOnce1763800000000 } from './1763800000000-StoreCreateBodyOnce';
import { RevisionFindings1763900000000 } from './1763900000000-RevisionFindings';
import { ProcessKeys1764000000000 } from './1764000000000-ProcessKeys';
import { TriggerDelivery1764100000000 } from './1764100000000-TriggerDelivery';
import { BusinessObjects1764200000000 } from './1764200000000-BusinessObjects';
import { IdentifyLocationIndex1764250000000 } from './1764250000000-IdentifyLocationIndex';
import { PartialPostcodeIndex1764300000000 } from './1764300000000-PartialPostcodeIndex';
import { MaloIdentRequests1764400000000 } from './1764400000000-MaloIdentRequests';
import { OperatorConsoleIndexes1764500000000 } from './1764500000000-OperatorConsoleIndexes';
import { PartitionRevisionsByMonth1764600000000 } from './1764600000000-PartitionRevisionsByMonth';
import { RevisionsWithoutForeignKeys1764700000000 } from './1764700000000-RevisionsWithoutForeignKeys';
import { RevisionTimesWithinRecordTimes1764800000000 } from './1764800000000-RevisionTimesWithinRecordTimes';
import { RefusedMessages1764900000000 } from './1764900000000-RefusedMessages';
import { MeterLocationPostcodeIndex1765000000000 } from './1765000000000-MeterLocationPostcodeIndex';
import { ServiceRole1765100000000 } from './1765100000000-ServiceRole';
import { RevisionHashChain1765200000000 } from './1765200000000-RevisionHashChain';
import { RevisionDialect1765300000000 } from './1765300000000-RevisionDialect';
import { ProcessDeadlines1765400000000 } from './1765400000000-ProcessDeadlines';
import { RevisionReceivedAtBrin1765500000000 } from './1765500000000-RevisionReceivedAtBrin';
import { DeadlineAnsweringProcess1765600000000 } from './1765600000000-DeadlineAnsweringProcess';
import { DeadlineRequestReferences1765700000000 } from './1765700000000-DeadlineRequestReferences';

/** Every migration, oldest first. Listed by class so a bundled build finds them without globbing. */
export const MIGRATIONS = [
  CreateProcessTables1763700000000,
  StoreCreateBodyOnce1763800000000,
  RevisionFindings1763900000000,
  ProcessKeys1764000000000,
  TriggerDelivery1764100000000,
  BusinessObjects1764200000000,
  IdentifyLocationIndex1764250000000,
  PartialPostcodeIndex1764300000000,
  MaloIdentRequests1764400000000,
  OperatorConsoleIndexes1764500000000,
  PartitionRevisionsByMonth1764600000000,
  RevisionsWithoutForeignKeys1764700000000,
  RevisionTimesWithinRecordTimes1764800000000,
  RefusedMessages1764900000000,
  MeterLocationPostcodeIndex1765000000000,
  ServiceRole1765100000000,
  RevisionHashChain1765200000000,
  RevisionDialect1765300000000,
  ProcessDeadlines1765400000000,
  RevisionReceivedAtBrin1765500000000,
  DeadlineAnsweringProcess1765600000000,
  DeadlineRequestReferences1765700000000,
];
