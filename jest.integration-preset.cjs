// The integration tier (`*.integration-spec.ts`, target `integration`): suites that talk to a real PostgreSQL, the
// server at DATABASE_URL or one embedded for the run, started by the global setup of this tier only.
const path = require('node:path');
const unit = require('./jest.preset.cjs');

module.exports = {
  ...unit,
  // Hooks start services and create databases; on a busy 2-core CI machine that can pass jest's 5 s default.
  testTimeout: 30_000,
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
  globalSetup: path.join(__dirname, 'tools/testing/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'tools/testing/global-teardown.ts'),
  // Fails a test whose requests got answers that break the service's OpenAPI document (libs/testing openapi-answer-watch).
  setupFilesAfterEnv: [path.join(__dirname, 'tools/testing/openapi-answers-setup.ts')],
};
