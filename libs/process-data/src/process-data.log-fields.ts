import { defineLogFields, matching, oneOf } from '@maco/platform';

/** What a booking adds to its request's log line; values that do not look like what they claim are dropped. */
export const PROCESS_DATA_LOG_FIELDS = defineLogFields({
  operation: oneOf('create', 'update'),
  pruefidentifikator: matching(/^\d{5}$/),
  // A UUID or the sender's technical key.
  businessKey: matching(/^[\w.:-]{1,128}$/),
  // Updates: which of the request's keys found the process.
  matchedBy: oneOf('businessKey', 'targetBusinessKey', 'parentBusinessKey', 'prozessId'),
});
