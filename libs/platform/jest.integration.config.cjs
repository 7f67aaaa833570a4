module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'platform:integration',
  rootDir: __dirname,
};
