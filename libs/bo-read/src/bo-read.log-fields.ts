import { defineLogFields, matching, oneOf } from '@maco/platform';
import { LOCATION_TYPES } from '@maco/read-model';
import { IDENTIFY_LOCATION_OPERATION } from './identify-location/identify-location';
import { READ_ROUTES } from './reads/read-routes';

/** What a read adds to its request's log line: the operation, the location it read by, how many objects it found. */
export const BO_READ_LOG_FIELDS = defineLogFields({
  readOperation: oneOf(...READ_ROUTES.map((route) => route.operationId), IDENTIFY_LOCATION_OPERATION),
  locationType: oneOf(...LOCATION_TYPES),
  // Location ids are market identifiers, not personal data (as the MaLo id in other groups' lines).
  locationId: matching(/^[A-Z0-9]{1,40}$/),
  objectCount: matching(/^\d{1,6}$/),
  // `POST /identifyLocation`: how many locations matched in all (`objectCount` is the page).
  totalCount: matching(/^\d{1,9}$/),
  // An import (`POST /masterData`): versions stored, objects unchanged, objects refused.
  importedCount: matching(/^\d{1,6}$/),
  unchangedCount: matching(/^\d{1,6}$/),
  refusedCount: matching(/^\d{1,6}$/),
});
