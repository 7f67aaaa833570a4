module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'domain:integration',
  rootDir: __dirname,
};
