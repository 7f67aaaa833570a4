module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'process-data:integration',
  rootDir: __dirname,
};
