import { describeRoute, GUARDED_ROUTE_PROBLEMS } from '@maco/platform';
import { JOURNAL_TAG } from '../openapi/route-tags';

/** `GET /journal`: what waits in the instance's write journal (the console's banner reads it). */
export const JOURNAL_USAGE_ROUTE = describeRoute({
  operationId: 'LESEN_SCHREIBJOURNAL',
  method: 'GET',
  paths: ['/journal'],
  auth: 'role+operator',
  tag: JOURNAL_TAG.name,
  summary: 'What waits in the write journal',
  description:
    'The writes this instance kept on its own disk because the database could not take them, not booked yet: how many, ' +
    'their body bytes against `JOURNAL_MAX_BYTES`, the oldest one’s arrival and since when the instance journals. ' +
    'Answers without the database (it reads the journal only).',
  answers: {
    200: {
      description: 'The write journal’s usage',
      schema: {
        type: 'object',
        required: ['role', 'entries', 'bytes', 'maxBytes', 'oldestReceivedAt', 'journalingSince'],
        properties: {
          role: { type: 'string', example: 'LF' },
          entries: { type: 'integer', example: 148 },
          bytes: { type: 'integer', example: 612_004 },
          maxBytes: { type: 'integer', example: 1_073_741_824 },
          oldestReceivedAt: { type: 'string', format: 'date-time', nullable: true },
          journalingSince: { type: 'string', format: 'date-time', nullable: true },
        },
      },
    },
  },
  problems: [...GUARDED_ROUTE_PROBLEMS],
});
