import { BO_READ_GROUP } from '@maco/bo-read';
import { CONSOLE_GROUP } from '@maco/console';
import { OPERATOR_GROUP } from '@maco/operator';
import type { ServiceDefinition } from '@maco/platform';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { TRIGGERS_GROUP } from '@maco/triggers';

/** The metering point operator (Messstellenbetreiber) backend: its role and the interface groups it serves. */
export const MSB_SERVICE: ServiceDefinition = {
  role: 'MSB',
  groups: [PROCESS_DATA_GROUP, TRIGGERS_GROUP, BO_READ_GROUP, OPERATOR_GROUP, CONSOLE_GROUP],
};
