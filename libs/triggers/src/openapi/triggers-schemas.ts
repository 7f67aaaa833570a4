import type { OpenApiObject } from '@maco/platform';

/** `stammdaten` and `transaktionsdaten`: an object, whatever else is wrong with it (missing, null, a list). */
const ENVELOPE_PART = { type: 'object', 'x-invalid': 'an object', 'x-messages': { required: 'must be an object' } };

/**
 * The trigger body's envelope as the route checks it (`bodyCheck`): `stammdaten` and `transaktionsdaten` objects, an
 * optional `zusatzdaten` object with a non-blank `prozessId`; what the event requires is checked against its catalogue.
 */
export const TRIGGER_REQUEST: OpenApiObject = {
  type: 'object',
  description: "A trigger body as the middleware's `/inbound` takes it; members beyond these are passed on unchanged.",
  'x-invalid': 'an object with stammdaten and transaktionsdaten',
  required: ['stammdaten', 'transaktionsdaten'],
  properties: {
    stammdaten: { ...ENVELOPE_PART, description: 'BO4E objects by kind (`MARKTLOKATION`, …), as the event requires.' },
    transaktionsdaten: {
      ...ENVELOPE_PART,
      description:
        'Sender, recipient, dates, … as the event requires; a `pruefidentifikator` is passed on (the middleware ' +
        "derives its own) and names the answer a trigger with `zusatzdaten.targetBusinessKey` gives, when it is one of the event's.",
    },
    zusatzdaten: {
      type: 'object',
      nullable: true,
      'x-invalid': 'an object',
      properties: {
        prozessId: {
          type: 'string',
          nullable: true,
          minLength: 1,
          maxLength: 128,
          pattern: '\\S',
          'x-invalid': 'a non-blank string of at most 128 characters',
          description: 'Our id of the process (a UUID when absent); answers of the partner carry it back.',
        },
        // No type: whatever is sent must be the path's event (a rule in code says so).
        eventname: { description: 'Set from the path; when sent it must be the same.' },
        // No type either: passed on as sent, as before it was read; only a non-blank string links the trigger.
        targetBusinessKey: {
          description:
            "A key of the process the trigger answers (the request's business key or prozessId): links the trigger " +
            "into its chain, and once the middleware accepted it, the answer PI it produces meets that process's " +
            'deadline (docs/deadlines.md). Passed on to the middleware.',
        },
      },
    },
  },
};

/** The group's component schemas: the request, and the 201 and 202 answers. */
export const TRIGGER_SCHEMAS: Record<string, OpenApiObject> = {
  TriggerRequest: TRIGGER_REQUEST,
  TriggerSent: {
    type: 'object',
    required: ['prozessId', 'businessKey', 'eventname', 'status'],
    properties: {
      prozessId: { type: 'string' },
      businessKey: {
        type: 'string',
        nullable: true,
        description: "The middleware's business key of the process (null if it gave none).",
      },
      eventname: { type: 'string' },
      status: { type: 'string', enum: ['sent'] },
    },
  },
  TriggerPending: {
    type: 'object',
    required: ['prozessId', 'eventname', 'status'],
    properties: {
      prozessId: { type: 'string', description: 'Post the same body with this prozessId again to learn the outcome.' },
      eventname: { type: 'string' },
      status: { type: 'string', enum: ['pending'] },
    },
  },
};
