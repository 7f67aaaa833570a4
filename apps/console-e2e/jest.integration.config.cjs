// The console in a real browser (Debian's Chromium through playwright-core) against a real LF service: one suite.
// The integration preset (not the unit one): it matches `*.integration-spec.ts` and provides the database.
module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'console-e2e:integration',
  rootDir: __dirname,
  // Starting Chromium and the service on a busy CI machine can take a while; every wait inside is bounded anyway.
  testTimeout: 60_000,
};
