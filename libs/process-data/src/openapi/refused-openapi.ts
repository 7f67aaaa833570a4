import { BEARER_SCHEME, problemResponses, schemaRef as ref, type OpenApiContext, type OpenApiObject as JsonSchema } from '@maco/platform';

const TAG = 'Quarantine';
const READ_PROBLEMS = ['AUTH.UNAUTHENTICATED', 'AUTH.ROLE_NOT_PERMITTED', 'SERVER.UNAVAILABLE'];

/** The quarantine's routes (`/refused`): what the write routes refused, for operators. */
export function refusedPaths(context: OpenApiContext): Record<string, JsonSchema> {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const query = (name: string, schema: JsonSchema, description?: string) => ({ name, in: 'query', required: false, schema, ...(description ? { description } : {}) });
  const operation = (operationId: string, summary: string, description: string, parameters: unknown[], success: JsonSchema, problems: string[], body?: JsonSchema) => ({
    tags: [TAG],
    operationId,
    summary,
    description,
    security: [{ [BEARER_SCHEME]: [] }],
    parameters,
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses: { 200: { description: summary, content: { 'application/json': { schema: success } } }, ...problemResponses([...READ_PROBLEMS, ...problems], context, { instance: '/refused' }) },
  });
  return {
    '/refused': {
      get: operation(
        'LESEN_ABGEWIESEN',
        'List refused writes, newest first',
        'Every write of createProcessData/updateProcessData refused after authentication, kept verbatim. Tokens with the service role or OPERATOR.',
        [
          query('state', { type: 'string', enum: ['open', 'resolved', 'dismissed'] }),
          query('code', { type: 'string' }, 'The problem code it was answered with (a MaloIdent answer: its errorCode).'),
          query('pruefidentifikator', { type: 'string', pattern: '^\\d{5}$' }),
          query('operation', { type: 'string', enum: ['create', 'update'] }),
          query('from', { type: 'string', format: 'date-time' }),
          query('to', { type: 'string', format: 'date-time' }),
          query('limit', { type: 'integer', minimum: 1, maximum: 200, default: 50 }),
          query('cursor', { type: 'string' }, 'The nextCursor of the previous page.'),
        ],
        { type: 'object', required: ['items', 'nextCursor'], properties: { items: { type: 'array', items: ref('RefusedSummary') }, nextCursor: { type: 'string', nullable: true } } },
        ['REFUSED.INVALID_PARAMETER'],
      ),
    },
    '/refused/{id}': {
      get: operation('LESEN_ABGEWIESEN_EINTRAG', 'Read one refused write', 'With the problem it was answered, the body (parsed, and as text) and how it ended.', [id], ref('RefusedDetail'), ['REFUSED.NOT_FOUND']),
    },
    '/refused/{id}/resubmit': {
      post: operation(
        'ERNEUT_EINREICHEN',
        'Book a refused write again through the normal path',
        'Outcome booked (with the receipt) or refused (with the problem); twice books once. Service role only.',
        [id],
        { type: 'object', required: ['entry'], properties: { outcome: { type: 'string', enum: ['booked', 'refused'] }, receipt: ref('BookingReceipt'), problem: { type: 'object' }, entry: ref('RefusedDetail') } },
        ['REFUSED.NOT_FOUND', 'REFUSED.DISMISSED'],
      ),
    },
    '/refused/{id}/dismiss': {
      post: operation(
        'VERWERFEN',
        'Dismiss a refused write with a reason',
        'It stays kept, marked dismissed with the reason and who dismissed it. Service role only.',
        [id],
        ref('RefusedDetail'),
        ['REFUSED.NOT_FOUND', 'REFUSED.RESOLVED', 'REQUEST.VALIDATION_FAILED'],
        { type: 'object', required: ['reason'], properties: { reason: { type: 'string', minLength: 1, maxLength: 2000 } } },
      ),
    },
  };
}

export function refusedSchemas(): Record<string, JsonSchema> {
  const text = { type: 'string' };
  const nullableText = { type: 'string', nullable: true };
  const summary = {
    type: 'object',
    required: ['id', 'role', 'operation', 'path', 'status', 'code', 'receivedAt', 'state', 'bodySize'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      role: text,
      operation: { type: 'string', enum: ['create', 'update'] },
      path: text,
      status: { type: 'integer' },
      code: text,
      detail: text,
      pruefidentifikator: nullableText,
      receivedAt: { type: 'string', format: 'date-time' },
      state: { type: 'string', enum: ['open', 'resolved', 'dismissed'] },
      requestId: nullableText,
      tokenSubject: nullableText,
      contentType: nullableText,
      bodySize: { type: 'integer' },
    },
  };
  return {
    RefusedSummary: summary,
    RefusedDetail: {
      allOf: [
        ref('RefusedSummary'),
        {
          type: 'object',
          properties: {
            command: nullableText,
            problem: { type: 'object', description: 'The problem-details body it was answered with.' },
            body: { description: 'The body parsed as JSON; null when it does not parse.', nullable: true },
            bodyText: { type: 'string', description: 'The bytes as received, as UTF-8 text.' },
            resolvedAt: { type: 'string', format: 'date-time', nullable: true },
            resolvedBy: { type: 'string', enum: ['resubmit', 'automatic'], nullable: true },
            resolvedBusinessKey: nullableText,
            resolvedRevision: { type: 'integer', nullable: true },
            dismissedAt: { type: 'string', format: 'date-time', nullable: true },
            dismissedReason: nullableText,
            dismissedBy: nullableText,
          },
        },
      ],
    },
  };
}
