/** Violation messages: short sentences naming the expectation, shared so every decorator words it the same way. */
export const MESSAGES = Object.freeze({
  string: 'must be a string',
  number: 'must be a number',
  boolean: 'must be a boolean',
  dateTime: 'must be an RFC 3339 date-time',
  array: 'must be an array',
  object: 'must be an object',
  nonEmptyString: 'must be a non-empty string',
  jsonObject: 'must be a JSON object',
  required: 'is required',
});
