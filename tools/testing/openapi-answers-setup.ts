// eslint-disable-next-line @nx/enforce-module-boundaries -- the record alone (no imports), not the whole @maco/testing
import { openApiViolationError, takeOpenApiViolations } from '../../libs/testing/src/openapi-answer-record';

/**
 * The integration tier's check that the services tell the truth about themselves: every answer a service started by
 * `startTestService` gave during a test is checked against its OpenAPI document as it is sent; the test fails here,
 * after it ran, when any was undocumented or did not validate. What hooks of the file sent is reported after them.
 */
afterEach(() => {
  const violations = takeOpenApiViolations();
  if (violations.length) throw openApiViolationError(violations);
});

afterAll(() => {
  const violations = takeOpenApiViolations();
  if (violations.length) throw openApiViolationError(violations);
});
