import type { ServiceDefinition } from '@maco/platform';
import { PROCESS_DATA_GROUP } from '@maco/process-data';

/** The grid operator (Netzbetreiber) backend: its role and the interface groups it serves. */
export const NB_SERVICE: ServiceDefinition = { role: 'NB', groups: [PROCESS_DATA_GROUP] };
