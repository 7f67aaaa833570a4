import { MALO_ID_PATTERN } from '@maco/domain';
import { defineLogFields, matching, oneOf } from '@maco/platform';
import { IDENTIFY_OPERATION, LOCATION_IDENTIFY_OPERATION } from './identify/identify-request';
import { MASTER_DATA_OPERATION } from './master-data/master-data-route';

/** What the MaLo identification adds to its request's log line (no names or addresses: personal data stays out). */
export const MALO_IDENT_LOG_FIELDS = defineLogFields({
  maloIdentOperation: oneOf(IDENTIFY_OPERATION, LOCATION_IDENTIFY_OPERATION, MASTER_DATA_OPERATION, 'RECORDED_REQUEST'),
  candidateCount: matching(/^\d{1,3}$/),
  replayed: oneOf('true', 'false'),
  // The MaLo id read (a market identifier, not personal data).
  locationId: matching(MALO_ID_PATTERN),
});
