module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'nb:integration',
  rootDir: __dirname,
};
