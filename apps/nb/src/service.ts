import { BO_READ_GROUP } from '@maco/bo-read';
import { MALO_IDENT_GROUP } from '@maco/malo-ident';
import type { ServiceDefinition } from '@maco/platform';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { TRIGGERS_GROUP } from '@maco/triggers';

/** The grid operator (Netzbetreiber) backend: its role and the interface groups it serves. */
export const NB_SERVICE: ServiceDefinition = { role: 'NB', groups: [PROCESS_DATA_GROUP, TRIGGERS_GROUP, BO_READ_GROUP, MALO_IDENT_GROUP] };
