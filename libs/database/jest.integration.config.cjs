module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'database:integration',
  rootDir: __dirname,
};
