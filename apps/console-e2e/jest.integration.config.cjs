// The console in a real browser (Debian's Chromium through playwright-core) against a real LF service: one suite.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'console-e2e',
  rootDir: __dirname,
  // Starting Chromium and the service on a busy CI machine can take a while; every wait inside is bounded anyway.
  testTimeout: 60_000,
};
