import { Body, Controller, HttpCode, HttpStatus, Module, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MALO_ID_PATTERN } from '@maco/domain';
import {
  defineInterfaceGroup,
  defineLogFields,
  defineProblems,
  type LogFields,
  matching,
  problemFactory,
  requestFactsOf,
  schemaRef,
} from '@maco/platform';

/** A MaloIdent-style answer: 201 on success, and 400 (not the 422 of Prozessdaten) for a body it cannot take. */
export const TEST_IDENT_PROBLEMS = defineProblems({
  'TEST_IDENT.VALIDATION_FAILED': {
    status: 400,
    slug: 'test-ident-invalid',
    title: 'Identification answer is invalid',
  },
});
const testIdentProblem = problemFactory(TEST_IDENT_PROBLEMS);

export const TEST_IDENT_LOG_FIELDS = defineLogFields({ marktlokationsId: matching(MALO_ID_PATTERN) });
/** Fields the group notes without registering them: the request log must leave them out. */
const UNREGISTERED_LOG_FIELDS: LogFields = defineLogFields({ unregisteredField: matching(/^.+$/) });

@Controller()
class TestIdentController {
  @Post('testIdentify')
  @HttpCode(HttpStatus.CREATED)
  identify(@Body() body: unknown, @Req() request: FastifyRequest): { message: string } {
    const id = (body as { marktlokationsId?: unknown } | null)?.marktlokationsId;
    if (typeof id !== 'string' || !MALO_ID_PATTERN.test(id)) {
      throw testIdentProblem('TEST_IDENT.VALIDATION_FAILED', 'marktlokationsId must be 11 digits.', {
        errors: [{ pointer: '#/marktlokationsId', message: 'must be 11 digits' }],
      });
    }
    const facts = requestFactsOf(request.raw);
    TEST_IDENT_LOG_FIELDS.note(facts, { marktlokationsId: id });
    UNREGISTERED_LOG_FIELDS.note(facts, { unregisteredField: 'must not be logged' });
    return { message: `identified ${id}` };
  }
}

@Module({ controllers: [TestIdentController] })
class TestIdentModule {}

/**
 * An interface group made only for tests: what a real group registers (problem codes with their own statuses, log
 * fields, an OpenAPI part), in the smallest form.
 */
export const TEST_IDENT_GROUP = defineInterfaceGroup({
  name: 'test-ident',
  module: TestIdentModule,
  problems: TEST_IDENT_PROBLEMS,
  logFields: TEST_IDENT_LOG_FIELDS,
  openApi: () => ({
    title: 'Test identification',
    description: 'A group of the tests.',
    tags: [{ name: 'Test identification', description: 'Identifies a location.' }],
    paths: {
      '/testIdentify': {
        post: {
          tags: ['Test identification'],
          operationId: 'TEST_IDENTIFY',
          responses: {
            201: {
              description: 'Identified.',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
                },
              },
            },
            400: {
              description: 'Invalid.',
              content: { 'application/problem+json': { schema: schemaRef('ProblemDetails') } },
            },
            401: {
              description: 'No valid token.',
              content: { 'application/problem+json': { schema: schemaRef('ProblemDetails') } },
            },
            403: {
              description: 'The token lacks the role.',
              content: { 'application/problem+json': { schema: schemaRef('ProblemDetails') } },
            },
          },
        },
      },
    },
  }),
});
