import { defineLogFields, matching } from '@maco/platform';

/** What a trigger adds to its request's log line; values that do not look like what they claim are dropped. */
export const TRIGGER_LOG_FIELDS = defineLogFields({
  eventname: matching(/^[A-Z][A-Z0-9_]{0,63}$/),
  // Our own UUID, or the caller's technical id.
  prozessId: matching(/^[\w.:-]{1,128}$/),
});
