import { RELEASES, triggerEventNames, type MarketRole } from '@maco/domain';
import { BEARER_SCHEME, problemResponses, schemaRef as ref, type OpenApiContribution, type OpenApiObject as JsonSchema } from '@maco/platform';

const PATH = '/triggers/{eventname}';

/** Problem codes of the route; 401/403 come from the bearer guard, 400/413/415 from Fastify. */
const TRIGGER_ROUTE_PROBLEMS = [
  'REQUEST.MALFORMED_JSON',
  'AUTH.UNAUTHENTICATED',
  'AUTH.ROLE_NOT_PERMITTED',
  'TRIGGER.UNKNOWN_EVENT',
  'TRIGGER.PROZESS_ID_CONFLICT',
  'REQUEST.PAYLOAD_TOO_LARGE',
  'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  'REQUEST.VALIDATION_FAILED',
  'REQUEST.UNKNOWN_RELEASE',
  'TRIGGER.MANDATORY_FIELDS_MISSING',
  'TRIGGER.REJECTED',
  'REQUEST.JSON_LIMIT_EXCEEDED',
  'REQUEST.UNSTORABLE_TEXT',
  'REQUEST.RATE_LIMITED',
  'SERVER.INTERNAL',
  'TRIGGER.DELIVERY_FAILED',
  'TRIGGER.NO_MIDDLEWARE',
  'SERVER.UNAVAILABLE',
];

const STATUS_TEXT: Record<number, string> = {
  404: "The role has no such event in the release (the header's, else the one in force).",
  409: 'The prozessId is taken: by another process, or by this trigger with a different body.',
  422:
    'The trigger cannot be sent as it is (`errors[]` names the fields), or the middleware rejected it: then `errorCode` and ' +
    '`message` are its EVENT_FAIL answer and `prozessId` the process, now `failed`.',
  502: 'The middleware refused the request, or it stayed unreachable for all attempts; `reason` says which. The process is `failed`.',
  503: 'No middleware is configured (`TRIGGER.NO_MIDDLEWARE`), or the database is unreachable: nothing was sent.',
};

/**
 * The group's part of a role's OpenAPI document: `POST /triggers/{eventname}` with the role's events of every
 * release, the 201/202 answers and the problems. Pure: no app, no database, no file access.
 */
export function triggersOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'Triggers',
    description:
      'The backend starts processes at the middleware (MACO APP) with triggers: booked first, then sent to its `POST /inbound`, retried in the background while it is unreachable.',
    tags: [{ name: 'Triggers', description: 'Start a market process at the middleware.' }],
    paths: {
      [PATH]: {
        post: {
          tags: ['Triggers'],
          operationId: 'TRIGGER_EVENT',
          summary: 'Start a process at the middleware',
          description:
            'Checks the body against the event (its required fields in the release), books the process (keyed by ' +
            '`zusatzdaten.prozessId`, a UUID when absent) and sends it to the middleware with `zusatzdaten.prozessId` and ' +
            '`eventname` set. The same prozessId with the same body again is answered from what is stored; nothing is sent twice.',
          security: [{ [BEARER_SCHEME]: [] }],
          parameters: [
            {
              name: 'eventname',
              in: 'path',
              required: true,
              description: `A trigger event of role ${context.role} (the middleware's operationId).`,
              schema: { type: 'string', enum: eventNamesOf(context.role) },
            },
            { $ref: '#/components/parameters/triggerFormatVersion' },
            { $ref: '#/components/parameters/requestId' },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('TriggerRequest'),
                examples: {
                  START_MALOIDENT: {
                    summary: 'LF asks the grid operator to identify a market location',
                    value: {
                      stammdaten: {},
                      transaktionsdaten: {
                        absender: { rollencodenummer: '9900000000003' },
                        empfaenger: { rollencodenummer: '9900000000010', marktrolle: 'NB' },
                        ausfuehrungsdatum: '2026-05-01T22:00:00Z',
                      },
                      zusatzdaten: { prozessId: '0b9f5c3e-2d5a-4c59-9a86-7f7e3b1d2c4a' },
                    },
                  },
                },
              },
            },
          },
          responses: {
            201: {
              description: 'The middleware started the process (EVENT_SUCCESS), or did so for this trigger before.',
              headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
              content: { 'application/json': { schema: ref('TriggerSent') } },
            },
            202: {
              description: 'Booked, not delivered yet (the middleware is unreachable or answered 5xx/429): the service keeps trying.',
              headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
              content: { 'application/json': { schema: ref('TriggerPending') } },
            },
            ...problemResponses(TRIGGER_ROUTE_PROBLEMS, context, { statusText: STATUS_TEXT, instance: '/triggers/START_MALOIDENT', errorsOf }),
          },
        },
      },
    },
    components: {
      parameters: {
        triggerFormatVersion: {
          name: 'X-Format-Version',
          in: 'header',
          required: false,
          description:
            'The release whose event catalogue applies, by name (`04/26`) or format version (`FV2604`); an unknown value is ' +
            '422 `REQUEST.UNKNOWN_RELEASE`. Without it the release in force now applies.',
          schema: { type: 'string', example: '04/26' },
        },
      },
      schemas: { TriggerRequest: triggerRequestSchema(), TriggerSent: triggerSentSchema(), TriggerPending: triggerPendingSchema() },
    },
  });
}

function eventNamesOf(role: MarketRole): string[] {
  return [...new Set(RELEASES.flatMap((release) => triggerEventNames(release.name, role)))].sort();
}

function errorsOf(code: string) {
  if (code === 'TRIGGER.MANDATORY_FIELDS_MISSING') return [{ pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'required by START_MALOIDENT (04/26)' }];
  if (code === 'REQUEST.VALIDATION_FAILED') return [{ pointer: '#/stammdaten', message: 'must be an object' }];
  return undefined;
}

function triggerRequestSchema(): JsonSchema {
  return {
    type: 'object',
    description: "A trigger body as the middleware's `/inbound` takes it; members beyond these are passed on unchanged.",
    required: ['stammdaten', 'transaktionsdaten'],
    properties: {
      stammdaten: { type: 'object', description: 'BO4E objects by kind (`MARKTLOKATION`, …), as the event requires.' },
      transaktionsdaten: { type: 'object', description: 'Sender, recipient, dates, … as the event requires; a `pruefidentifikator` is ignored (the middleware derives it).' },
      zusatzdaten: {
        type: 'object',
        properties: {
          prozessId: { type: 'string', minLength: 1, maxLength: 128, description: 'Our id of the process (a UUID when absent); answers of the partner carry it back.' },
          eventname: { type: 'string', description: 'Set from the path; when sent it must be the same.' },
        },
      },
    },
  };
}

function triggerSentSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['prozessId', 'businessKey', 'eventname', 'status'],
    properties: {
      prozessId: { type: 'string' },
      businessKey: { type: 'string', nullable: true, description: "The middleware's business key of the process (null if it gave none)." },
      eventname: { type: 'string' },
      status: { type: 'string', enum: ['sent'] },
    },
  };
}

function triggerPendingSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['prozessId', 'eventname', 'status'],
    properties: {
      prozessId: { type: 'string', description: 'Post the same body with this prozessId again to learn the outcome.' },
      eventname: { type: 'string' },
      status: { type: 'string', enum: ['pending'] },
    },
  };
}
