// Suites that compose several interface groups (a role's whole service), one folder per group they are about.
module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'integration-tests',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
};
